/**
 * The widget conversation of the Project Integration API: createSession, then sendMessage turns answered by the
 * canned agent. A closed session is closed for good: the next message starts a new session for the same visitor.
 */
import { agentTurn } from './agent-turn.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import { logReply, writeLog } from './execution-logs.js';
import { openNewSession } from './new-session.js';
import { appendMessage, findSessionByUid, sessionMessages } from './sessions.js';
import type { Organization, Project, Session } from './state.js';

function requireWidget(project: Project, widgetUid: string): void {
  if (project.integration.widget_uid !== widgetUid) throw errors.widgetNotFound();
}

function openSession(domain: DomainContext, project: Project, visitorId: string): Session {
  return openNewSession(domain, project, {
    segment: 'widget',
    visitor_id: visitorId,
    visitor_data: { visitor_id: visitorId },
    session_meta: { source: 'api' },
    is_emulator: false,
  });
}

export function createSession(domain: DomainContext, project: Project, widgetUid: string) {
  requireWidget(project, widgetUid);
  const session = openSession(domain, project, domain.ids.token(12));
  return { session_uid: String(session.session_uid), state: session.state, status: session.status };
}

export interface SendMessageInput {
  widget_uid: string;
  session_uid: string;
  message: string;
}

export function sendMessage(
  domain: DomainContext,
  org: Organization,
  project: Project,
  input: SendMessageInput,
) {
  requireWidget(project, input.widget_uid);
  const found = findSessionByUid(domain, project, Number(input.session_uid));
  if (!found || found.is_emulator) throw errors.sessionNotFound();
  // Closing is permanent: the next interaction starts a new session (SESSION-CLOSED-SENDMESSAGE).
  const closed = found.status === 'closed';
  const history = closed
    ? // Stryker disable next-line ArrayDeclaration: equivalent; agentTurn keeps only the history's user messages, which a placeholder element is not
      []
    : sessionMessages(domain, found).map((m) => ({
        role: m.send_by === 'assistant' ? ('assistant' as const) : ('user' as const),
        content: m.message,
      }));
  // The turn may be refused (credits, model): nothing is stored then, not even the new session.
  const turn = agentTurn(domain, org, project, { query: input.message, history });
  const session = closed ? openSession(domain, project, found.visitor_id) : found;
  appendMessage(domain, session, 'user', input.message);
  writeLog(domain, session, {
    task: 'retrieval',
    type: 'knowledgebase',
    message: `Retrieved ${turn.used.length} chunk(s)`,
    data: {
      query: turn.retrievalQuery,
      point_ids: turn.used.map((h) => h.point_id),
      max_nodes: project.settings.max_nodes,
    },
  });
  writeLog(domain, session, {
    task: 'model_call',
    type: 'llm',
    message: `Called ${turn.model.value}`,
    data: {
      model: turn.model.value,
      credits: turn.credits,
      temperature: project.settings.temperature,
      mode: project.settings.mode,
    },
  });
  const reply = appendMessage(domain, session, 'assistant', turn.text);
  logReply(domain, session, reply);
  // A resolved conversation resumes (SESSION-RESOLVED-RESUMABLE).
  domain.state.sessions.setStatus(session, 'open');
  return {
    send_by: reply.send_by,
    message: reply.message,
    session_uid: String(session.session_uid),
  };
}
