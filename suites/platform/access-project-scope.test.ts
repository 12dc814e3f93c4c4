/**
 * A token's project scope: `selected` covers the projects chosen at creation and answers 403 elsewhere, `all`
 * covers every project, also those created after the token. The config's `selected` token where it is enough;
 * otherwise tokens and projects made as the provider states `token` and `project`, in that order.
 */
import { describe, expect, it } from 'vitest';
import { expectError, expectSuccess, statusBy } from '../support/envelope.js';
import { FORBIDDEN } from '../support/messages.js';
import { assumed } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import { bodyFor } from '../support/world.js';
import type { Auth } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();

const readOps = ['getProjectUsageLimit', 'getStats', 'getSessions', 'searchIndexDocument'] as const;

/**
 * A success inside the scope, bound to the scope rule that covers the project (`covers`); for getStats, whose access
 * the spec does not give, the fake's choice.
 */
const expectInside = (res: RawResponse, op: (typeof readOps)[number], covers: string) => {
  const inside = () => {
    statusBy(covers, res, 'ok');
    expectSuccess(res, op);
  };
  if (op === 'getStats') assumed('AUTH-GETSTATS-ASSUMED', inside);
  else inside();
};

/** The documented 403 for a project outside the scope, bound to the scope rule; then its envelope and message. */
const expectOutside = (res: RawResponse) => {
  statusBy('AUTH-SCOPE-403', res, 403);
  expectError(res, 403, FORBIDDEN);
};

const read = (op: (typeof readOps)[number], auth: Auth, project_uid: string) =>
  target().call(op, { auth, body: bodyFor(op, { project_uid }) });

/** The project_uids getMyProjects lists for `auth`. */
async function listed(auth: Auth): Promise<string[]> {
  const res = await target().call('getMyProjects', { auth, body: {} });
  return expectSuccess<{ project_uid: string }[]>(res, 'getMyProjects').data.map((x) => x.project_uid);
}

/** A project of the target's organization made now, whose only member is `user_id` (an editor). */
const projectOf = (ctx: Parameters<typeof enterState>[0], user_id: number) =>
  enterState(ctx, target(), 'project', { members: [{ user_id, role: 'editor' }] });

describe('project scope', () => {
  it('a `selected` token works on its project and gets 403 on a project outside its scope [TOKEN-SCOPE-SELECTED, AUTH-SCOPE-403, ERR-403-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['selected'], projectUid: true, otherProjectUid: true });
    const { project_uid, other_project_uid } = target().config;
    const auth: Auth = { token: 'selected' };
    for (const op of readOps) {
      expectInside(await read(op, auth, project_uid!), op, 'TOKEN-SCOPE-SELECTED');
      expectOutside(await read(op, auth, other_project_uid!));
    }
  });

  it('getMyProjects of a `selected` token lists only projects in its scope [TOKEN-SCOPE-SELECTED, PROJECTS-SCOPE-FILTER]', async (ctx) => {
    need(ctx, target(), { tokens: ['selected'], projectUid: true, otherProjectUid: true });
    const uids = await listed({ token: 'selected' });
    // Which projects getMyProjects lists is not shown: the scope filter is the fake's choice.
    assumed('PROJECTS-SCOPE-FILTER', () => {
      expect(uids).toContain(target().config.project_uid);
      expect(uids).not.toContain(target().config.other_project_uid);
    });
  });

  it('scope `all` covers a project created after the token [TOKEN-SCOPE-ALL-FUTURE, TOKEN-SCOPE-VALUES]', async (ctx) => {
    const token = await enterState(ctx, target(), 'token', {
      role: 'editor',
      creator_role: 'editor',
      scope: 'all',
    });
    const later = await projectOf(ctx, token.creator_user_id);
    const auth: Auth = { bearer: token.value };
    for (const op of readOps)
      expectInside(await read(op, auth, later.project_uid), op, 'TOKEN-SCOPE-ALL-FUTURE');
    const uids = await listed(auth);
    assumed('PROJECTS-SCOPE-FILTER', () => expect(uids).toContain(later.project_uid));
  });

  it('scope `selected` does not cover a project created after the token [TOKEN-SCOPE-SELECTED, AUTH-SCOPE-403, TOKEN-SCOPE-VALUES]', async (ctx) => {
    need(ctx, target(), { projectUid: true });
    const project_uid = target().config.project_uid!;
    const token = await enterState(ctx, target(), 'token', {
      role: 'editor',
      creator_role: 'editor',
      scope: 'selected',
      project_uids: [project_uid],
    });
    const later = await projectOf(ctx, token.creator_user_id);
    const auth: Auth = { bearer: token.value };
    for (const op of readOps) {
      expectOutside(await read(op, auth, later.project_uid));
      expectInside(await read(op, auth, project_uid), op, 'TOKEN-SCOPE-SELECTED');
    }
  });

  it('a `selected` token covering several projects works on each of them [TOKEN-SCOPE-SELECTED, TOKEN-SCOPE-VALUES]', async (ctx) => {
    const [a, b, c] = [
      await enterState(ctx, target(), 'project'),
      await enterState(ctx, target(), 'project'),
      await enterState(ctx, target(), 'project'),
    ];
    const token = await enterState(ctx, target(), 'token', {
      role: 'viewer',
      creator_role: 'viewer',
      scope: 'selected',
      project_uids: [a.project_uid, b.project_uid],
      creator_project_uids: [a.project_uid, b.project_uid, c.project_uid],
    });
    const auth: Auth = { bearer: token.value };
    for (const project of [a, b])
      expectInside(
        await read('getProjectUsageLimit', auth, project.project_uid),
        'getProjectUsageLimit',
        'TOKEN-SCOPE-SELECTED',
      );
    expectOutside(await read('getProjectUsageLimit', auth, c.project_uid));
  });
});
