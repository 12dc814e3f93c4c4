/** Project Integration operations (project API key): createSession, sendMessage, execution logs, plan gating. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const K = 'Endpoints/Project Integration';

export const integrationClauses = defineClauses([
  assumed(
    'PLAN-FREE',
    'Limits',
    'The spec names Professional, Advanced, Agency and Enterprise and gates the Project Integration API at "Professional and above"; the fake also has a `free` plan below Professional, on which Project Integration calls get 403 with the plan message (and the Platform API is refused as on Professional).',
  ),
  documented(
    'INTEGRATION-PLAN',
    'What the service does',
    'The Project Integration APIs are available on the Professional plan and above.',
  ),
  assumed(
    'INTEGRATION-PLAN-STATUS',
    'Errors',
    'A Project Integration call from an organization on a plan below Professional gets 403 `The Project Integration API requires the Professional plan or above` (project-key search: SEARCH-KEY-PLAN-STATUS).',
  ),
  assumed(
    'INTEGRATION-INVALID-KEY-401',
    'Errors',
    'A Project Integration call with a missing `api-key` header, or a value that names no active project key, gets 401 `Invalid or revoked API key` in the error envelope.',
  ),
  assumed(
    'INTEGRATION-WIDGET-MISMATCH',
    K,
    "A widget_uid that is not the widget of the key's project gets 404 `Widget not found`.",
  ),

  // createSession
  documented(
    'CREATE-SESSION-WIDGET-UID',
    K,
    'createSession requires widget_uid (string); without it: Invalid params.',
  ),
  documented(
    'SESSION-CREATE-UID-STRING',
    K,
    'createSession data has session_uid as a string, plus state and status.',
  ),
  documented('CREATE-SESSION-INITIAL-STATE', K, 'createSession returns state `pending` and status `open`.'),
  assumed(
    'SESSION-UID-SAME-VALUE',
    K,
    "createSession's session_uid string is the decimal form of the numeric session_uid that getSessions reports for that session.",
  ),
  assumed('CREATE-SESSION-LISTED', K, 'A created session appears in getSessions of its project.'),

  // sendMessage
  documented(
    'SEND-MESSAGE-FIELDS',
    K,
    'sendMessage requires widget_uid (string), session_uid (string, from createSession) and message (string); a missing one gets Invalid params.',
  ),
  documented('SEND-MESSAGE-RESPONSE', K, 'sendMessage data is {send_by string, message string}: the reply.'),
  documented(
    'SEND-MESSAGE-ASSISTANT',
    'Resources/Session message',
    'The sendMessage reply has send_by `assistant`.',
  ),
  documented(
    'SEND-MESSAGE-REQUIRES-SESSION',
    K,
    'A session must be created (createSession) before messages are sent to it.',
  ),
  assumed(
    'SEND-MESSAGE-UNKNOWN-SESSION',
    K,
    'sendMessage with a session_uid that names no session of the project gets 404 `Session not found`.',
  ),
  assumed(
    'SEND-MESSAGE-UID-NUMBER-ACCEPTED',
    K,
    'sendMessage and getChatbotExecutionLogs also accept session_uid as a JSON number; a string must be decimal digits, else Invalid params.',
  ),
  assumed(
    'SEND-MESSAGE-LENGTH',
    K,
    'sendMessage message is 1 to 20000 characters; empty or longer gets Invalid params.',
  ),
  assumed(
    'SEND-MESSAGE-RECORDED',
    K,
    "sendMessage records the user message and the reply in the session: getSessionMessages lists both, and the session's last_message and last_message_time are updated.",
  ),
  assumed(
    'SEND-MESSAGE-CREDITS',
    K,
    "What a widget conversation costs is not shown (the spec bills RAG requests and playground calls): each sendMessage reply costs the credits_per_call of the project's saved model, taken from the organization balance and counted in the project's credits usage; a reply the balance or the project's credits limit cannot cover is refused (CREDITS-EXHAUSTED).",
  ),

  // getChatbotExecutionLogs
  documented(
    'RES-EXECUTION-LOG-SHAPE',
    'Resources/Chatbot execution log',
    'An execution log has id, project_id, session_id (integers), data {task string, type string, message string, data object}, createdAt, updatedAt (datetimes) and executionlog_session_data {session_uid number}.',
  ),
  documented(
    'EXEC-LOGS-ALL-OPTIONAL',
    K,
    'Every getChatbotExecutionLogs field is optional: `{}` is a valid body.',
  ),
  documented('EXEC-LOGS-DATA-ARRAY', K, 'getChatbotExecutionLogs data is an array of execution logs.'),
  documented(
    'EXEC-LOGS-SESSION-FILTER',
    K,
    'getChatbotExecutionLogs session_uid keeps only the logs of that session.',
  ),
  documented(
    'EXEC-LOGS-DATE-FORMAT',
    K,
    'getChatbotExecutionLogs from and to are dates written YYYY-MM-DD; other formats get Invalid params.',
  ),
  assumed(
    'EXEC-LOGS-DATE-FILTER',
    K,
    'getChatbotExecutionLogs from/to filter createdAt by calendar day (UTC), inclusive, as SESSIONS-DATE-FILTER.',
  ),
  documented(
    'EXEC-LOGS-ORDERBY-DEFAULT-DESC',
    K,
    'getChatbotExecutionLogs orderBy is `ASC` or `DESC` (other values: Invalid params), default `DESC`.',
  ),
  assumed(
    'EXEC-LOGS-ORDER-KEY',
    K,
    'getChatbotExecutionLogs orders by createdAt, then id, in the orderBy direction.',
  ),
  documented(
    'EXEC-LOGS-LIMIT-DEFAULT-10',
    K,
    'Without limit, getChatbotExecutionLogs returns at most 10 logs.',
  ),
  documented(
    'EXEC-LOGS-LIMIT-MAX-100',
    'Limits',
    'getChatbotExecutionLogs limit is at most 100; 101 gets Invalid params.',
  ),
  documented('EXEC-LOGS-PAGE-DEFAULT-1', K, 'Without page, getChatbotExecutionLogs returns page 1.'),
  assumed(
    'EXEC-LOGS-FROM-SENDMESSAGE',
    K,
    "Each sendMessage appends at least one execution log for its session, in the key's project.",
  ),
  assumed('EXEC-LOGS-PROJECT', K, "getChatbotExecutionLogs lists logs of the key's project only."),
]);
