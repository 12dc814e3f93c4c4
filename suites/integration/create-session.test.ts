/**
 * createSession (project key): widget_uid, the session it returns, and how getSessions (Bearer) lists that session.
 * A wrong widget_uid gets 404 `Widget not found`.
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../contract/index.js';
import { foreignProjectOf } from '../support/arranged-world.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import { allSessions, listedProject } from '../support/pages.js';
import { expectNotCoerced } from '../support/representations.js';
import { assumed, continueIfAssumedHeld, documented } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

const WIDGET_NOT_FOUND = 'Widget not found';

interface Created {
  session_uid: string;
  state: string;
  status: string;
}

const widget = () => target().config.widget_uid!;

const createSession = (body: unknown, auth?: Auth) => target().call('createSession', { body, auth });

async function created(body: unknown = { widget_uid: widget() }, auth?: Auth): Promise<Created> {
  return expectSuccess<Created>(await createSession(body, auth), 'createSession').data;
}

/** The session getSessions lists with this numeric session_uid, or undefined. */
async function listed(session_uid: number, project_uid?: string): Promise<Session | undefined> {
  const filters = project_uid ? { project_uid } : {};
  return (await allSessions(target(), filters)).find((s) => s.session_uid === session_uid);
}

describe('createSession', () => {
  it('with the widget_uid, returns session_uid as a string of digits, state pending and status open, with HTTP 200 [CREATE-SESSION-WIDGET-UID, SESSION-CREATE-UID-STRING, SESSION-UID-SAME-VALUE, CREATE-SESSION-INITIAL-STATE, SESSION-NEW-STATE-PENDING, SESSION-NEW-STATUS-OPEN, CONV-SUCCESS-200, AUTH-KEY-HEADER]', async (ctx) => {
    need(ctx, target(), { writes: true, projectKey: true, widgetUid: true });
    const res = await createSession({ widget_uid: widget() });
    const first = expectSuccess<Created>(res, 'createSession').data;
    assumed('CONV-SUCCESS-200', () => expect(res.status).toBe(200));
    const second = await created();
    for (const { session_uid } of [first, second]) {
      // A number written as text (documented); in decimal digits, the fake's.
      documented('SESSION-CREATE-UID-STRING', () => {
        expect(typeof session_uid).toBe('string');
        expect(session_uid.trim(), 'a number written as text').not.toBe('');
        expect(Number.isFinite(Number(session_uid)), 'a number written as text').toBe(true);
      });
      assumed('SESSION-UID-SAME-VALUE', () => expect(session_uid).toMatch(/^\d+$/));
    }
    documented(['SESSION-NEW-STATE-PENDING', 'CREATE-SESSION-INITIAL-STATE'], () =>
      expect(first.state).toBe('pending'),
    );
    documented(['SESSION-NEW-STATUS-OPEN', 'CREATE-SESSION-INITIAL-STATE'], () =>
      expect(first.status).toBe('open'),
    );
    documented('CREATE-SESSION-WIDGET-UID', () =>
      expect(second.session_uid, 'each call creates a new session').not.toBe(first.session_uid),
    );
  });

  it('requires widget_uid [CREATE-SESSION-WIDGET-UID-REQUIRED]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    // The key names the project: a server may take the widget from it. Refusing a body without it is the fake's.
    const none = await createSession({});
    const misnamed = await createSession({ widget: target().config.widget_uid ?? 'w' });
    assumed('CREATE-SESSION-WIDGET-UID-REQUIRED', () => {
      expectError(none, 400, INVALID_PARAMS);
      expectError(misnamed, 400, INVALID_PARAMS);
    });
  });

  it.for([123, null, true, ['widget'], { widget_uid: 'w' }])(
    'rejects widget_uid %j, which is not a string [ERR-JSON-NO-COERCION, ERR-NULL-NOT-ABSENT, INTEGRATION-WRONG-JSON-TYPE]',
    async (widget_uid, ctx) => {
      need(ctx, target(), { projectKey: true });
      expectNotCoerced(await createSession({ widget_uid }), widget_uid);
    },
  );

  it('a widget_uid that is not the widget of the key’s project gets 404 Widget not found [INTEGRATION-WIDGET-MISMATCH]', async (ctx) => {
    need(ctx, target(), { projectKey: true, widgetUid: true });
    for (const widget_uid of ['no-such-widget', `${widget()}x`, `${widget().toUpperCase()}-`])
      expectError(await createSession({ widget_uid }), 404, WIDGET_NOT_FOUND);
  });

  it('the widget of another project of the organization is refused with this key [INTEGRATION-WIDGET-MISMATCH]', async (ctx) => {
    need(ctx, target(), { projectKey: true, widgetUid: true, tokens: ['owner'], otherProjectUid: true });
    const other = await listedProject(target(), target().config.other_project_uid!);
    expect(other.integration_setting.widget_uid).not.toBe(widget());
    expectError(
      await createSession({ widget_uid: other.integration_setting.widget_uid }),
      404,
      WIDGET_NOT_FOUND,
    );
  });

  it('the configured widget_uid is the integration widget of the configured project [INTEGRATION-WIDGET-MISMATCH]', async (ctx) => {
    need(ctx, target(), { widgetUid: true, tokens: ['owner'], projectUid: true });
    const project = await listedProject(target(), target().config.project_uid!);
    expect(project.integration_setting.widget_uid).toBe(widget());
  });

  it('another project’s key creates sessions on that project’s widget only [INTEGRATION-WIDGET-MISMATCH, CREATE-SESSION-LISTED]', async (ctx) => {
    need(ctx, target(), { writes: true, tokens: ['owner'], projectKey: true, widgetUid: true });
    const project = await foreignProjectOf(ctx, target());
    const key = project.project_key;
    expect(key.startsWith('apk-')).toBe(true);
    const auth = { apiKey: key };
    const theirs = await created({ widget_uid: project.widget_uid }, auth);
    expect(theirs.status).toBe('open');
    expectError(await createSession({ widget_uid: widget() }, auth), 404, WIDGET_NOT_FOUND);
    expectError(await createSession({ widget_uid: project.widget_uid }), 404, WIDGET_NOT_FOUND);
    // The session is the other project's: not listed on the configured one.
    expect(await listed(Number(theirs.session_uid))).toBeUndefined();
  });

  it('the new session is listed by getSessions with the same numeric session_uid, state pending, status open and no message yet [CREATE-SESSION-LISTED, SESSION-UID-SAME-VALUE, SESSION-INTEGRATION-ID, RES-SESSION-NULLABLE-LAST-MESSAGE, SESSION-NEW-STATE-PENDING, SESSION-NEW-STATUS-OPEN]', async (ctx) => {
    need(ctx, target(), {
      writes: true,
      projectKey: true,
      widgetUid: true,
      tokens: ['owner'],
      projectUid: true,
    });
    const project = await listedProject(target(), target().config.project_uid!);
    const { session_uid } = await created();
    // Finding the session by the number its session_uid text spells is the fake's choice (SESSION-UID-SAME-VALUE).
    const session = await listed(Number(session_uid));
    const isListed = assumed('CREATE-SESSION-LISTED', () =>
      expect(session, `getSessions lists session ${session_uid}`).toBeDefined(),
    );
    continueIfAssumedHeld(
      isListed && session !== undefined,
      'CREATE-SESSION-LISTED',
      'the rest of this test',
    );
    if (!session) return;
    expect(typeof session.session_uid).toBe('number');
    assumed('SESSION-UID-SAME-VALUE', () => expect(String(session.session_uid)).toBe(session_uid));
    expect(session.project_id).toBe(project.id);
    // Which integration_id a widget session reports is not shown: the fake's is its project's integration_setting.
    assumed('SESSION-INTEGRATION-ID', () =>
      expect(session.integration_id).toBe(project.integration_setting.id),
    );
    expect(session.state).toBe('pending');
    expect(session.status).toBe('open');
    assumed('RES-SESSION-NULLABLE-LAST-MESSAGE', () => {
      expect(session.last_message).toBeNull();
      expect(session.last_message_time).toBeNull();
    });
    const open = await allSessions(target(), { status: 'open' });
    expect(open.map((s) => s.session_uid)).toContain(session.session_uid);
  });

  it('the new session is not listed on another project [CREATE-SESSION-LISTED]', async (ctx) => {
    need(ctx, target(), {
      writes: true,
      projectKey: true,
      widgetUid: true,
      tokens: ['owner'],
      otherProjectUid: true,
    });
    const { session_uid } = await created();
    expect(await listed(Number(session_uid), target().config.other_project_uid!)).toBeUndefined();
  });
});
