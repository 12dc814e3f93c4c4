/** Error statuses and messages, bad input handling, credits exhaustion. */
import { httpInput } from '../limits.js';
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const E = 'Errors';
const ROW_401 =
  '| 401 | Token invalid, expired, deactivated, revoked, or creator removed | Invalid or revoked API token';

export const errorClauses = defineClauses([
  documented(
    'ERR-ENVELOPE',
    E,
    'An answer that is an error (outside RAG) has the body {type: `RXERROR`, message: string}. The envelope is documented for an answer that is an error; which requests are refused is up to the rules of each operation (the spec states no body size limit, for one).',
    ['Body: `type` = `RXERROR`, `message` string.', 'Error body of the RAG endpoints: not shown.'],
  ),
  documented(
    'ERR-401-MESSAGE',
    E,
    'A token that is invalid, expired, deactivated or revoked gets 401 with message `Invalid or revoked API token`.',
    ROW_401,
  ),
  documented(
    'ERR-403-MESSAGE',
    E,
    'A missing permission, role or project scope gets 403 with message `You do not have permission to perform this action`.',
    '| 403 | Missing permission, role or project scope | You do not have permission to perform this action |',
  ),
  documented(
    'ERR-429-STATUS',
    E,
    'Exceeding a rate limit gets HTTP 429 (messages: RATE-429-MESSAGE, RATE-SEARCH-KEY-100).',
    '| 429 | Rate limit exceeded |',
  ),
  documented(
    'ERR-INVALID-PARAMS-MESSAGE',
    E,
    'A bad request body gets the message `Invalid params` where the spec names no other message for the case: a required field missing, or a value of the documented type outside its documented set or range (`orderBy: "RANDOM"`, `limit: 101`). How a server reads other representations (a numeric string, a boolean, `null`, a fraction for an integer, a case variant of an enum value) is not shown: ERR-JSON-NO-COERCION, ERR-NULL-NOT-ABSENT and the assumed clauses of each operation.',
    'Other messages: `Invalid params` (bad request body)',
  ),
  assumed(
    'ERR-INVALID-PARAMS-STATUS',
    E,
    'A body that fails validation gets 400 with message `Invalid params` and an extra `errors` array of {path, message} details, one per failing field.',
  ),
  assumed(
    'ERR-MALFORMED-JSON',
    E,
    'A body that is not parseable JSON gets 400 with a message starting `Invalid params` (e.g. `Invalid params: the body is not valid JSON`).',
  ),
  assumed(
    'ERR-BODY-NOT-OBJECT',
    E,
    'A JSON body that parses but is not an object (array, string, number, null) gets 400 `Invalid params`.',
  ),
  assumed(
    'ERR-JSON-NO-COERCION',
    E,
    'JSON fields are not coerced: a value of another JSON type than the field has (a numeric string or a boolean for an integer or number field, a number or a boolean for a string or enum field) gets 400 `Invalid params`. The spec gives the types but not how a server reads another representation: one that reads `"10"` as 10 is as faithful.',
  ),
  assumed(
    'ERR-NULL-NOT-ABSENT',
    E,
    'A JSON `null` is never read as a field left out: `null` for a numeric field (an AI setting, a limit, a page) is a value of the wrong type and gets 400 `Invalid params`, optional fields included.',
  ),
  assumed(
    'ERR-UNSUPPORTED-MEDIA-TYPE',
    E,
    'A non-empty body with a content type the operation does not take (e.g. JSON to getSessions, form or text/plain to a JSON operation, or no content type at all) gets 415 in the error envelope. An empty body counts as `{}`, whatever its content type.',
  ),
  assumed(
    'ERR-BODY-TOO-LARGE',
    E,
    `A body over ${httpInput.maxBodyBytes} bytes (1 MiB) gets 413 in the error envelope.`,
  ),
  assumed(
    'ERR-BEFORE-OPERATION-ENVELOPE',
    E,
    'A request refused before it reaches an operation gets a 4xx in the error envelope {type `RXERROR`, message string}: a path with a malformed percent-escape (`%zz`, an escape cut short), header fields larger than the server takes (431 or 400), Content-Length beside Transfer-Encoding, a chunk size that is no hexadecimal number. A server may instead read such a request (headers of any size; a body framed by its Transfer-Encoding, as RFC 9112 allows): then it answers as the same request without the oddity (the chunked body: CONV-HTTP-FRAMING). Assumed, not documented: "Error envelope: `type` = `RXERROR`, `message` (string)." is a convention of the operations’ answers, and "HTTP status codes of errors other than 401, 403, 429: not shown."; a malformed path names no operation, and a request whose framing or headers the HTTP layer refuses is no message an operation reads, so whether a framework’s own error body there breaks the spec is a reading the spec does not settle (as for an unknown path, ERR-UNKNOWN-ROUTE). A 5xx there is a server error whatever the reading (ERR-NEVER-5XX). The fake’s exact answers: FAKE-HTTP-LAYER-ENVELOPE.',
  ),
  assumed('ERR-UNKNOWN-ROUTE', E, 'An unknown path gets 404 `Route not found` in the error envelope.'),
  assumed(
    'ERR-METHOD-NOT-ALLOWED',
    E,
    'A known path called with a method other than POST gets 405 with header `Allow: POST`, in the error envelope.',
  ),
  assumed(
    'ERR-CONTENT-ENCODING',
    E,
    'Content-Encoding is not shown: a body may be sent as gzip, deflate or br (or identity) and is decoded before parsing, the size limit applying to the decoded bytes; bytes that do not decode under the declared encoding get 400 with a message starting `Invalid params`; any other encoding gets 415 in the error envelope.',
  ),
  assumed(
    'ERR-INTERNAL-ENVELOPE',
    E,
    'Harness rule: should the fake itself fail unexpectedly, it still answers in the error envelope (500 `Internal server error`), with no stack trace, file path or error text in the body, and reports the error to its `onUnexpectedError` hook.',
  ),
  assumed(
    'ERR-NEVER-5XX',
    E,
    'Harness rule: no input, however malformed, yields a 5xx status or a stack trace in the body.',
  ),
  assumed(
    'ERR-UNKNOWN-FIELDS-IGNORED',
    E,
    'Unknown body fields are ignored: they neither fail validation nor change anything. This includes `__proto__`, `constructor` and `prototype` keys, which are dropped while parsing and never reach an object prototype.',
  ),
  assumed(
    'CREDITS-EXHAUSTED',
    'Limits',
    "A call that needs more credits than the organization balance (or than the project's remaining credits limit) gets 402 `Insufficient credits` and deducts nothing; on the RAG endpoints, the provider's native error shape with status 402.",
  ),
]);
