/** The widget conversation of the domain called directly: what a session and a turn store. */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { searchKnowledgebase } from './knowledgebase.js';
import { findSessionByUid, sessionMessages } from './sessions.js';
import { createSession, sendMessage } from './widget.js';

function world() {
  const runtime = new Runtime();
  const ctx = runtime.domain;
  const project = Object.values(runtime.seeded!.projects)[0]!;
  const org = ctx.state.organizations.get(project.organization_id)!;
  return { ctx, project, org, widget: project.integration.widget_uid };
}

describe('widget sessions and turns', () => {
  it('a new session is a widget session of an API visitor, not the emulator [CREATE-SESSION-INITIAL-STATE, CREATE-SESSION-LISTED]', () => {
    const { ctx, project, widget } = world();
    const { session_uid } = createSession(ctx, project, widget);
    const session = findSessionByUid(ctx, project, Number(session_uid))!;
    expect(session).toMatchObject({
      segment: 'widget',
      visitor_data: { visitor_id: session.visitor_id },
      session_meta: { source: 'api' },
      is_emulator: false,
      status: 'open',
      state: 'pending',
      chat_mode: 'ai',
      country: '',
    });
    expect(session.visitor_id).toMatch(/^[a-z0-9]{12}$/);
    // Session uids are large integers, growing with each new session.
    const next = Number(createSession(ctx, project, widget).session_uid);
    expect(session.session_uid).toBeGreaterThanOrEqual(1_700_000_000);
    expect(next).toBeGreaterThan(session.session_uid);
  });

  it('a turn stores the question as the visitor’s, the reply as the assistant’s, and three execution logs [SEND-MESSAGE-RECORDED, EXEC-LOGS-FROM-SENDMESSAGE]', () => {
    const { ctx, project, org, widget } = world();
    const { session_uid } = createSession(ctx, project, widget);
    const reply = sendMessage(ctx, org, project, {
      widget_uid: widget,
      session_uid,
      message: 'How do I get a refund?',
    });
    const session = findSessionByUid(ctx, project, Number(session_uid))!;
    const stored = sessionMessages(ctx, session);
    expect(stored.map((m) => [m.send_by, m.message])).toEqual([
      ['user', 'How do I get a refund?'],
      ['assistant', reply.message],
    ]);
    const logs = [...ctx.state.executionLogs.values()].filter((l) => l.session_id === session.id);
    expect(logs.map((l) => [l.task, l.type])).toEqual([
      ['retrieval', 'knowledgebase'],
      ['model_call', 'llm'],
      ['reply', 'message'],
    ]);
    const [retrieval, call, sent] = logs;
    const pointIds = retrieval!.data.point_ids as string[];
    expect(retrieval!.message).toBe(`Retrieved ${pointIds.length} chunk(s)`);
    expect(pointIds.length).toBeGreaterThan(0);
    // Each a point of the project's knowledgebase that the question retrieves.
    const retrievable = searchKnowledgebase(ctx, project, { query: 'How do I get a refund?', limit: 1_000 });
    expect(retrievable.map((h) => h.point_id)).toEqual(expect.arrayContaining(pointIds));
    expect(pointIds.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(retrieval!.data).toMatchObject({
      query: 'How do I get a refund?',
      max_nodes: project.settings.max_nodes,
    });
    expect(call!.message).toBe(`Called ${project.settings.model}`);
    expect(call!.data).toMatchObject({
      model: project.settings.model,
      temperature: project.settings.temperature,
    });
    expect(sent!.message).toBe('Sent the assistant reply');
    expect(sent!.data).toEqual({ message_id: stored[1]!.id, length: reply.message.length });
  });

  it('the next turn retrieves with the visitor’s earlier questions, not the assistant’s replies [SEND-MESSAGE-RECORDED, EXEC-LOGS-FROM-SENDMESSAGE]', () => {
    const { ctx, project, org, widget } = world();
    const { session_uid } = createSession(ctx, project, widget);
    sendMessage(ctx, org, project, { widget_uid: widget, session_uid, message: 'refund policy' });
    sendMessage(ctx, org, project, { widget_uid: widget, session_uid, message: 'and for annual plans?' });
    const session = findSessionByUid(ctx, project, Number(session_uid))!;
    const queries = [...ctx.state.executionLogs.values()]
      .filter((l) => l.session_id === session.id && l.task === 'retrieval')
      .map((l) => l.data.query);
    expect(queries).toEqual(['refund policy', 'refund policy and for annual plans?']);
  });
});
