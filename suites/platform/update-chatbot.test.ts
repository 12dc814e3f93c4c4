/** updateChatbot: renaming, retention, validation, project resolution and scope. */
import { describe, expect, it, type TestContext } from 'vitest';
import type { Project } from '../../contract/index.js';
import { cleanUp } from '../support/arrangement.js';
import { expectEnvelope, expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_PARAMS } from '../support/messages.js';
import { listedProject } from '../support/pages.js';
import { assumed } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

const update = (body: Record<string, unknown>, auth?: Auth) => target().call('updateChatbot', { body, auth });

/** The project as getMyProjects (owner token) shows it. */
const listed = (projectUid: string): Promise<Project> => listedProject(target(), projectUid);

const controlView = (uid: string) => target().control!.project(uid);

/**
 * The retention in force for `uid`: the control view on the fake; elsewhere, what the provider state `history past
 * retention` reports when it leaves the retention as it is (`set_retention: false`), the public API showing none.
 */
async function retentionOf(ctx: TestContext, uid: string): Promise<number> {
  const t = target();
  if (t.control) return (await t.control.project(uid)).retention_duration;
  const history = await enterState(ctx, t, 'history past retention', {
    project_uid: uid,
    set_retention: false,
    expired_sessions: 1,
    kept_sessions: 0,
  });
  return history.retention_duration;
}

/** A fresh project of the target's organization (provider state `project`; its members: the owners). */
async function freshProject(ctx: TestContext, name = 'Update chatbot subject'): Promise<string> {
  need(ctx, target(), { tokens: ['owner'], writes: true });
  return (await enterState(ctx, target(), 'project', { name })).project_uid;
}

/** A fresh project whose updatedAt the test reads before and after a move of the fake's clock. */
async function viewedProject(ctx: TestContext, name?: string): Promise<string> {
  need(ctx, target(), { control: 'the clock' });
  return freshProject(ctx, name);
}

describe('updateChatbot name', () => {
  it('renames the project: getMyProjects reports the new name [UPDATECHATBOT-NAME, UPDATECHATBOT-MESSAGE-ONLY, CONV-MESSAGE-ONLY]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const uid = target().config.project_uid!;
    const original = (await listed(uid)).name;
    // Kept short: the longest name a server takes is not shown.
    const renamed = `${original.slice(0, 60)} (renamed)`;
    try {
      expectSuccess(await update({ project_uid: uid, name: renamed }), 'updateChatbot');
      expect((await listed(uid)).name).toBe(renamed);
    } finally {
      expectSuccess(await update({ project_uid: uid, name: original }), 'updateChatbot');
    }
    expect((await listed(uid)).name).toBe(original);
  });

  it('a rename leaves retention as it was [UPDATECHATBOT-NAME, UPDATECHATBOT-PARTIAL]', async (ctx) => {
    const uid = await freshProject(ctx);
    expectSuccess(await update({ project_uid: uid, retention_duration: 7200 }), 'updateChatbot');
    expectSuccess(await update({ project_uid: uid, name: 'Renamed through the API' }), 'updateChatbot');
    expect((await listed(uid)).name).toBe('Renamed through the API');
    const retention = await retentionOf(ctx, uid);
    // The spec does not say of updateChatbot that the fields left out keep their values.
    assumed('UPDATECHATBOT-PARTIAL', () => expect(retention).toBe(7200));
  });

  it('a name is trimmed; 200 characters are accepted [UPDATECHATBOT-NAME-NONEMPTY]', async (ctx) => {
    const uid = await freshProject(ctx);
    expectSuccess(await update({ project_uid: uid, name: '  Padded name  ' }), 'updateChatbot');
    expect((await listed(uid)).name).toBe('Padded name');
    const long = 'n'.repeat(200);
    expectSuccess(await update({ project_uid: uid, name: long }), 'updateChatbot');
    expect((await listed(uid)).name).toBe(long);
  });

  it('an empty, blank, too long or non-string name gets 400 Invalid params and changes nothing [UPDATECHATBOT-NAME-NONEMPTY, ERR-JSON-NO-COERCION]', async (ctx) => {
    const uid = await freshProject(ctx, 'Keeps its name');
    for (const name of ['', '   ', '\t\n', 'n'.repeat(201), 42, null, true, ['a']]) {
      expectError(await update({ project_uid: uid, name }), 400, INVALID_PARAMS);
    }
    expect((await listed(uid)).name).toBe('Keeps its name');
  });
});

describe('updateChatbot retention_duration', () => {
  it('sets the retention in seconds, the one in force after [UPDATECHATBOT-RETENTION, RETENTION-SECONDS]', async (ctx) => {
    const uid = await freshProject(ctx);
    expect(await retentionOf(ctx, uid)).toBe(0);
    for (const seconds of [1, 86_400, 30 * 86_400]) {
      expectSuccess(await update({ project_uid: uid, retention_duration: seconds }), 'updateChatbot');
      expect(await retentionOf(ctx, uid)).toBe(seconds);
    }
  });

  it('0 is accepted and means keep forever (the unset value) [RETENTION-ZERO-FOREVER, UPDATECHATBOT-RETENTION]', async (ctx) => {
    const uid = await freshProject(ctx);
    expectSuccess(await update({ project_uid: uid, retention_duration: 3600 }), 'updateChatbot');
    expectSuccess(await update({ project_uid: uid, retention_duration: 0 }), 'updateChatbot');
    expect(await retentionOf(ctx, uid)).toBe(0);
  });

  it('0 is accepted on any target [RETENTION-ZERO-FOREVER]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    expectSuccess(
      await update({ project_uid: target().config.project_uid, retention_duration: 0 }),
      'updateChatbot',
    );
  });

  it('a negative, fractional or string retention gets 400 Invalid params [RETENTION-NONNEGATIVE, ERR-JSON-NO-COERCION]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    for (const retention_duration of [-1, -86_400, 1.5, 0.1, '3600', '0', '', null, true, [1]]) {
      expectError(
        await update({ project_uid: target().config.project_uid, retention_duration }),
        400,
        INVALID_PARAMS,
      );
    }
  });

  it('a rejected retention changes nothing [RETENTION-NONNEGATIVE, UPDATECHATBOT-ATOMIC]', async (ctx) => {
    const uid = await freshProject(ctx, 'Atomic subject');
    expectSuccess(await update({ project_uid: uid, retention_duration: 600 }), 'updateChatbot');
    for (const retention_duration of [-1, 2.5, '60']) {
      expectError(
        await update({ project_uid: uid, name: 'Should not stick', retention_duration }),
        400,
        INVALID_PARAMS,
      );
    }
    expect(await retentionOf(ctx, uid)).toBe(600);
    expect((await listed(uid)).name).toBe('Atomic subject');
  });
});

describe('updateChatbot with no fields', () => {
  it('only project_uid succeeds [UPDATECHATBOT-NO-FIELDS, UPDATECHATBOT-MESSAGE-ONLY]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const uid = target().config.project_uid!;
    const before = await listed(uid);
    const res = await update({ project_uid: uid });
    // That nothing to change is a success is the fake's choice; a success is message-only (documented).
    assumed('UPDATECHATBOT-NO-FIELDS', () => expectSuccess(res, 'updateChatbot'));
    if (res.status >= 200 && res.status < 300) expectSuccess(res, 'updateChatbot');
    const after = await listed(uid);
    assumed('UPDATECHATBOT-NO-FIELDS', () => expect(after).toEqual(before));
  });

  it('changes nothing, not even updatedAt [UPDATECHATBOT-NO-FIELDS]', async (ctx) => {
    const uid = await viewedProject(ctx, 'Untouched');
    expectSuccess(await update({ project_uid: uid, retention_duration: 120 }), 'updateChatbot');
    const before = await controlView(uid);
    const listedBefore = await listed(uid);
    await target().control!.advance({ minutes: 5 });
    expectSuccess(await update({ project_uid: uid }), 'updateChatbot');
    expect(await controlView(uid)).toEqual(before);
    expect(await listed(uid)).toEqual(listedBefore);
  });

  it('a real change moves updatedAt [UPDATECHATBOT-NAME, UPDATECHATBOT-UPDATEDAT]', async (ctx) => {
    const uid = await viewedProject(ctx, 'Touched');
    const before = await listed(uid);
    await target().control!.advance({ minutes: 5 });
    expectSuccess(await update({ project_uid: uid, name: 'Touched again' }), 'updateChatbot');
    const after = await listed(uid);
    expect(after.name).toBe('Touched again');
    // What updatedAt tracks is not shown.
    assumed('UPDATECHATBOT-UPDATEDAT', () => {
      expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
      expect(after.createdAt).toBe(before.createdAt);
    });
  });
});

describe('updateChatbot project resolution', () => {
  it('without project_uid gets 400 Invalid params [UPDATECHATBOT-PROJECT-UID-REQUIRED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], writes: true });
    for (const body of [{}, { name: 'x' }]) expectError(await update(body), 400, INVALID_PARAMS);
  });

  it('a numeric, empty or null project_uid gets 400 Invalid params [UPDATECHATBOT-PROJECT-UID-REQUIRED, PROJECT-UID-REPRESENTATIONS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], writes: true });
    // How a server reads another representation of project_uid is not shown: it may look it up as unknown.
    for (const project_uid of [12345, '', null]) {
      const res = await update({ project_uid, name: 'x' });
      expectEnvelope(res);
      assumed('PROJECT-UID-REPRESENTATIONS', () => expectError(res, 400, INVALID_PARAMS));
    }
  });

  it('an unknown project_uid gets 404 Project not found [AUTH-UNKNOWN-PROJECT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], writes: true });
    const res = await update({ project_uid: 'no-such-project-uid-0000', name: 'Ghost' });
    expectError(res, 404, 'Project not found');
  });

  it('a project outside a `selected` token scope gets 403 and keeps its name [AUTH-SCOPE-403, ERR-403-MESSAGE, TOKEN-SCOPE-SELECTED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'selected'], otherProjectUid: true, writes: true });
    const other = target().config.other_project_uid!;
    const before = await listed(other);
    const res = await update({ project_uid: other, name: 'Out of scope rename' }, { token: 'selected' });
    expectError(res, 403, FORBIDDEN);
    expect((await listed(other)).name).toBe(before.name);
  });

  it('the `selected` token may update a project inside its scope [TOKEN-SCOPE-SELECTED]', async (ctx) => {
    need(ctx, target(), { tokens: ['selected'], projectUid: true, writes: true });
    const res = await update({ project_uid: target().config.project_uid }, { token: 'selected' });
    expectSuccess(res, 'updateChatbot');
  });
});

describe('updateChatbot access', () => {
  it('a Viewer token gets 403 [AUTH-ROLE-VIEWER-READ-ONLY, ERR-403-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'viewer'], projectUid: true, writes: true });
    const uid = target().config.project_uid!;
    const before = await listed(uid);
    const res = await update({ project_uid: uid, name: 'Viewer rename' }, { token: 'viewer' });
    expectError(res, 403, FORBIDDEN);
    expect((await listed(uid)).name).toBe(before.name);
  });

  it('an Editor token may rename [AUTH-ROLE-EDITOR]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor'], projectUid: true, writes: true });
    const uid = target().config.project_uid!;
    const original = (await listed(uid)).name;
    try {
      expectSuccess(
        await update({ project_uid: uid, name: `${original.slice(0, 60)} (editor)` }, { token: 'editor' }),
        'updateChatbot',
      );
      expect((await listed(uid)).name).toBe(`${original.slice(0, 60)} (editor)`);
    } finally {
      await cleanUp('restoring the name', async () =>
        expectSuccess(await update({ project_uid: uid, name: original }), 'updateChatbot'),
      );
    }
  });
});
