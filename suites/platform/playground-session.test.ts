/**
 * createPlaygroundAgentSession: the emulator session it creates, its required project_uid, and who may call it. The
 * Conversation Write token is a provider state (`token`), so that cell runs where the target offers it.
 */
import { describe, expect, it } from 'vitest';
import { expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_PARAMS } from '../support/messages.js';
import { expectFields, playgroundOf } from '../support/playground.js';
import { assumed } from '../support/strength.js';
import { enterState, need, stateMissing, useTarget } from '../support/use-target.js';

const target = useTarget();
const pg = playgroundOf(target);

const mainUid = () => target().config.project_uid!;

describe('createPlaygroundAgentSession', () => {
  it('creates an emulator session of the project [PLAYGROUND-CREATE-DATA, RES-PLAYGROUND-SESSION-SHAPE, PLAYGROUND-IS-EMULATOR-TRUE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const org = expectSuccess<{ OrganizationProjects: { id: number; project_uid: string }[] }>(
      await target().call('getOrganizationDetail', { body: {} }),
      'getOrganizationDetail',
    ).data;
    const projectId = org.OrganizationProjects.find((p) => p.project_uid === mainUid())!.id;
    const a = await pg.session();
    const b = await pg.session();
    for (const s of [a, b]) {
      expectFields(s, ['id', 'is_emulator', 'project_id', 'session_uid']);
      expect(s.project_id).toBe(projectId);
      expect(typeof s.is_emulator).toBe('boolean');
      assumed('PLAYGROUND-IS-EMULATOR-TRUE', () => expect(s.is_emulator).toBe(true));
      expect(Number.isInteger(s.session_uid)).toBe(true);
    }
    expect(a.session_uid).not.toBe(b.session_uid);
    expect(a.id).not.toBe(b.id);
  });

  it('requires project_uid [PLAYGROUND-CREATE-PROJECT-UID-REQUIRED, ERR-JSON-NO-COERCION]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    expectError(await target().call('createPlaygroundAgentSession', { body: {} }), 400, INVALID_PARAMS);
    // A number for the project_uid is what a lenient server might take as text: refusing it is the fake's reading.
    const numeric = await target().call('createPlaygroundAgentSession', { body: { project_uid: 7 } });
    assumed('ERR-JSON-NO-COERCION', () => expectError(numeric, 400, INVALID_PARAMS));
  });

  it('is open to the owner and editor tokens, and to Conversation Write [AUTH-ACCESS-CREATEPLAYGROUNDAGENTSESSION]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor'], projectUid: true, writes: true });
    await pg.session(mainUid(), { token: 'editor' });
    // A token with Conversation Write only, where the target can make one (provider state `token`).
    if ((await stateMissing(target(), 'token')) === undefined) {
      const token = await enterState(ctx, target(), 'token', {
        role: 'none',
        permissions: [{ module: 'Conversation', action: 'Write' }],
      });
      const auth = { bearer: token.value };
      await pg.session(mainUid(), auth);
      const session = await pg.session();
      const res = await pg.respond(
        { project_uid: mainUid(), session_uid: session.session_uid, query: 'hello' },
        auth,
      );
      expectError(res, 403, FORBIDDEN);
    }
  });

  it('refuses the viewer token and a token without Conversation Write [AUTH-ACCESS-CREATEPLAYGROUNDAGENTSESSION, AUTH-ROLE-VIEWER-READ-ONLY]', async (ctx) => {
    need(ctx, target(), { tokens: ['viewer', 'fine_grained'], projectUid: true });
    for (const token of ['viewer', 'fine_grained'] as const) {
      const res = await target().call('createPlaygroundAgentSession', {
        body: { project_uid: mainUid() },
        auth: { token },
      });
      expectError(res, 403, FORBIDDEN);
    }
  });
});
