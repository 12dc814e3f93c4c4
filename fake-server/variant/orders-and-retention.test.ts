/**
 * The variant's orders and retention (FAKE-VARIANT): tie-orders and retention-lazy, both explicit checks inside the
 * domain, against the default fake's answers to the same requests.
 */
import { describe, expect, it } from 'vitest';
import { bothSides, newSession, type Side } from './variant.test-support.js';

/** Two sessions created at the same (frozen) instant, and one turn in the first. */
async function twoSessionsOneTurn(s: Side): Promise<[string, string]> {
  const first = await newSession(s);
  const second = await newSession(s);
  const sent = await s.integration('/api/v1/sendMessage', {
    widget_uid: s.widgetUid,
    session_uid: first,
    message: 'Hi',
  });
  expect(sent.status).toBeLessThan(300);
  return [first, second];
}

describe('tie-orders [FAKE-VARIANT, SESSIONS-ORDER-KEY, SESSION-MESSAGES-ORDER-KEY, EXEC-LOGS-ORDER-KEY, CONC-SEND-MESSAGE-ORDER, CONC-SEND-MESSAGE-TURN-ATOMIC, MODEL-SESSIONS]', () => {
  it('sessions, messages and logs of one instant come by id the other way round; different instants keep their order', async () => {
    const { plain, variant } = bothSides('tie-orders');
    const seen = [];
    for (const s of [plain, variant]) {
      const [first, second] = await twoSessionsOneTurn(s);
      const sessions = await s.form('/api/v1/getSessions', {
        project_uid: s.projectUid,
        orderBy: 'DESC',
        limit: 3,
      });
      const messages = await s.form('/api/v1/getSessionMessages', {
        project_uid: s.projectUid,
        session_uid: first,
      });
      const messagesDesc = await s.form('/api/v1/getSessionMessages', {
        project_uid: s.projectUid,
        session_uid: first,
        orderBy: 'DESC',
      });
      const logs = await s.integration('/api/v1/getChatbotExecutionLogs', { limit: 4 });
      seen.push({
        sessions: sessions.body.data.map((x: { session_uid: number }) => String(x.session_uid)),
        messages: messages.body.data.map((m: { send_by: string }) => m.send_by),
        messagesDesc: messagesDesc.body.data.map((m: { send_by: string }) => m.send_by),
        logs: logs.body.data.map((l: { data: { task: string } }) => l.data.task),
        first,
        second,
      });
    }
    const [a, b] = seen;
    // Default: ties by ascending id in ASC (so DESC lists the latest id first).
    expect(a!.sessions.slice(0, 2)).toEqual([a!.second, a!.first]);
    expect(a!.messages).toEqual(['user', 'assistant']);
    expect(a!.messagesDesc).toEqual(['assistant', 'user']);
    expect(a!.logs.slice(0, 3)).toEqual(['reply', 'model_call', 'retrieval']);
    // Variant: the same keys, ties the other way round.
    expect(b!.sessions.slice(0, 2)).toEqual([b!.first, b!.second]);
    expect(b!.messages).toEqual(['assistant', 'user']);
    expect(b!.messagesDesc).toEqual(['user', 'assistant']);
    expect(b!.logs.slice(0, 3)).toEqual(['retrieval', 'model_call', 'reply']);
    // Older seeded sessions still come after the new ones in DESC: the key is kept.
    expect(b!.sessions[2]).toBe(a!.sessions[2]);
  });
});

describe('tie-orders [FAKE-VARIANT, MEMBERS-ORDER]', () => {
  it('members come by createdAt, ties by descending id (by ascending id by default)', async () => {
    const { plain, variant } = bothSides('tie-orders');
    const ids = async (s: Side) =>
      (await s.platform('/api/v1/getOrganizationMembers', { limit: 100 })).body.data.organizationMember.map(
        (m: { id: number }) => m.id,
      );
    const a = await ids(plain);
    const b = await ids(variant);
    expect(a).toEqual([...a].sort((x: number, y: number) => x - y));
    expect(b).toEqual([...a].reverse()); // the seeded members all joined at the same instant
  });
});

describe('retention-lazy [FAKE-VARIANT, RETENTION-SWEEP, RETENTION-AGE-FROM-LAST-ACTIVITY]', () => {
  it('a session past retention stays until the next whole hour (deleted at once by default)', async () => {
    const { plain, variant } = bothSides('retention-lazy');
    const visible = async (s: Side, uid: string) =>
      (await s.form('/api/v1/getSessionMessages', { project_uid: s.projectUid, session_uid: uid })).status;
    const uids = [];
    for (const s of [plain, variant]) {
      // The clock starts at 09:00:00: the session's last activity is then.
      const uid = await newSession(s);
      const set = await s.platform('/api/v1/updateChatbot', {
        project_uid: s.projectUid,
        retention_duration: 60,
      });
      expect(set.status).toBe(200);
      await s.control('post', '/clock/advance', { minutes: 30 });
      uids.push(uid);
    }
    expect(await visible(plain, uids[0]!)).toBe(404);
    expect(await visible(variant, uids[1]!)).toBe(200);
    await variant.control('post', '/clock/advance', { minutes: 29, seconds: 59 });
    expect(await visible(variant, uids[1]!)).toBe(200);
    await variant.control('post', '/clock/advance', { seconds: 1 }); // 10:00:00, the sweep
    expect(await visible(variant, uids[1]!)).toBe(404);
  });
});
