/**
 * The conversation provider states (`project with conversations`, `session idle`, `history past retention`), made by
 * back-dating and observed only through the public API, with the clock where it was.
 */
import { describe, expect, it } from 'vitest';
import { statesFake } from './states.test-support.js';

const NOW = Date.parse('2026-01-05T09:00:00Z');

describe('project with conversations [FAKE-PROVIDER-STATES]', () => {
  it('sessions on the given days with their messages and execution logs [SESSIONS-DATE-FILTER, EXEC-LOGS-PROJECT, SESSION-MESSAGES-DATA-ARRAY]', async () => {
    const f = statesFake();
    const world = await f.enter('project with conversations', {
      sessions: 4,
      messages_per_session: 4,
      dates: ['2025-12-01', '2025-12-24'],
      rate: 'like',
    });
    expect(world.sessions.map((s) => s.created_at)).toEqual([
      '2025-12-01T00:00:00.000Z',
      '2025-12-24T00:00:00.000Z',
      '2025-12-01T00:10:00.000Z',
      '2025-12-24T00:10:00.000Z',
    ]);
    const listed = await f.sessions(world.project_uid);
    expect(listed.map((s) => s.session_uid).sort()).toEqual(world.sessions.map((s) => s.session_uid).sort());
    for (const s of listed) expect(s.status).toBe('closed'); // weeks idle: past the default auto_close_duration
    const december24 = await f.sessions(world.project_uid, f.owner.bearer, {
      from: '2025-12-24',
      to: '2025-12-24',
    });
    expect(december24.map((s) => s.created_at)).toEqual([
      '2025-12-24T00:00:00.000Z',
      '2025-12-24T00:10:00.000Z',
    ]);
    const messages = await f.call('getSessionMessages', f.owner, {
      project_uid: world.project_uid,
      session_uid: world.sessions[0]!.session_uid,
    });
    expect(messages.body.data.map((m: { send_by: string; rate: string }) => [m.send_by, m.rate])).toEqual([
      ['user', ''],
      ['assistant', 'like'],
      ['user', ''],
      ['assistant', 'like'],
    ]);
    const logs = await f.call('getChatbotExecutionLogs', { key: world.project_key }, { limit: 100 });
    expect(logs.body.data).toHaveLength(8);
  });

  it('default: one session a day going back from yesterday; the clock has not moved [SESSIONS-ORDERBY-DEFAULT-ASC]', async () => {
    const f = statesFake();
    const world = await f.enter('project with conversations', { sessions: 3, messages_per_session: 0 });
    expect(world.sessions.map((s) => [s.created_at, s.last_message_time])).toEqual([
      ['2026-01-04T00:00:00.000Z', null],
      ['2026-01-03T00:00:00.000Z', null],
      ['2026-01-02T00:00:00.000Z', null],
    ]);
    expect((await f.sessions(world.project_uid)).map((s) => s.created_at)).toEqual([
      '2026-01-02T00:00:00.000Z',
      '2026-01-03T00:00:00.000Z',
      '2026-01-04T00:00:00.000Z',
    ]);
    const created = await f.call(
      'createSession',
      { key: world.project_key },
      { widget_uid: world.widget_uid },
    );
    const fresh = (await f.sessions(world.project_uid)).find(
      (s) => s.session_uid === Number(created.body.data.session_uid),
    );
    expect(Date.parse(fresh!.created_at)).toBe(NOW);
  });

  it('in the target project: teardown deletes only the sessions it made [FAKE-PROVIDER-STATES]', async () => {
    const f = statesFake();
    const project_uid = f.target.project_uid!;
    const before = (await f.sessions(project_uid)).map((s) => s.session_uid);
    const world = await f.enter('project with conversations', { project_uid, sessions: 2 });
    expect(world.project_uid).toBe(project_uid);
    expect((await f.sessions(project_uid)).length).toBe(before.length + 2);
    const torn = await f.teardown('project with conversations', world.teardown);
    expect(torn.body.data).toEqual({ state: 'project with conversations', undone: 1 });
    expect((await f.sessions(project_uid)).map((s) => s.session_uid)).toEqual(before);
  });

  it('a day after today is refused and nothing is made [FAKE-PROVIDER-STATES]', async () => {
    const f = statesFake();
    const before = (await f.call('getMyProjects', f.owner)).body.total;
    const res = await f.enterRaw({ state: 'project with conversations', params: { dates: ['2026-01-06'] } });
    expect(res.status).toBe(400);
    expect((await f.call('getMyProjects', f.owner)).body.total).toBe(before);
  });
});

describe('session idle [FAKE-PROVIDER-STATES]', () => {
  it('until closed: the next getSessions shows it closed [SESSION-AUTO-CLOSE, SESSION-ACTIVITY]', async () => {
    const f = statesFake();
    const idle = await f.enter('session idle', { until: 'closed', minutes_past: 5 });
    expect(idle.expected_status).toBe('closed');
    expect(Date.parse(idle.last_activity)).toBe(NOW - (idle.auto_close_duration + 5) * 60_000);
    const [session] = await f.sessions(idle.project_uid);
    expect(session).toMatchObject({
      session_uid: idle.session_uid,
      status: 'closed',
      last_message_time: idle.last_activity,
    });
  });

  it('until resolved, with the durations asked: resolved, not closed [SESSION-AUTO-RESOLVE, SESSION-RESOLVED-STATUS-VALUE]', async () => {
    const f = statesFake();
    const idle = await f.enter('session idle', {
      until: 'resolved',
      minutes_past: 0,
      auto_resolve_duration: 30,
      auto_close_duration: 600,
    });
    expect(idle).toMatchObject({
      auto_resolve_duration: 30,
      auto_close_duration: 600,
      expected_status: 'resolved',
    });
    const [session] = await f.sessions(idle.project_uid);
    expect(session!.status).toBe('resolved');
  });

  it('resolved past auto_close_duration is refused: it would close [SESSION-INACTIVITY-PRECEDENCE]', async () => {
    const f = statesFake();
    const res = await f.enterRaw({
      state: 'session idle',
      params: { until: 'resolved', minutes_past: 600, auto_resolve_duration: 30, auto_close_duration: 600 },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid params');
  });

  it('in the target project: teardown deletes the session and puts the durations back [FAKE-PROVIDER-STATES]', async () => {
    const f = statesFake();
    const project_uid = f.target.project_uid!;
    const idle = await f.enter('session idle', {
      project_uid,
      auto_close_duration: 60,
      auto_resolve_duration: 10,
    });
    const closed = (await f.sessions(project_uid, f.owner.bearer, { status: 'closed', limit: 100 })).map(
      (s) => s.session_uid,
    );
    expect(closed).toContain(idle.session_uid);
    await f.teardown('session idle', idle.teardown);
    expect((await f.sessions(project_uid)).map((s) => s.session_uid)).not.toContain(idle.session_uid);
    const createdAfter = await f.enter('session idle', { project_uid });
    expect(createdAfter.auto_close_duration).toBe(1440);
    expect(createdAfter.auto_resolve_duration).toBe(60);
  });
});

describe('history past retention [FAKE-PROVIDER-STATES]', () => {
  it('the expired sessions are gone from getSessions and their messages 404; the kept ones stay [RETENTION-AUTO-DELETE, RETENTION-AGE-FROM-LAST-ACTIVITY, RETENTION-SECONDS]', async () => {
    const f = statesFake();
    const world = await f.enter('history past retention', {
      retention_duration: 3_600,
      expired_sessions: 3,
      kept_sessions: 2,
      past_by_seconds: 1,
    });
    expect(world.retention_duration).toBe(3_600);
    const listed = (await f.sessions(world.project_uid)).map((s) => s.session_uid);
    expect(listed.sort()).toEqual([...world.kept_session_uids].sort());
    for (const session_uid of world.expired_session_uids) {
      const res = await f.call('getSessionMessages', f.owner, {
        project_uid: world.project_uid,
        session_uid,
      });
      expect(res.status).toBe(404);
    }
  });

  it('in the target project: teardown puts the retention back to forever [RETENTION-ZERO-FOREVER]', async () => {
    const f = statesFake();
    const project_uid = f.target.project_uid!;
    const before = (await f.sessions(project_uid)).length;
    const world = await f.enter('history past retention', { project_uid, retention_duration: 30 * 86_400 });
    await f.teardown('history past retention', world.teardown);
    // The seeded history older than 30 days went with the retention; what is left stays, and nothing more goes.
    const after = await f.sessions(project_uid);
    expect(after.length).toBeLessThanOrEqual(before);
    const again = await f.enter('project with conversations', {
      project_uid,
      dates: ['2020-01-01'],
      sessions: 1,
    });
    expect((await f.sessions(project_uid)).map((s) => s.session_uid)).toContain(
      again.sessions[0]!.session_uid,
    );
  });

  it('set_retention false: the retention set through updateChatbot decides, and teardown leaves it [UPDATECHATBOT-RETENTION, RETENTION-SECONDS, RETENTION-ZERO-FOREVER]', async () => {
    const f = statesFake();
    const { project_uid } = await f.enter('project');
    const retain = async (retention_duration: number) =>
      expect((await f.call('updateChatbot', f.owner, { project_uid, retention_duration })).status).toBe(200);
    const uids = async () => (await f.sessions(project_uid)).map((s) => s.session_uid).sort();
    const params = { project_uid, retention_duration: 86_400, set_retention: false };
    // Forever: nothing goes, and the state leaves the retention alone.
    const forever = await f.enter('history past retention', params);
    expect(forever.retention_duration).toBe(0);
    expect(await uids()).toEqual([...forever.expired_session_uids, ...forever.kept_session_uids].sort());
    // A day, set through the API: the older ones go, the younger stay.
    await retain(86_400);
    const day = await f.enter('history past retention', params);
    expect(day.retention_duration).toBe(86_400);
    expect(await uids()).toEqual([...forever.kept_session_uids, ...day.kept_session_uids].sort());
    // An hour: the state's kept sessions (half a day old) go too.
    await retain(3_600);
    const hour = await f.enter('history past retention', params);
    expect(await uids()).toEqual([]);
    // Teardown removes the sessions, not the retention the test set: the next ones go as well.
    expect((await f.teardown('history past retention', hour.teardown)).status).toBe(200);
    await f.enter('history past retention', params);
    expect(await uids()).toEqual([]);
  });
});
