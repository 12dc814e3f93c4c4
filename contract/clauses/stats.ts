/** getStats and the stats record. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const P = 'Endpoints/Platform';
/** The getStats row of the Platform table, as far as its request goes. */
const GET_STATS_ROW =
  '| POST /getStats | project_uid (string, required), from (string), to (string); dates accept YYYY-MM-DD, YYYY-MM-DD HH:mm:ss or ISO format |';

export const statsClauses = defineClauses([
  documented(
    'RES-STATS-RECORD-SHAPE',
    'Resources/Stats record',
    'A stats record has total_conversation (string), total_messages, total_documents, total_links, like, dislike, no_feedback (integers), session_count (string), query_count, visitor_count (integers) and avg_message_conversation (number).',
    'total_conversation (string), total_messages (integer), total_documents (integer), total_links (integer), like (integer), dislike (integer), no_feedback (integer), session_count (string), query_count (integer), visitor_count (integer), avg_message_conversation (number).',
  ),
  documented('STATS-PROJECT-UID-REQUIRED', P, 'getStats requires project_uid; without it: Invalid params.', [
    GET_STATS_ROW,
    'Other messages: `Invalid params` (bad request body)',
  ]),
  documented(
    'STATS-DATA-ARRAY',
    P,
    'getStats data is an array of stats records (how many the spec does not say: STATS-SINGLE-RECORD).',
    'ISO format | data = array of stats records |',
  ),
  documented(
    'STATS-DATE-FORMATS',
    P,
    'getStats from and to are optional strings; a date written YYYY-MM-DD, `YYYY-MM-DD HH:mm:ss`, or as a complete ISO 8601 date-time (date, hours, minutes and seconds, with `Z` or a numeric offset, e.g. `2024-01-01T10:00:00Z` or `2024-01-01T10:00:00.000+01:30`) is accepted.',
    GET_STATS_ROW,
  ),
  assumed(
    'STATS-ISO-PROFILE',
    P,
    'Which forms "ISO format" covers beyond a complete date-time with an offset is not shown, and ISO 8601 has many (reduced precision, basic format, week and ordinal dates, local times without an offset): the fake takes the extended calendar date-time `YYYY-MM-DDTHH:mm`, with optional seconds and fraction and an optional `Z` or `±HH:mm` offset, and refuses every other form (`2024-01-01T10`, `20240101`, `2024-W01-1`, `2024-001`, `2024-1-1`, `2024-01-01 10:00` without seconds) with its format message.',
  ),
  documented(
    'STATS-FROM-FORMAT-MESSAGE',
    'Errors',
    "A getStats `from` that no reading of the accepted formats takes (e.g. `yesterday`, `2024/01/01`, `01-02-2024`, `2024-13-45`) is refused with the message `Invalid 'from' date format`.",
    ["`Invalid 'from' date format` (getStats)", GET_STATS_ROW],
  ),
  assumed(
    'STATS-TO-FORMAT-MESSAGE',
    'Errors',
    "A getStats `to` in none of the accepted formats gets the message `Invalid 'to' date format`; when both are bad, the `from` error answers.",
  ),
  assumed(
    'STATS-DATE-STATUS',
    'Errors',
    "`Invalid 'from' date format` and `Invalid 'to' date format` are HTTP 400.",
  ),
  assumed(
    'STATS-DATE-IMPOSSIBLE',
    P,
    'A date in an accepted layout that names no real calendar day (e.g. 2024-02-31) counts as a bad format.',
  ),
  assumed(
    'STATS-DATE-UTC',
    P,
    'A getStats date with no offset (YYYY-MM-DD, `YYYY-MM-DD HH:mm:ss`, or ISO without offset) is read as UTC.',
  ),
  assumed(
    'STATS-TO-DATE-ONLY-INCLUSIVE',
    P,
    'A date-only `to` covers that whole day (up to its end); a `to` with a time is an inclusive instant.',
  ),
  assumed(
    'STATS-SINGLE-RECORD',
    P,
    'getStats data is an array holding exactly one record that aggregates the whole requested range.',
  ),
  assumed('STATS-DEFAULT-RANGE', P, 'A missing from or to leaves that end of the range unbounded.'),
  assumed(
    'STATS-FROM-AFTER-TO',
    P,
    'A from later than to is not an error: the single record aggregates no conversation (every conversation, message, feedback, session, query and visitor count is 0; total_documents and total_links still count the knowledgebase, which is not dated).',
  ),
  assumed(
    'STATS-COUNTS',
    P,
    'The record aggregates the sessions that getSessions lists for the same project and date-only range (widget sessions created in the range; playground sessions are not counted): session_count is their number; total_conversation counts those with at least one message; total_messages counts their messages (as getSessionMessages lists them); query_count counts the messages whose send_by is not `assistant`; like and dislike count the assistant messages rated `like` and `dislike`, no_feedback the other assistant messages; visitor_count counts distinct visitors (between 1 and session_count when there is a session); avg_message_conversation is total_messages / total_conversation rounded to 2 decimals, 0 with no conversation.',
  ),
  assumed(
    'STATS-KNOWLEDGEBASE-COUNTS',
    P,
    "total_documents counts the project's knowledgebase documents of kind file and total_links those of kind webpage (the `document` and `webpages` usage of getProjectUsageLimit); neither depends on the range.",
  ),
]);
