/** Rules of the drift report (drift/): how recorded real answers are checked and compared with the fake's. */
import { assumed } from './define.js';

const H = 'Harness/Drift report';

export const driftClauses = [
  assumed(
    'DRIFT-SCHEMA-VIOLATIONS',
    H,
    "Every recorded real answer is validated against the contract: a Platform/Integration answer must be JSON, a 2xx the success envelope of the operation's response schema (message-only without one, `total` required where the operation pages) and any other status the RXERROR envelope; a RAG 2xx is the operation's response or, when the request asked for a stream, an SSE stream whose every event is JSON matching the dialect's event schema and that ends with `data: [DONE]` (OpenAI) or `message_stop` (Anthropic); a RAG error is the dialect's native error body; a path outside the operation table must still be JSON in the envelope. Each zod issue is one violation with its JSON path (`$.data[0].name`), the real value shortened and the zod message; one issue repeated across array elements is reported once with the count.",
  ),
  assumed(
    'DRIFT-COMPARE-SHAPES',
    H,
    "The fake's answer to each recorded request is compared with the real one on shapes, never values (recordings are redacted): status; envelope kind (RXSUCCESS with data, message-only, RXERROR, native success, native error, SSE, other JSON, not JSON, empty), and nothing more when it differs; fields present on one side only (one difference for a missing object, not one per nested field) and fields whose JSON types (string, number, boolean, null, object, array) differ, array elements merged into one shape at `[]` so lengths do not matter and an empty array gives no element difference; the envelope message or native error message; for streams, event types present on one side only, their order with runs collapsed, and the fields of each event type. Differences are sorted by path. A request the fake could not answer is one difference with the reason.",
  ),
  assumed(
    'DRIFT-ASSUMED-CANDIDATES',
    H,
    'An interaction whose test cites at least one clause and only assumed clauses is "on assumed clauses": its differences are reported apart, as candidates to correct our assumptions, with each clause id and its rule; the summary per operation (the operation id, or METHOD and path outside the table) counts interactions, clean ones, violations, differences by kind, interactions on assumed clauses and candidates.',
  ),
  assumed(
    'DRIFT-REPORT-FILES',
    H,
    'The drift report writes drift.json (format chatbot-platform-drift/1: meta, totals, one summary per operation, and every interaction with a violation or a difference, clean ones only counted) and drift.html, self-contained and escaped, with headline counts, the violations of the real deployment, the candidates on assumed clauses, the differences per operation with real against fake, a table per operation, and a plain "no drift" statement when there is nothing.',
  ),
  assumed(
    'DRIFT-STRENGTH',
    H,
    'Every violation and difference carries a strength: documented when it contradicts what the spec documents (a violation of the documented shape or envelope; success against refusal; a documented status 401, 403 with its message, or 429 against another; a quoted message changed), assumed when only a choice the spec leaves open differs (which 4xx a refusal gets, fields the spec does not show, extra fields, RAG error bodies and streams at any path under /openai/ or /anthropic/, a cap the spec does not give). A success or refusal difference is also assumed where the spec leaves the outcome itself open: on an operation whose access rule is assumed (its access clause in the operation table), the 403 for a missing permission against an answer or another refusal; when the request carries a field the spec does not show (outside the documented request fields of the operation table, or named by an assumed clause) and the body without it passes the request schema, success against refusal and the message of a refusal; and when the refusal of the fake is one whose status and message the spec does not document, any answer of the real side but a server error. Totals count both; --fail-on-documented exits 1 on any documented one, so a recording of the variant fake must show assumed differences only.',
  ),
];
