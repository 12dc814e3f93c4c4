/** Test support for the back-dating tests: a seeded domain with a project and a token maker, and the refusal shape. */
import { Runtime } from '../runtime.js';
import { failure } from './errors.test-support.js';
import { createProject } from './projects.js';
import { listSessions } from './sessions.js';
import { createToken } from './tokens.js';

/** A seeded domain, a fresh project of its organization, the time now, tokens of the owner, the project's statuses. */
export function backDatingWorld() {
  const runtime = new Runtime();
  const ctx = runtime.domain;
  const seeded = runtime.seeded!;
  const project = createProject(ctx, { organization_id: seeded.organizationId, name: 'Back-dated' });
  const now = ctx.clock.now();
  const token = (expiration: '7' | 'custom' | 'none', expires_at?: number) =>
    createToken(ctx, {
      organization_id: seeded.organizationId,
      creator_user_id: seeded.users.owner!,
      name: 't',
      role: 'owner',
      expiration,
      ...(expires_at !== undefined ? { expires_at } : {}),
    });
  const statuses = () =>
    listSessions(ctx, project, { limit: 100, page: 1, orderBy: 'ASC' }).items.map((s) => [
      s.session_uid,
      s.status,
    ]);
  return { ctx, project, now, token, statuses };
}

/** Status, message and details of the refusal `fn` throws. */
export function refused(fn: () => unknown) {
  const err = failure(fn);
  return { status: err.status, message: err.message, details: err.details };
}

/** The Invalid params refusal with one detail. */
export const invalid = (path: string, message: string) => ({
  status: 400,
  message: 'Invalid params',
  details: [{ path, message }],
});
