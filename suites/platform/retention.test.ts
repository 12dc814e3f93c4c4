/**
 * Retention: updateChatbot's retention_duration (seconds, 0 = forever) deletes conversation history older than it.
 * Observed through getSessions and getSessionMessages, on the fake's virtual clock.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../contract/index.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { allSessions } from '../support/pages.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { clockNow } from '../support/world.js';

const target = useTarget();
const DAY_S = 86_400;

/** Activity is the last message, else the creation (SESSION-ACTIVITY). */
const lastActivity = (s: Session) => Date.parse(s.last_message_time ?? s.created_at);

async function setRetention(seconds: number) {
  const t = target();
  expectSuccess(
    await t.call('updateChatbot', {
      body: { project_uid: t.config.project_uid, retention_duration: seconds },
    }),
    'updateChatbot',
  );
}

describe('retention [RETENTION-AUTO-DELETE, RETENTION-SECONDS]', () => {
  beforeEach(async (ctx) => {
    need(ctx, target(), { control: true, writes: true, projectUid: true });
    await target().control!.reset();
  });

  it('sessions whose last activity is older than retention_duration are deleted, younger ones kept [SESSION-ACTIVITY, RETENTION-AGE-FROM-LAST-ACTIVITY, RETENTION-SWEEP]', async () => {
    const before = await allSessions(target());
    const now = await clockNow(target().control!);
    const window = 10 * DAY_S;
    const young = before.filter((s) => lastActivity(s) >= now - window * 1000);
    expect(young.length).toBeGreaterThan(0);
    expect(young.length).toBeLessThan(before.length);
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

  it('history ages on the clock: after the window passes, everything older is gone', async () => {
    const before = await allSessions(target());
    expect(before.length).toBeGreaterThan(0);
    await setRetention(DAY_S);
    await target().control!.advance({ days: 60 });
    expect(await allSessions(target())).toEqual([]);
  });

  it('a deleted session has no messages any more [RETENTION-AGE-FROM-LAST-ACTIVITY, SESSION-MESSAGES-UNKNOWN-SESSION]', async () => {
    const [oldest] = [...(await allSessions(target()))].sort((a, b) => lastActivity(a) - lastActivity(b));
    expect(oldest).toBeDefined();
    await setRetention(DAY_S);
    await target().control!.advance({ days: 60 });
    const res = await target().call('getSessionMessages', {
      body: { project_uid: target().config.project_uid, session_uid: oldest!.session_uid },
    });
    // How a deleted session reads is the fake's choice: refused, with its unknown-session 404.
    assumed('RETENTION-AGE-FROM-LAST-ACTIVITY', () => expectRefused(res));
    expectError(res, 404, 'Session not found');
  });

  it('0 keeps history forever [RETENTION-ZERO-FOREVER]', async () => {
    const before = await allSessions(target());
    await setRetention(0);
    await target().control!.advance({ days: 3650 });
    expect((await allSessions(target())).length).toBe(before.length);
  });
});
