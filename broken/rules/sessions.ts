/** Form encoding, session state, session messages and execution logs. */
import { editJson, INVALID_PARAMS, isForm, refusal } from '../bodies.js';
import type { BreakingRule } from '../rule.js';
import { withDefaultOrder } from './bends.js';
import { isOperation } from './match.js';

type Message = { send_by?: unknown };
const asBot = (m: Message) => (m.send_by === 'assistant' ? { ...m, send_by: 'bot' } : m);

export const sessionRules: BreakingRule[] = [
  {
    id: 'sessions-json-only',
    name: 'getSessions reads only JSON bodies: a form-urlencoded request gets 400 Invalid params',
    clause: 'SESSIONS-FORM-ENCODED',
    alsoRed: [
      {
        clause: 'CONV-FORM-ENCODED',
        why: 'the General conventions say the same of getSessions: it is one of the two operations that take a form-urlencoded body',
      },
    ],
    section: 'form encoding',
    caughtBy: 'suites/platform/sessions.test.ts',
    start: () => ({
      request: (req) =>
        isOperation(req, '/getSessions') && isForm(req) ? refusal(400, INVALID_PARAMS) : req,
    }),
  },
  {
    id: 'new-session-state-open',
    name: 'createSession answers state `open` (the status copied into state) instead of `pending`',
    clause: 'SESSION-NEW-STATE-PENDING',
    alsoRed: [
      {
        clause: 'CREATE-SESSION-INITIAL-STATE',
        why: 'createSession\'s own clause quotes the same sentence ("a newly created session has `pending`"): the state of the session it creates',
      },
    ],
    section: 'session state',
    caughtBy: 'suites/integration/create-session.test.ts',
    start: () => ({
      response: (res, req) =>
        isOperation(req, '/createSession')
          ? editJson(res, (body) => {
              const data = body.data as { state?: unknown; status?: unknown } | undefined;
              return data?.state === 'pending'
                ? { ...body, data: { ...data, state: data.status } }
                : undefined;
            })
          : res,
    }),
  },
  {
    id: 'ai-send-by-bot',
    name: 'AI replies are stored and answered with send_by `bot` instead of `assistant`',
    clause: 'SESSION-MESSAGE-AI-SEND-BY',
    alsoRed: [
      {
        clause: 'SEND-MESSAGE-ASSISTANT',
        why: "the bug writes both the stored messages and sendMessage's own reply (`send_by` `bot` in both answers): the reply's clause quotes the same row of the Session message resource",
      },
    ],
    section: 'session state',
    caughtBy: 'suites/integration/send-message.test.ts',
    start: () => ({
      response: (res, req) =>
        isOperation(req, '/sendMessage', '/getSessionMessages')
          ? editJson(res, (body) => {
              const data = body.data as Message | Message[] | undefined;
              if (!data || typeof data !== 'object') return undefined;
              return { ...body, data: Array.isArray(data) ? data.map(asBot) : asBot(data) };
            })
          : res,
    }),
  },
  {
    id: 'exec-logs-default-asc',
    name: 'getChatbotExecutionLogs without orderBy lists the oldest log first (default ASC, not DESC)',
    clause: 'EXEC-LOGS-ORDERBY-DEFAULT-DESC',
    section: 'execution logs',
    caughtBy: 'suites/integration/execution-logs.test.ts',
    start: () => ({
      request: (req) => (isOperation(req, '/getChatbotExecutionLogs') ? withDefaultOrder(req, 'ASC') : req),
    }),
  },
  {
    id: 'invitation-status-sent',
    name: 'inviteOrganizationMember answers the new invitation with status `sent` instead of `pending`',
    clause: 'INVITE-STATUS-PENDING',
    section: 'invitation state',
    caughtBy: 'suites/platform/invitations.test.ts',
    start: () => ({
      response: (res, req) =>
        isOperation(req, '/inviteOrganizationMember')
          ? editJson(res, (body) => {
              const data = body.data as { status?: unknown } | undefined;
              return data?.status === 'pending' ? { ...body, data: { ...data, status: 'sent' } } : undefined;
            })
          : res,
    }),
  },
];
