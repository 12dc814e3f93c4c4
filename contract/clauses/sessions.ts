/** Sessions, session messages, the session state machine and the two form-encoded operations. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const P = 'Endpoints/Platform';
const R = 'Resources/Session';
const ST = 'States/Session';
/** The spec names `Invalid params` for a bad request body (Errors). */
const INVALID_PARAMS_QUOTE = 'Other messages: `Invalid params` (bad request body)';

export const sessionClauses = defineClauses([
  // Resources
  documented(
    'RES-SESSION-SHAPE',
    R,
    'A session has session_uid (number), id, project_id, integration_id (integers), status, chat_mode, state, segment, country, last_message (strings), created_at, updated_at, last_message_time (datetimes), visitor_data, contact_data and session_meta (objects).',
    [
      '| session_uid | number (string in the create-session response) | | id, project_id, integration_id | integer |',
      '| status | string (filterable values `open`, `closed`) | | chat_mode | string | | state | string (a newly created session has `pending`) | | segment, country | string | | created_at, updated_at, last_message_time | datetime | | last_message | string | | visitor_data, contact_data, session_meta | object |',
    ],
  ),
  assumed(
    'RES-SESSION-NULLABLE-LAST-MESSAGE',
    R,
    'Before the first message, a session reports last_message and last_message_time as null.',
  ),
  assumed(
    'RES-SESSION-OPEN-VALUES',
    R,
    'The values of chat_mode and segment are not shown: the fake uses fixed strings from its seed and suites check only their types.',
  ),
  documented(
    'RES-SESSION-MESSAGE-SHAPE',
    'Resources/Session message',
    'A session message has id, session_id, type (integers), send_by, message, content_type, rate, url, response_source (strings), choices (array), streaming (boolean) and createdAt (datetime).',
    '| id, session_id | integer | | send_by | string (`assistant` for AI replies) | | message | string | | type | integer | | content_type | string | | rate | string | | choices | array | | url | string | | streaming | boolean | | response_source | string | | createdAt | datetime |',
  ),
  documented(
    'SESSION-MESSAGE-AI-SEND-BY',
    'Resources/Session message',
    'A message written by the AI has send_by `assistant`.',
    '| send_by | string (`assistant` for AI replies) |',
  ),

  // State machine
  documented('SESSION-NEW-STATE-PENDING', ST, 'A newly created session has state `pending`.', [
    '| state | string (a newly created session has `pending`) |',
    'Known values: state `pending` (on creation)',
  ]),
  documented(
    'SESSION-NEW-STATUS-OPEN',
    ST,
    'A newly created session has status `open`.',
    'status `open` (on creation) and `closed`.',
  ),
  documented(
    'SESSION-AUTO-CLOSE',
    ST,
    'An open session with no activity for auto_close_duration minutes becomes `closed`.',
    '| open | inactivity | no activity for auto_close_duration minutes | closed |',
  ),
  documented(
    'SESSION-CLOSE-PERMANENT',
    ST,
    'Closing is permanent: a closed session never reopens; a new session starts on the next interaction.',
    'Closing is permanent; a new session starts on the next interaction.',
  ),
  documented(
    'SESSION-AUTO-RESOLVE',
    ST,
    'An open session with no activity for auto_resolve_duration minutes becomes resolved: it is no longer `open` (nor `closed`).',
    '| open | inactivity | no activity for auto_resolve_duration minutes | resolved |',
  ),
  documented(
    'SESSION-RESOLVED-RESUMABLE',
    ST,
    'A resolved session can be resumed: sendMessage on the same session_uid succeeds and continues that conversation.',
    '| resolved | Users can resume the same conversation. |',
  ),
  assumed(
    'SESSION-RESOLVED-STATUS-VALUE',
    ST,
    'A resolved session reports status `resolved`; a resumed one (a new message after resolution) returns to status `open`.',
  ),
  assumed(
    'SESSION-ACTIVITY',
    ST,
    'Activity is a message in the session (user or assistant); inactivity is measured from last_message_time, or created_at when there is none, against the project settings at the time of the check.',
  ),
  assumed(
    'SESSION-INACTIVITY-PRECEDENCE',
    ST,
    'When both durations apply, the shorter fires first; a resolved session still becomes closed once inactive for auto_close_duration; if both are equal, the session becomes closed.',
  ),
  assumed(
    'SESSION-CLOSED-SENDMESSAGE',
    ST,
    'Closing is permanent and "a new session starts on the next interaction": sendMessage on a closed session_uid starts a new open session for the same widget and visitor, stores the message there, and its response carries the new `session_uid` (a string) beside send_by and message; the closed session stays closed.',
  ),
  assumed(
    'SESSION-STATE-OTHER',
    ST,
    'Other values of state are not shown: the fake keeps state `pending` for the whole life of a session; only status changes.',
  ),

  // getSessions
  documented('SESSIONS-FORM-ENCODED', P, 'getSessions takes an application/x-www-form-urlencoded body.', [
    'Two operations take `application/x-www-form-urlencoded` (see Endpoints).',
    '| POST /getSessions | form-urlencoded: project_uid (string, required)',
  ]),
  documented(
    'SESSIONS-PROJECT-UID-REQUIRED',
    P,
    'getSessions requires project_uid; without it: Invalid params.',
    ['| POST /getSessions | form-urlencoded: project_uid (string, required)', INVALID_PARAMS_QUOTE],
  ),
  documented(
    'SESSIONS-DATA-ARRAY',
    P,
    'getSessions data is an array of sessions of the project.',
    'default ASC) | data = array of sessions |',
  ),
  documented(
    'SESSIONS-STATUS-FILTER',
    P,
    'getSessions status is `open` or `closed` and keeps only the sessions with that status; a value outside the two (e.g. `bogus`) is refused with Invalid params.',
    [
      'project_uid (string, required), status (`open`/`closed`), from (date), to (date)',
      '| status | string (filterable values `open`, `closed`) |',
      INVALID_PARAMS_QUOTE,
    ],
  ),
  documented(
    'SESSIONS-FROM-TO-DATES',
    P,
    'getSessions takes optional from and to dates that filter the sessions listed: a filtered list holds sessions of the unfiltered one only.',
    'status (`open`/`closed`), from (date), to (date), limit',
  ),
  assumed(
    'SESSIONS-DATE-FORMAT',
    P,
    'getSessions from and to are written YYYY-MM-DD and must name a real calendar day; anything else gets Invalid params.',
  ),
  assumed(
    'SESSIONS-DATE-FILTER',
    P,
    'getSessions from/to filter created_at by calendar day (UTC), inclusive: from=D keeps sessions created on or after day D, to=D keeps sessions created on or before the end of day D.',
  ),
  documented(
    'SESSIONS-LIMIT-RANGE',
    'Limits',
    'getSessions limit is an integer from 1 to 100; an integer outside that range (0, 101, -1) is refused with Invalid params.',
    [
      'limit (integer 1-100, default 10)',
      '| page sizes | members max 1000; execution logs max 100; sessions and messages 1-100 |',
      INVALID_PARAMS_QUOTE,
    ],
  ),
  documented(
    'SESSIONS-LIMIT-DEFAULT-10',
    P,
    'Without limit, getSessions returns at most 10 sessions, as with limit 10.',
    'limit (integer 1-100, default 10)',
  ),
  documented(
    'SESSIONS-PAGE-MIN-1',
    P,
    'getSessions page is an integer of at least 1; 0 or a negative integer is refused with Invalid params.',
    ['limit (integer 1-100, default 10), page (integer >= 1, default 1)', INVALID_PARAMS_QUOTE],
  ),
  documented(
    'SESSIONS-PAGE-DEFAULT-1',
    P,
    'Without page, getSessions returns page 1.',
    'limit (integer 1-100, default 10), page (integer >= 1, default 1)',
  ),
  documented(
    'SESSIONS-ORDERBY-DEFAULT-ASC',
    P,
    'getSessions orderBy is `ASC` or `DESC`, default `ASC` (without it the list comes as with `ASC`); a value outside the two (e.g. `RANDOM`) is refused with Invalid params.',
    ['orderBy (`ASC`/`DESC`, default ASC) | data = array of sessions |', INVALID_PARAMS_QUOTE],
  ),
  assumed('SESSIONS-ORDER-KEY', P, 'getSessions orders by created_at, then id, in the orderBy direction.'),
  assumed(
    'FORM-ENUM-EXACT',
    P,
    'getSessions and getSessionMessages read status and orderBy exactly as the spec writes them: a case variant (`asc`, `OPEN`), surrounding white space, an empty field (`status=`, `orderBy=`) and, for status, the status values beyond `open` and `closed` (`resolved`, `all`) get Invalid params. The spec lists the values but not how other spellings, an empty form field or the statuses it does not show are read: a server may take `asc` as `ASC`, an empty field as not given, or filter by another status.',
  ),
  assumed(
    'SESSIONS-EXCLUDE-PLAYGROUND',
    P,
    'getSessions lists widget sessions (createSession) only; playground sessions are not listed.',
  ),
  assumed(
    'FORM-INTEGER-TEXT',
    P,
    'Integer fields of form-encoded bodies (limit, page, session_uid) must be decimal digits; text such as `abc`, `1.5`, ` 5` or an empty field gets Invalid params.',
  ),

  // getSessionMessages
  documented(
    'SESSION-MESSAGES-FORM-ENCODED',
    P,
    'getSessionMessages takes an application/x-www-form-urlencoded body.',
    [
      'Two operations take `application/x-www-form-urlencoded` (see Endpoints).',
      '| POST /getSessionMessages | form-urlencoded: project_uid (string, required), session_uid (number, required)',
    ],
  ),
  documented(
    'SESSION-MESSAGES-REQUIRED',
    P,
    'getSessionMessages requires project_uid and session_uid (a number); a body without either is refused with Invalid params.',
    [
      '| POST /getSessionMessages | form-urlencoded: project_uid (string, required), session_uid (number, required)',
      INVALID_PARAMS_QUOTE,
    ],
  ),
  documented(
    'SESSION-MESSAGES-DATA-ARRAY',
    P,
    'getSessionMessages data is an array of messages of that session.',
    'default ASC) | data = array of messages |',
  ),
  documented(
    'SESSION-MESSAGES-LIMIT-RANGE',
    'Limits',
    'getSessionMessages limit is an integer from 1 to 100; an integer outside that range (0, 101, -1) is refused with Invalid params.',
    [
      'session_uid (number, required), limit (1-100, default 10)',
      '| page sizes | members max 1000; execution logs max 100; sessions and messages 1-100 |',
      INVALID_PARAMS_QUOTE,
    ],
  ),
  documented(
    'SESSION-MESSAGES-LIMIT-DEFAULT-10',
    P,
    'Without limit, getSessionMessages returns at most 10 messages, as with limit 10.',
    'session_uid (number, required), limit (1-100, default 10)',
  ),
  documented(
    'SESSION-MESSAGES-PAGE-MIN-1',
    P,
    'getSessionMessages page is an integer of at least 1; 0 or a negative integer is refused with Invalid params.',
    ['limit (1-100, default 10), page (>= 1, default 1)', INVALID_PARAMS_QUOTE],
  ),
  documented(
    'SESSION-MESSAGES-PAGE-DEFAULT-1',
    P,
    'Without page, getSessionMessages returns page 1.',
    'limit (1-100, default 10), page (>= 1, default 1)',
  ),
  documented(
    'SESSION-MESSAGES-ORDERBY-DEFAULT-ASC',
    P,
    'getSessionMessages orderBy is `ASC` or `DESC`, default `ASC` (without it the messages come as with `ASC`); a value outside the two (e.g. `NEWEST`) is refused with Invalid params.',
    ['orderBy (`ASC`/`DESC`, default ASC) | data = array of messages |', INVALID_PARAMS_QUOTE],
  ),
  assumed(
    'SESSION-MESSAGES-ORDER-KEY',
    P,
    'getSessionMessages orders by createdAt, then id, in the orderBy direction.',
  ),
  assumed(
    'SESSION-MESSAGES-UNKNOWN-SESSION',
    P,
    'A session_uid that names no session of the project gets 404 `Session not found`.',
  ),
]);
