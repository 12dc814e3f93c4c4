/**
 * Clauses on the fake's robustness (issue 7): what holds under adversarial input (the fuzzer, `npm run fuzz`), and
 * the fake-only means to check it. No 5xx and no stack trace under any input is ERR-NEVER-5XX (errors.ts); the
 * envelope of every non-RAG error is ERR-ENVELOPE, the native RAG error is RAG-ERROR-SHAPE.
 */
import type { Clause } from './clause.js';
import { assumed } from './define.js';

const R = 'Robustness';

export const robustnessClauses: readonly Clause[] = [
  assumed(
    'FUZZ-ERROR-SHAPE',
    R,
    'Whatever a request carries (any JSON or non-JSON body, wrong or duplicated content types and charsets, content encodings good, bad or unknown, prototype keys, huge strings and arrays, deep nesting, bytes that are not UTF-8, valid, tampered, missing or duplicated credentials, unknown paths, other methods, bytes only a raw socket sends), every answer is a valid success of the operation it reached (its success envelope with the contract data, or on the RAG routes the native completion or a well-formed event stream ending with [DONE] / message_stop), the error envelope, or on the RAG routes the dialect’s native error body; a request the HTTP layer refuses before any route gets the envelope (FAKE-HTTP-LAYER-ENVELOPE).',
  ),
  assumed(
    'FUZZ-NO-LEAK',
    R,
    'No answer (status line, headers or body) carries internal detail the request did not carry itself: no stack frame, source file location, JavaScript error class or engine message (`Cannot read properties`, `Unexpected token`, …), Node error code, `node_modules` or `node:internal` path, nor the directory the fake runs from.',
  ),
  assumed(
    'FUZZ-NO-CRASH',
    R,
    'Every request the fuzzer sends gets a complete answer (one per pipelined request, unless an answer closes the connection), within 10 s; the fake process keeps running and answering its control and public APIs to the end of the run, and no error reaches its unexpected-error hook (`[fake] unexpected error` on its stderr).',
  ),
  assumed(
    'FUZZ-STATE-CONSISTENT',
    R,
    'After every epoch of fuzzing (2,000 cases by default, each epoch starting from a reset), the store passes the consistency check (FAKE-CONSISTENCY-CHECK) and every list and read operation (getMyProjects, getOrganizationDetail, getOrganizationMembers, getSupportedModels, getProjectUsageLimit, getStats, getSessions, getSessionMessages, getChatbotExecutionLogs) answers its success envelope with the contract data for the seeded owner token or project key.',
  ),
  assumed(
    'FUZZ-MEMORY-STABLE',
    R,
    "The fake's memory stays bounded over a fuzzing run: after a warm-up (the larger of one epoch and 10% of the cases), its heap after a full GC at the end of the run (median of the last three epochs, each measured after the epoch and before the next reset) exceeds the first measure after the warm-up by at most max(16 MiB, 20%), and its resident set (VmRSS, sampled every second) at the end (median of the last 10% of samples) by at most max(128 MiB, 50%).",
  ),
  assumed(
    'FUZZ-REPRODUCIBLE',
    R,
    '`npm run fuzz` runs 200,000 cases by default against the fake started as `npm start` starts it, on 127.0.0.1 and an ephemeral port, prints its seed, the counts per operation, status, kind of input and check, writes them to reports/fuzz.json, and exits 1 on any failed check; case I of a run is drawn from the seed and I alone, so `--seed S --case I` sends the same request again.',
  ),
  assumed(
    'FUZZ-AGAINST-TARGET',
    'Harness',
    "Harness rule: `--fuzz N` on the conformance runner sends generated requests (contract bodies for every Platform and Project Integration operation the target config allows; RAG requests of both dialects with generated tools, the knowledgebase tool anywhere among them, odd tool schemas the model is asked to call, mixed content blocks, nested tool results and long histories) to the run's target, at most N, each drawn from the quota ledger; each 5xx, or answer that is not JSON where the spec documents JSON, is shrunk by fast-check and reported with its seed and replay line (`--fuzz-seed SEED:PROPERTY:PATH`), and its request is sent once more so the verdict lists it as a server error with its curl line.",
  ),
  assumed(
    'FAKE-CONSISTENCY-CHECK',
    'Harness',
    "GET /_control/consistency checks the fake's store and answers in the success envelope {consistent, checked, violations, violationCount}: every record is stored under its own id; project_uid, widget_uid, token values, session_uid, user emails and memberships are unique; organizations, members, projects, project keys, tokens, invitations, outbox emails, sessions, messages and execution logs refer to stored records (a token's projects in its own organization); credits, usage limits, settings and retention are in range; the session, message and execution-log indexes agree with their maps; and no object prototype has an enumerable property.",
  ),
  assumed(
    'FAKE-HTTP-LAYER-ENVELOPE',
    'Errors',
    "A request Node's HTTP server would answer itself, or drop, before any route gets the error envelope with `Connection: close`, whatever its path (RAG paths too): a malformed request (request line, header bytes, Content-Length, chunked coding) 400 `Invalid params: malformed HTTP request`; headers over 16 KiB 431; an HTTP/1.1 request without Host 400 `Invalid params: the Host header is missing`; an Expect other than 100-continue 417; CONNECT 405 with `Allow: POST`. After a malformed request, oversized headers or CONNECT the connection stays open for reading until the client closes it (or 5 s pass), so a client still writing its body reads the answer instead of a reset.",
  ),
];
