/** Sessions, session messages, the session state machine and the two form-encoded operations. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const P = 'Endpoints/Platform';
const R = 'Resources/Session';
const ST = 'States/Session';

export const sessionClauses = defineClauses([
  // Resources
  documented(
    'RES-SESSION-SHAPE',
    R,
    'A session has session_uid (number), id, project_id, integration_id (integers), status, chat_mode, state, segment, country, last_message (strings), created_at, updated_at, last_message_time (datetimes), visitor_data, contact_data and session_meta (objects).',
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
  ),
  documented(
    'SESSION-MESSAGE-AI-SEND-BY',
    'Resources/Session message',
    'A message written by the AI has send_by `assistant`.',
  ),

  // State machine
  documented('SESSION-NEW-STATE-PENDING', ST, 'A newly created session has state `pending`.'),
  documented('SESSION-NEW-STATUS-OPEN', ST, 'A newly created session has status `open`.'),
  documented(
    'SESSION-AUTO-CLOSE',
    ST,
    'An open session with no activity for auto_close_duration minutes becomes `closed`.',
  ),
  documented(
    'SESSION-CLOSE-PERMANENT',
    ST,
    'Closing is permanent: a closed session never reopens; a new session starts on the next interaction.',
  ),
  documented(
    'SESSION-AUTO-RESOLVE',
    ST,
    'An open session with no activity for auto_resolve_duration minutes becomes resolved.',
  ),
  documented(
    'SESSION-RESOLVED-RESUMABLE',
    ST,
    'A resolved session can be resumed: sendMessage on the same session_uid succeeds and continues that conversation.',
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
  documented('SESSIONS-FORM-ENCODED', P, 'getSessions takes an application/x-www-form-urlencoded body.'),
  documented(
    'SESSIONS-PROJECT-UID-REQUIRED',
    P,
    'getSessions requires project_uid; without it: Invalid params.',
  ),
  documented('SESSIONS-DATA-ARRAY', P, 'getSessions data is an array of sessions of the project.'),
  documented(
    'SESSIONS-STATUS-FILTER',
    P,
    'getSessions status filter is `open` or `closed` and keeps only sessions with that status; any other value gets Invalid params.',
  ),
  documented(
    'SESSIONS-FROM-TO-DATES',
    P,
    'getSessions takes optional from and to dates that filter the sessions listed.',
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
    'getSessions limit is an integer from 1 to 100; other values get Invalid params.',
  ),
  documented('SESSIONS-LIMIT-DEFAULT-10', P, 'Without limit, getSessions returns at most 10 sessions.'),
  documented(
    'SESSIONS-PAGE-MIN-1',
    P,
    'getSessions page is an integer of at least 1; 0 gets Invalid params.',
  ),
  documented('SESSIONS-PAGE-DEFAULT-1', P, 'Without page, getSessions returns page 1.'),
  documented(
    'SESSIONS-ORDERBY-DEFAULT-ASC',
    P,
    'getSessions orderBy is `ASC` or `DESC` (other values: Invalid params), default `ASC`.',
  ),
  assumed('SESSIONS-ORDER-KEY', P, 'getSessions orders by created_at, then id, in the orderBy direction.'),
  assumed(
    'SESSIONS-EXCLUDE-PLAYGROUND',
    P,
    'getSessions lists widget sessions (createSession) only; playground sessions are not listed.',
  ),
  assumed(
    'FORM-INTEGER-TEXT',
    P,
    'Integer fields of form-encoded bodies (limit, page, session_uid) must be decimal digits; text such as `abc` or `1.5` gets Invalid params.',
  ),

  // getSessionMessages
  documented(
    'SESSION-MESSAGES-FORM-ENCODED',
    P,
    'getSessionMessages takes an application/x-www-form-urlencoded body.',
  ),
  documented(
    'SESSION-MESSAGES-REQUIRED',
    P,
    'getSessionMessages requires project_uid and session_uid (a number); a missing one gets Invalid params.',
  ),
  documented(
    'SESSION-MESSAGES-DATA-ARRAY',
    P,
    'getSessionMessages data is an array of messages of that session.',
  ),
  documented(
    'SESSION-MESSAGES-LIMIT-RANGE',
    'Limits',
    'getSessionMessages limit is an integer from 1 to 100; other values get Invalid params.',
  ),
  documented(
    'SESSION-MESSAGES-LIMIT-DEFAULT-10',
    P,
    'Without limit, getSessionMessages returns at most 10 messages.',
  ),
  documented(
    'SESSION-MESSAGES-PAGE-MIN-1',
    P,
    'getSessionMessages page is an integer of at least 1; 0 gets Invalid params.',
  ),
  documented('SESSION-MESSAGES-PAGE-DEFAULT-1', P, 'Without page, getSessionMessages returns page 1.'),
  documented(
    'SESSION-MESSAGES-ORDERBY-DEFAULT-ASC',
    P,
    'getSessionMessages orderBy is `ASC` or `DESC` (other values: Invalid params), default `ASC`.',
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
