/**
 * Retention: updateChatbot's retention_duration (seconds, 0 = forever) deletes conversation history older than it.
 * Observed through getSessions and getSessionMessages, on the fake's virtual clock.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectSuccess } from '../support/envelope.js';
import { need, useTarget } from '../support/use-target.js';
import { clockNow } from '../support/world.js';

const target = useTarget();
const DAY_S = 86_400;

interface ListedSession {
  session_uid: number;
  created_at: string;
  updated_at: string;
  last_message_time: string | null;
}

async function allSessions(): Promise<ListedSession[]> {
  const t = target();
  const out: ListedSession[] = [];
  for (let page = 1; ; page++) {
    const res = await t.call('getSessions', {
      body: { project_uid: t.config.project_uid, limit: 100, page },
    });
    const { data } = expectSuccess<ListedSession[]>(res, 'getSessions');
    out.push(...data);
    if (data.length < 100) return out;
  }
}

const lastActivity = (s: ListedSession) =>
  Math.max(
    Date.parse(s.created_at),
    Date.parse(s.updated_at),
    s.last_message_time ? Date.parse(s.last_message_time) : 0,
  );

async function setRetention(seconds: number) {
  const t = target();
  expectSuccess(
    await t.call('updateChatbot', {
      body: { project_uid: t.config.project_uid, retention_duration: seconds },
    }),
    'updateChatbot',
  );
}

describe('retention [RETENTION-AUTO-DELETE, RETENTION-SECONDS, RETENTION-AGE-FROM-LAST-ACTIVITY, RETENTION-SWEEP]', () => {
  beforeEach(async (ctx) => {
    need(ctx, target(), { control: true, writes: true, projectUid: true });
    await target().control!.reset();
  });

  it('sessions whose last activity is older than retention_duration are deleted, younger ones kept', async () => {
    const before = await allSessions();
    const now = await clockNow(target().control!);
    const window = 10 * DAY_S;
    const young = before.filter((s) => lastActivity(s) >= now - window * 1000);
    expect(young.length).toBeGreaterThan(0);
    expect(young.length).toBeLessThan(before.length);
    await setRetention(window);
    const after = await allSessions();
    expect(after.map((s) => s.session_uid).sort()).toEqual(young.map((s) => s.session_uid).sort());
  });

  it('history ages on the clock: after the window passes, everything older is gone', async () => {
    const before = await allSessions();
    expect(before.length).toBeGreaterThan(0);
    await setRetention(DAY_S);
    await target().control!.advance({ days: 60 });
    expect(await allSessions()).toEqual([]);
  });

  it('a deleted session has no messages any more', async () => {
    const [oldest] = [...(await allSessions())].sort((a, b) => lastActivity(a) - lastActivity(b));
    expect(oldest).toBeDefined();
    await setRetention(DAY_S);
    await target().control!.advance({ days: 60 });
    const res = await target().call('getSessionMessages', {
      body: { project_uid: target().config.project_uid, session_uid: oldest!.session_uid },
    });
    expectError(res, 404, 'Session not found');
  });

  it('0 keeps history forever [RETENTION-ZERO-FOREVER]', async () => {
    const before = await allSessions();
    await setRetention(0);
    await target().control!.advance({ days: 3650 });
    expect((await allSessions()).length).toBe(before.length);
  });
});
