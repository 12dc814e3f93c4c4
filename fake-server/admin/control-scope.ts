/**
 * What a control request acts on, for secrets scoped to one organization (FAKE-CONTROL-SCOPED-SECRET): the
 * organization of `/organizations/:id/…`, of a project (`/projects/:uid/…`), of a token (`/tokens/:id/…`), or the one
 * named by the body of `POST /projects` and `POST /tokens`; `POST /users` acts on none (a user belongs to no
 * organization until one adds them); anything else acts on the whole fake. A scoped secret passes only where the
 * answer is its own organization (or none).
 */
import type { Context } from 'koa';
import type { DomainContext } from '../domain/context.js';
import { errors } from '../domain/errors.js';
import { readBody } from '../http/body.js';

/** `none`: acts on no organization; `fake`: acts on the whole fake; a number: on that organization. */
export type ControlScope = number | 'none' | 'fake';

const idOf = (text: string | undefined) =>
  text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;

/** The scope of a request to the control API, `path` relative to its prefix. */
export async function scopeOfControlRequest(
  domain: DomainContext,
  ctx: Context,
  path: string,
): Promise<ControlScope> {
  const [first, second] = path.split('/').filter(Boolean);
  const method = ctx.method;
  if (first === 'users' && second === undefined && method === 'POST') return 'none';
  if (first === 'organizations' && second !== undefined) return idOf(second) ?? 'fake';
  if ((first === 'projects' || first === 'tokens') && second === undefined && method === 'POST') {
    const body = (await readBody(ctx, 'json')) as { organization_id?: unknown };
    return typeof body.organization_id === 'number' ? body.organization_id : 'fake';
  }
  if (first === 'projects' && second !== undefined) {
    // An unknown project is the route's own 404, whoever asks.
    return domain.state.projects.byUid(decodeURIComponent(second))?.organization_id ?? 'none';
  }
  if (first === 'tokens' && second !== undefined) {
    const id = idOf(second);
    return (id !== undefined ? domain.state.tokens.get(id)?.organization_id : undefined) ?? 'none';
  }
  return 'fake';
}

/** Refuse (403, the control API's envelope) a request a secret scoped to `organizationId` may not make. */
export async function checkControlScope(
  domain: DomainContext,
  ctx: Context,
  path: string,
  organizationId: number,
): Promise<void> {
  const scope = await scopeOfControlRequest(domain, ctx, path);
  if (scope !== 'none' && scope !== organizationId) throw errors.controlOutOfScope(organizationId);
}
