/** Project Integration operations (project API key): createSession, sendMessage, execution logs, plan gating. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const K = 'Endpoints/Project Integration';
/** The spec names `Invalid params` for a bad request body (Errors). */
const INVALID_PARAMS_QUOTE = 'Other messages: `Invalid params` (bad request body)';
const CREATE_SESSION_ROW =
  '| POST /createSession | key | widget_uid (string) | session_uid (string), state, status |';
const SEND_MESSAGE_ROW =
  '| POST /sendMessage | key | widget_uid (string), session_uid (string, from createSession), message (string) | send_by (string), message (string) |';
const EXEC_LOGS_ROW =
  '| POST /getChatbotExecutionLogs | key | all optional: session_uid (string), from (date YYYY-MM-DD), to (date YYYY-MM-DD), orderBy (`ASC`/`DESC`, default DESC), limit (integer, max 100, default 10), page (integer, default 1) | array of execution logs |';

export const integrationClauses = defineClauses([
  assumed(
    'PLAN-FREE',
    'Limits',
    'The spec names Professional, Advanced, Agency and Enterprise and gates the Project Integration API at "Professional and above"; the fake also has a `free` plan below Professional, on which Project Integration calls get 403 with the plan message (and the Platform API is refused as on Professional).',
  ),
  documented(
    'INTEGRATION-PLAN',
    'What the service does',
    'The Project Integration APIs are available on the Professional plan and above, and not below it.',
    [
      'They use a project API key (prefix `apk-`), are available on the Professional plan and above',
      '| Plan availability | Project Integration: Professional and above;',
    ],
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
    "createSession takes widget_uid, a string: with the widget_uid of the key's project it creates a session.",
    CREATE_SESSION_ROW,
  ),
  assumed(
    'CREATE-SESSION-WIDGET-UID-REQUIRED',
    K,
    'createSession without widget_uid gets Invalid params. The spec lists widget_uid as the request but marks no field of createSession or sendMessage required (it marks the search query so), and the key already names the project, so a server may take the widget from the key.',
  ),
  documented(
    'SESSION-CREATE-UID-STRING',
    K,
    'createSession data has session_uid as a string (a number written as text), plus state and status.',
    [CREATE_SESSION_ROW, '| session_uid | number (string in the create-session response) |'],
  ),
  documented('CREATE-SESSION-INITIAL-STATE', K, 'createSession returns state `pending` and status `open`.', [
    '| state | string (a newly created session has `pending`) |',
    'Known values: state `pending` (on creation), status `open` (on creation)',
  ]),
  assumed(
    'SESSION-UID-SAME-VALUE',
    K,
    "createSession's session_uid string is the decimal form (digits only) of the numeric session_uid that getSessions reports for that session.",
  ),
  assumed('CREATE-SESSION-LISTED', K, 'A created session appears in getSessions of its project.'),
  assumed(
    'SESSION-INTEGRATION-ID',
    K,
    "A widget session reports as integration_id the id of its project's integration_setting (the widget it was created on); the spec shows both fields but not how they relate.",
  ),

  // sendMessage
  documented(
    'SEND-MESSAGE-FIELDS',
    K,
    'sendMessage takes widget_uid (string), session_uid (string, from createSession) and message (string); a body without session_uid or without message is refused with Invalid params.',
    [SEND_MESSAGE_ROW, INVALID_PARAMS_QUOTE],
  ),
  assumed(
    'SEND-MESSAGE-WIDGET-UID-REQUIRED',
    K,
    'sendMessage without widget_uid gets Invalid params. The spec marks none of the sendMessage fields required, and without widget_uid the key and the session still name the conversation, so a server may do without it (CREATE-SESSION-WIDGET-UID-REQUIRED).',
  ),
  assumed(
    'INTEGRATION-WRONG-JSON-TYPE',
    K,
    'A Project Integration body field of another JSON type than the spec shows (null, a boolean, an array or an object for a string; a fraction, a boolean, an array, an object or a string that is not a numeral for an integer) gets Invalid params. How a server reads such representations is not shown: it may coerce them, ignore them, or refuse them in another way (numeric strings and numbers for strings: ERR-JSON-NO-COERCION; null: ERR-NULL-NOT-ABSENT).',
  ),
  documented(
    'SEND-MESSAGE-RESPONSE',
    K,
    'sendMessage data is {send_by string, message string}: the reply.',
    SEND_MESSAGE_ROW,
  ),
  assumed(
    'SEND-MESSAGE-REPLY-TEXT',
    K,
    'The reply of sendMessage is a non-empty text (not only white space); the spec gives its type, string, and nothing of its content.',
  ),
  documented(
    'SEND-MESSAGE-ASSISTANT',
    'Resources/Session message',
    'The sendMessage reply has send_by `assistant`.',
    [SEND_MESSAGE_ROW, '| send_by | string (`assistant` for AI replies) |'],
  ),
  documented(
    'SEND-MESSAGE-REQUIRES-SESSION',
    K,
    'A session must be created (createSession) before messages are sent to it: a session_uid createSession never gave is refused.',
    ['A session must be created before messages are sent.', 'session_uid (string, from createSession)'],
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
    '| id, project_id, session_id | integer | | data | object: task (string), type (string), message (string), data (object) | | createdAt, updatedAt | datetime | | executionlog_session_data | object: session_uid (number) |',
  ),
  documented(
    'EXEC-LOGS-ALL-OPTIONAL',
    K,
    'Every getChatbotExecutionLogs field is optional: `{}` is a valid body.',
    ['| POST /getChatbotExecutionLogs | key | all optional:', 'even when the body is empty (send `{}`)'],
  ),
  documented(
    'EXEC-LOGS-DATA-ARRAY',
    K,
    'getChatbotExecutionLogs data is an array of execution logs.',
    EXEC_LOGS_ROW,
  ),
  documented(
    'EXEC-LOGS-SESSION-FILTER',
    K,
    'getChatbotExecutionLogs session_uid keeps only the logs of that session.',
    'all optional: session_uid (string), from (date YYYY-MM-DD)',
  ),
  documented(
    'EXEC-LOGS-DATE-FORMAT',
    K,
    'getChatbotExecutionLogs from and to are dates written YYYY-MM-DD: such a date is accepted (a leap day included), and a string written in no reading of YYYY-MM-DD (`yesterday`, `2024/01/01`, `01-02-2024`, `2024-13-45`) is refused with Invalid params.',
    ['from (date YYYY-MM-DD), to (date YYYY-MM-DD)', INVALID_PARAMS_QUOTE],
  ),
  assumed(
    'EXEC-LOGS-DATE-STRICT',
    K,
    'getChatbotExecutionLogs takes from and to in the form YYYY-MM-DD only, naming a real calendar day: a date-time (`2024-01-01T00:00:00Z`, `2024-01-01 00:00:00`), single-digit fields (`2024-1-1`), an empty string and a number get Invalid params. The spec gives the form, not how a server reads other representations of a date: a lenient one may take a date-time or `2024-1-1`, or an empty string as not given.',
  ),
  assumed(
    'EXEC-LOGS-DATE-MESSAGE',
    K,
    "A getChatbotExecutionLogs date written in no reading of YYYY-MM-DD gets `Invalid params`. The spec names two messages that could answer it, `Invalid params` (bad request body) and `Invalid 'from' date format` (given for getStats); which one a server picks is its choice, so either is a documented refusal.",
  ),
  assumed(
    'EXEC-LOGS-DATE-FILTER',
    K,
    'getChatbotExecutionLogs from/to filter createdAt by calendar day (UTC), inclusive, as SESSIONS-DATE-FILTER.',
  ),
  documented(
    'EXEC-LOGS-ORDERBY-DEFAULT-DESC',
    K,
    'getChatbotExecutionLogs orderBy is `ASC` or `DESC`, default `DESC` (without it the logs come as with `DESC`); a string outside the two (e.g. `RANDOM`, `createdAt`) is refused with Invalid params.',
    ['orderBy (`ASC`/`DESC`, default DESC)', INVALID_PARAMS_QUOTE],
  ),
  assumed(
    'EXEC-LOGS-ORDERBY-EXACT',
    K,
    'getChatbotExecutionLogs reads orderBy exactly as the spec writes it: a case variant (`asc`, `desc`), surrounding white space, an empty string, a number or null gets Invalid params. The spec lists `ASC` and `DESC`, not how other spellings are read: a server may take `asc` as `ASC`, or an empty string as not given.',
  ),
  assumed(
    'EXEC-LOGS-ORDER-KEY',
    K,
    'getChatbotExecutionLogs orders by createdAt, then id, in the orderBy direction.',
  ),
  documented(
    'EXEC-LOGS-LIMIT-DEFAULT-10',
    K,
    'Without limit, getChatbotExecutionLogs returns at most 10 logs, as with limit 10.',
    'limit (integer, max 100, default 10)',
  ),
  documented(
    'EXEC-LOGS-LIMIT-MAX-100',
    'Limits',
    'getChatbotExecutionLogs limit is at most 100; an integer above 100 (101) is refused with Invalid params.',
    [
      'limit (integer, max 100, default 10)',
      '| page sizes | members max 1000; execution logs max 100;',
      INVALID_PARAMS_QUOTE,
    ],
  ),
  documented(
    'EXEC-LOGS-PAGE-DEFAULT-1',
    K,
    'Without page, getChatbotExecutionLogs returns page 1.',
    'page (integer, default 1) | array of execution logs |',
  ),
  assumed(
    'EXEC-LOGS-FROM-SENDMESSAGE',
    K,
    "Each sendMessage appends at least one execution log for its session, in the key's project.",
  ),
  assumed('EXEC-LOGS-PROJECT', K, "getChatbotExecutionLogs lists logs of the key's project only."),
]);
