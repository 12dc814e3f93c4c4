/**
 * Retention: updateChatbot's retention_duration (seconds, 0 = forever) deletes conversation history older than it.
 * Observed through getSessions and getSessionMessages. The provider state `history past retention` back-dates
 * sessions on both sides of a retention and lets the deployment's retention job run, so these checks need no clock;
 * with `set_retention: false` the retention in force is the one the test set through updateChatbot. The control API
 * stays for what only a clock shows: history ageing while time passes, and which timestamp the age runs from.
 */
import { beforeEach, describe, expect, it, type TestContext } from 'vitest';
import type { Session } from '../../contract/index.js';
import type { DataOf, ParamsInput } from '../../contract/provider-states/index.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { allSessions } from '../support/pages.js';
import { arranged, assumed } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import { clockNow } from '../support/world.js';

const target = useTarget();
const DAY_S = 86_400;

type History = DataOf<'history past retention'>;

/** Activity is the last message, else the creation (SESSION-ACTIVITY). */
const lastActivity = (s: Session) => Date.parse(s.last_message_time ?? s.created_at);

async function setRetention(seconds: number, project_uid = target().config.project_uid) {
  expectSuccess(
    await target().call('updateChatbot', { body: { project_uid, retention_duration: seconds } }),
    'updateChatbot',
  );
}

/** The session uids getSessions lists in the project, sorted. */
const listedUids = async (project_uid: string): Promise<number[]> =>
  (await allSessions(target(), { project_uid })).map((s) => s.session_uid).sort((a, b) => a - b);

/** History on both sides of a retention, back-dated by the provider state (a fresh project unless one is given). */
async function history(
  ctx: TestContext,
  params: ParamsInput<'history past retention'> = {},
): Promise<History> {
  need(ctx, target(), { writes: true, tokens: ['owner'] });
  return enterState(ctx, target(), 'history past retention', params);
}

/** Hard: the state's expired sessions are gone from getSessions, its kept ones still listed. */
function expectExpiredGone(listed: readonly number[], h: History): void {
  for (const uid of h.expired_session_uids)
    expect(listed, `session ${uid}, older than the retention, is deleted`).not.toContain(uid);
  for (const uid of h.kept_session_uids)
    expect(listed, `session ${uid}, younger than the retention, is kept`).toContain(uid);
}

describe('retention, back-dated by a provider state', () => {
  it('history older than retention_duration seconds is deleted, younger history kept [RETENTION-AUTO-DELETE, RETENTION-SECONDS]', async (ctx) => {
    // A day: sessions 25 hours idle go, 12 hours idle stay (minutes or milliseconds would keep or drop them all).
    const h = await history(ctx, { retention_duration: DAY_S, expired_sessions: 2, kept_sessions: 2 });
    arranged(
      ctx,
      h.expired_session_uids.length === 2 && h.kept_session_uids.length === 2,
      'the provider state did not make 2 sessions on each side of the retention',
    );
    expectExpiredGone(await listedUids(h.project_uid), h);
  });

  it('a deleted session has no messages any more [RETENTION-AUTO-DELETE, RETENTION-AGE-FROM-LAST-ACTIVITY, SESSION-MESSAGES-UNKNOWN-SESSION]', async (ctx) => {
    const h = await history(ctx, { expired_sessions: 1, kept_sessions: 0 });
    const res = await target().call('getSessionMessages', {
      body: { project_uid: h.project_uid, session_uid: h.expired_session_uids[0] },
    });
    // Deleted history is not served (documented: it is deleted); how a deleted session reads is the fake's choice:
    // refused, with its unknown-session 404.
    if (res.status >= 200 && res.status < 300)
      expect(expectSuccess<unknown[]>(res, 'getSessionMessages').data, 'messages of deleted history').toEqual(
        [],
      );
    assumed('RETENTION-AGE-FROM-LAST-ACTIVITY', () => expectRefused(res));
    expectError(res, 404, 'Session not found');
  });

  it('the retention_duration set through updateChatbot is the one in force, in seconds, and a change takes effect [UPDATECHATBOT-RETENTION, RETENTION-SECONDS, RETENTION-AUTO-DELETE, RETENTION-ZERO-FOREVER]', async (ctx) => {
    need(ctx, target(), { writes: true, tokens: ['owner'] });
    const { project_uid } = await enterState(ctx, target(), 'project');
    // The state places sessions around a day and leaves the retention alone: the project's decides what goes.
    const around = { project_uid, retention_duration: DAY_S, set_retention: false };

    await setRetention(DAY_S, project_uid);
    const day = await history(ctx, around);
    expectExpiredGone(await listedUids(project_uid), day);

    // An hour: everything so far (12 hours idle and more) goes.
    await setRetention(3_600, project_uid);
    const hour = await history(ctx, around);
    arranged(
      ctx,
      hour.expired_session_uids.length + hour.kept_session_uids.length > 0,
      'the provider state made no session',
    );
    expect(await listedUids(project_uid)).toEqual([]);

    // 0: kept forever, however old.
    await setRetention(0, project_uid);
    const forever = await history(ctx, around);
    expect(await listedUids(project_uid)).toEqual(
      [...forever.expired_session_uids, ...forever.kept_session_uids].sort((a, b) => a - b),
    );
  });
});

describe("retention on the fake's clock", () => {
  beforeEach(async (ctx) => {
    need(ctx, target(), { control: 'the clock', writes: true, projectUid: true });
    await target().control!.reset();
  });

  it('sessions whose last activity is older than retention_duration are deleted, younger ones kept [RETENTION-AUTO-DELETE, RETENTION-SECONDS, SESSION-ACTIVITY, RETENTION-AGE-FROM-LAST-ACTIVITY, RETENTION-SWEEP]', async (ctx) => {
    const before = await allSessions(target());
    const now = await clockNow(target().control!);
    const window = 10 * DAY_S;
    const young = before.filter((s) => lastActivity(s) >= now - window * 1000);
    arranged(
      ctx,
      young.length > 0 && young.length < before.length,
      'the seed has no sessions on both sides of a 10-day window',
    );
    await setRetention(window);
    const after = await allSessions(target());
    const uids = after.map((s) => s.session_uid).sort();
    // Younger than the window by any measure: kept (documented: only older history is deleted).
    const created = before.filter((s) => Date.parse(s.created_at) >= now - window * 1000);
    for (const s of created) expect(uids, `session ${s.session_uid}`).toContain(s.session_uid);
    // Aged from the last activity and deleted at once: the fake's choices.
    const exactly = () => expect(uids).toEqual(young.map((s) => s.session_uid).sort());
    for (const id of ['RETENTION-AGE-FROM-LAST-ACTIVITY', 'RETENTION-SWEEP', 'SESSION-ACTIVITY'])
      assumed(id, exactly);
  });

  it('history ages on the clock: after the window passes, everything older is gone [RETENTION-AUTO-DELETE]', async (ctx) => {
    const before = await allSessions(target());
    arranged(ctx, before.length > 0, 'the seed has no session');
    await setRetention(DAY_S);
    await target().control!.advance({ days: 60 });
    expect(await allSessions(target())).toEqual([]);
  });

  it('0 keeps history forever, ten years on [RETENTION-ZERO-FOREVER]', async () => {
    const before = await allSessions(target());
    await setRetention(0);
    await target().control!.advance({ days: 3650 });
    expect((await allSessions(target())).length).toBe(before.length);
  });
});
