/**
 * A small consistent store for the consistency checker's tests, built record by record so a test can spoil one
 * field and know exactly which violations follow (the seeded store is too large for exact expectations).
 *
 * The world (ids chosen so each kind is recognisable in a detail):
 * - users 1 (Ann), 2 (Bob), 3 (Cy); organization 10 (created by 1); members 20 (user 1), 21 (user 2);
 * - projects 30 (integration 40, members 1 and 2) and 31 (integration 41, member 1, no sessions and no logs);
 *   project key `key-30`; a knowledgebase and a script queue for project 30;
 * - tokens 50 (scope all) and 51 (selected: project 30); invitations 60 and 61, with outbox emails 70 and 71;
 * - sessions of project 30: 80 (open), 81 (closed), 82 (an open emulator session, no messages);
 * - messages 90 and 91 (session 80), 92 (session 81); execution logs 100 (session 80) and 101 (session 81).
 */
import { KnowledgebaseIndex } from '../rag/knowledgebase-index.js';
import { Runtime } from '../runtime.js';
import { checkConsistency, type Violation } from './consistency.js';
import type { DomainContext } from './context.js';
import { defaultSettings } from './projects.js';
import type { ExecutionLog, Message, Project, Session, State } from './state.js';

/** The world's base instant; every record is created at or after it. */
export const T0 = 1_767_600_000_000;
const MINUTE = 60_000;

export function project(id: number, integrationId: number, memberIds: number[]): Project {
  return {
    id,
    organization_id: 10,
    name: `Project ${id}`,
    app_id: 1,
    project_uid: `uid-${id}`,
    purpose: 'support',
    createdAt: T0,
    updatedAt: T0,
    members: memberIds.map((user_id) => ({ user_id, role: 'member' })),
    integration: { id: integrationId, project_id: id, widget_uid: `widget-${id}` },
    settings: defaultSettings('gpt-4o-mini'),
    retention_duration: 0,
    limits: {},
    creditsUsed: 0,
  };
}

export function session(
  id: number,
  projectId: number,
  minute: number,
  extra: Partial<Session> = {},
): Session {
  return {
    id,
    session_uid: 1000 + id,
    project_id: projectId,
    integration_id: 40,
    status: 'open',
    chat_mode: 'ai',
    state: 'active',
    segment: 'widget',
    country: 'NL',
    created_at: T0 + minute * MINUTE,
    updated_at: T0 + (minute + 1) * MINUTE,
    last_message_time: null,
    last_message: null,
    visitor_id: `visitor-${id}`,
    visitor_data: {},
    contact_data: {},
    session_meta: {},
    is_emulator: false,
    ...extra,
  };
}

export function message(id: number, sessionId: number): Message {
  return {
    id,
    session_id: sessionId,
    send_by: 'user',
    message: 'hello',
    type: 1,
    content_type: 'text',
    rate: '',
    choices: [],
    url: '',
    streaming: false,
    response_source: '',
    createdAt: T0,
  };
}

export function executionLog(id: number, projectId: number, sessionId: number, minute: number): ExecutionLog {
  return {
    id,
    project_id: projectId,
    session_id: sessionId,
    task: 'answer',
    type: 'info',
    message: 'done',
    data: {},
    createdAt: T0 + minute * MINUTE,
  };
}

/** The world described above, in a runtime without the default seed (its store holds only the models). */
export function smallWorld(): { ctx: DomainContext; state: State } {
  const ctx = new Runtime({ fixtures: 'empty' }).domain;
  const state = ctx.state;
  const users: [number, string][] = [
    [1, 'Ann@example.com'],
    [2, 'bob@example.com'],
    [3, 'cy@example.com'],
  ];
  for (const [id, email] of users) state.users.set(id, { id, name: `User ${id}`, email, profile_pic: null });
  state.organizations.set(10, {
    id: 10,
    name: 'Org',
    created_by: 1,
    createdAt: T0,
    updatedAt: T0,
    plan: 'advanced',
    credits: 100,
  });
  for (const [id, user_id] of [
    [20, 1],
    [21, 2],
  ] as const) {
    state.members.set(id, { id, user_id, organization_id: 10, role: 'editor', createdAt: T0, updatedAt: T0 });
  }
  state.projects.set(30, project(30, 40, [1, 2]));
  state.projects.set(31, project(31, 41, [1]));
  state.projectKeys.set('key-30', { value: 'key-30', project_id: 30, createdAt: T0 });
  for (const [id, scope_type, project_ids] of [
    [50, 'all', []],
    [51, 'selected', [30]],
  ] as const) {
    state.tokens.set(id, {
      id,
      organization_id: 10,
      name: `Token ${id}`,
      value: `token-${id}`,
      role: null,
      permissions: [],
      scope_type,
      project_ids: [...project_ids],
      expiration: 'none',
      expires_at: null,
      creator_user_id: 1,
      creator_removed: false,
      status: 'active',
      createdAt: T0,
    });
  }
  for (const [id, emailId] of [
    [60, 70],
    [61, 71],
  ] as const) {
    const email = `guest${id}@example.com`;
    state.invitations.set(id, {
      id,
      organization_id: 10,
      sent_by: 1,
      email,
      role: 'member',
      hash: `hash-${id}`,
      status: 'pending',
      createdAt: T0,
    });
    state.outbox.push({
      id: emailId,
      organization_id: 10,
      invitation_id: id,
      to: email,
      subject: 'Join',
      join_link: `https://example.com/join/${id}`,
      text: 'Join us',
      sentAt: T0,
    });
  }
  state.knowledgebases.set(30, new KnowledgebaseIndex());
  state.ragScripts.set(30, [{ kind: 'text', text: 'scripted' }]);
  state.sessions.set(80, session(80, 30, 10));
  state.sessions.set(81, session(81, 30, 5, { status: 'closed' }));
  state.sessions.set(82, session(82, 30, 20, { is_emulator: true }));
  for (const [id, sessionId] of [
    [90, 80],
    [91, 80],
    [92, 81],
  ] as const) {
    state.messages.set(id, message(id, sessionId));
  }
  state.executionLogs.set(100, executionLog(100, 30, 80, 11));
  state.executionLogs.set(101, executionLog(101, 30, 81, 6));
  return { ctx, state };
}

/** Every violation the checker reports (the default cap of 100 is never reached by these tests). */
export const violationsOf = (ctx: DomainContext): Violation[] => checkConsistency(ctx).violations;
