/** The playground called directly: its emulator sessions, what a call stores, and the response time it reports. */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { createPlaygroundSession, playgroundResponse, responseTime } from './playground.js';
import { findSessionByUid, sessionMessages } from './sessions.js';

function world() {
  const runtime = new Runtime();
  const ctx = runtime.domain;
  const project = Object.values(runtime.seeded!.projects)[0]!;
  const org = ctx.state.organizations.get(project.organization_id)!;
  return { ctx, project, org };
}

describe('playground', () => {
  it('a playground session is an emulator session of the playground [PLAYGROUND-IS-EMULATOR-TRUE, PLAYGROUND-CREATE-DATA]', () => {
    const { ctx, project } = world();
    const created = createPlaygroundSession(ctx, project);
    expect(created).toMatchObject({ project_id: project.id, is_emulator: true });
    expect(findSessionByUid(ctx, project, created.session_uid)).toMatchObject({
      id: created.id,
      segment: 'playground',
      visitor_id: 'playground',
      visitor_data: {},
      session_meta: { emulator: true },
      is_emulator: true,
    });
  });

  it('a call stores the query and the reply, both marked as from the playground [PLAYGROUND-RESPONSE-SHAPE, PLAYGROUND-SESSION-UID-ECHO]', () => {
    const { ctx, project, org } = world();
    const { session_uid } = createPlaygroundSession(ctx, project);
    const answer = playgroundResponse(ctx, org, project, { session_uid, query: 'How do refunds work?' });
    expect(answer.session_uid).toBe(session_uid);
    const session = findSessionByUid(ctx, project, session_uid)!;
    expect(sessionMessages(ctx, session).map((m) => [m.send_by, m.message, m.response_source])).toEqual([
      ['user', 'How do refunds work?', 'playground'],
      ['assistant', answer.message, 'playground'],
    ]);
    expect(answer.response_time).toBe(responseTime(answer.message));
  });

  it('the response time grows with the reply: 0.35 s plus 0.5 ms a character, in milliseconds [PLAYGROUND-RESPONSE-TIME]', () => {
    expect(responseTime('')).toBe(0.35);
    expect(responseTime('x'.repeat(1000))).toBe(0.85);
    expect(responseTime('x'.repeat(3))).toBe(0.352);
  });
});
