/** Rules of the conformance report and of how a run treats a target it must not harm: strengths, quota, coverage. */
import { defineClauses } from './clause.js';
import { assumed } from './define.js';

const R = 'Harness/Reporting';

export const reportingClauses = defineClauses([
  assumed(
    'HARNESS-TWO-STRENGTHS',
    R,
    "A test's plain assertions check documented behaviour; the fake's choices are checked through assumed(CLAUSE-ID, check), which fails the test against the fake and, against any other target, records a warning on that assumed clause with the evidence and lets the test go on. assumed() refuses a documented clause id. Against any other target, a failing test that cites assumed clauses only is a warning on each of them, with the evidence, and the test is reported stopped (not checkable here), never failed. The report shows assumed warnings per clause; a test citing documented and assumed clauses together that checks a cited assumed clause without assumed() is listed as a strength-rule violation.",
  ),
  assumed(
    'HARNESS-INCONCLUSIVE-QUOTA',
    R,
    "Against a target other than the fake, a 429 whose body carries the spec's rate message (or any 429 of a RAG endpoint), met by a test that cites no rate-limit clause, makes that test inconclusive (quota spent), never failed; so does a test the request budget stops. The verdict is then INCOMPLETE (exit code 3) unless something failed.",
  ),
  assumed(
    'HARNESS-QUOTA-LEDGER',
    R,
    'Spending is remembered across runs in reports/quota-ledger.json, per target and per credential (a hash, never the value) with the minute of each request: a run counts what the last hour spent before planning its own, and a credential that met a 429 counts as spent until the Retry-After it was given (or an hour). Several tokens of one kind (token_pools; the Platform cap is per token) share the load: each request sent with that kind of token goes out with the least-spent one. Project keys are not pooled: the spec does not say what the RAG and search caps count per, and the fake counts them per project.',
  ),
  assumed(
    'HARNESS-STAGING-REHEARSAL',
    R,
    '`npm run rehearse` starts the fake as `npm start` does and presents it as staging: its target file without `control`, `kind: "real"`, provider states, tokens and pools kept, `allow` all true (or all false with --allow none); it runs the suite against it N times in a row sharing one quota ledger, prints each run\'s verdict and coverage, and exits 1 when any run failed a test and 4 when the first run checked fewer documented clauses than --min-documented-coverage.',
  ),
  assumed(
    'REPORT-COVERAGE',
    R,
    "The report's first screen and its JSON give the share of documented API clauses checked on this target (pass, fail or warn through suites/ tests) and group the unchecked ones by reason: no citing test, control API only, provider state not offered, missing credential, writes/quota/credits not allowed, quota spent, not checkable here (the target's own choice hides what the test reads), not in this run (a partial run). A verdict with unchecked documented clauses is never shown as a bare PASS; --min-documented-coverage gates on the share (exit code 4).",
  ),
  assumed(
    'REPORT-FAILURES-FIRST',
    R,
    "The HTML report's first screen shows the verdict, the headline's counts (REPORT-ONE-COUNT) and the likely defects (REPORT-LIKELY-DEFECTS) before anything else; then the server errors by cause, the requests without an answer, and the failing clauses one by one: each with its id, the spec's words, its failing tests (each in full once), their error, and the last request and response each exchanged with the target (REPORT-FAILURE-EXCHANGE). Passing clauses of a matrix are folded away under the others.",
  ),
  assumed(
    'REPORT-FAILURE-EXCHANGE',
    R,
    'A failed test keeps its last two exchanges with the target, redacted as recordings are (credentials and personal values) and cut to an excerpt, in the JSON report and beside its failure in the HTML report; passing tests keep none.',
  ),
  assumed(
    'REPORT-EVIDENCE',
    R,
    "A clause of the API counts as checked only through tests in suites/, which reach the target through its public interface; other tests citing it (the fake's unit tests) are shown apart as the fake's own evidence. Clauses of the harness are shown in a section of their own.",
  ),
  assumed(
    'REPORT-WAIVERS',
    R,
    'A waiver file (--waivers FILE) names a clause or a test, a reason, a link and an expiry date (YYYY-MM-DD, the last day it applies): a failure an active waiver names shows as waived and does not fail the run; an expired waiver no longer applies and is itself a report error; an active waiver whose clause or test did not fail is flagged stale. A file that is not a waiver file stops the runner with exit code 2.',
  ),
  assumed(
    'REPORT-BASELINE',
    R,
    'With --baseline FILE (an earlier reports/conformance.json), a run fails only on failures the baseline did not have; the failures it had are listed as known and those it had that no longer fail as fixed.',
  ),
  assumed(
    'REPORT-CLAUSE-QUOTES',
    R,
    "Every documented clause of the API carries the spec's own sentence(s) it rests on, verbatim (found in the spec, white space folded), and its rule says no more than they do; the HTML report shows the quote beside each failing clause, so a reader goes from a red to the spec's words in one look.",
  ),
  assumed(
    'REPORT-BOUND-ASSERTIONS',
    R,
    "A hard assertion can be bound to the documented clause(s) it checks (documented(ids, check) in suites/support/strength.ts): when it fails, the test fails, the matrix marks red only those clauses, and the test goes on checking; a property reports each counterexample against the rules it breaks and keeps checking the others. A failure not bound to a clause falls back to the clauses the test's own title cites (its describe titles' when it cites none).",
  ),
  assumed(
    'REPORT-ONE-DEFECT-ONE-RED',
    R,
    "An answer that breaks one documented statement turns that statement's clause red once, wherever a test meets it: the envelope, `total` and data shape of a success (per contract/response-clauses.ts), the error envelope and a refusal's documented message are each bound to their own clause, and a test whose answer cannot be read stops there, its other clauses not checked (readable()); an answer that fails while a test arranges its data makes that test inconclusive (`arrangement failed (what): …`, in a test or a beforeAll), and one that fails while it cleans up is a note on the test (arrange() and cleanUp() in suites/support/arrangement.ts).",
  ),
  assumed(
    'REPORT-SERVER-ERRORS',
    R,
    'Any 5xx to any request of a run, or an answer that is not JSON to a POST of a Platform or Project Integration operation (whose envelopes the spec documents as JSON), is a failing verdict item of its own ("server error") with its request and response, redacted, whatever the test was about. The report groups them by cause (the family of the operation × the status × the shape of the request: deeply nested JSON, a number past every integer type, invalid percent-encoding, or the body\'s skeleton), each group with its count (every server error the run met, those a test did not keep counted with its last kept one), its tests, one request, its response and a curl line, apart from the clause failures; the headline counts the errors and the groups.',
  ),
  assumed(
    'REPORT-NO-ANSWER',
    R,
    'A request that gets no answer within the timeout (request_timeout_ms, default 30 s), or is still waiting when its test times out, is a "no answer" item with the request, how many requests were in flight and the time waited; its test counts as inconclusive and no clause turns red for it; a run with many says the target or the network could not keep up.',
  ),
  assumed(
    'HARNESS-PROVIDER-STATE-CHECK',
    R,
    '`--check-provider-states` (and the start of every run whose target has provider_states, except record and replay) enters each provider state the target offers once with the probes of suites/target/provider-state-probes.ts, in an organization of its own, and tears it down: a refused set-up, data outside the catalogue (docs/provider-states.schema.json), a scalar param not echoed as sent, a state that does not do what the catalogue says (a balance set then read back), or a refusal of a value in the documented range of a parameter (the lower bound and a fraction of a parameter that takes any number: suites/target/provider-state-ranges.ts) is a difference naming the state and the parameter. A state with a difference is treated as not offered by the tests that need it, with that reason, and the check names the test files that enter it.',
  ),
  assumed(
    'REPORT-LIKELY-DEFECTS',
    R,
    "The failing assertions of a run (the bound failures of documented() checks, the errors of tests failed unbound, the failures of tests citing no clause; waived and baseline-known failures left out) are grouped by likely defect: by the operation of the request each failed on, the credential it went out with (the target file's name for it), and what was expected against what came (the assertion's words, the response body and the diff dropped, numbers other than HTTP statuses, ids and dates folded). An expectation that names a message, a value or a schema path (not only a status) is one defect on whatever operation and credential it fails. The report shows \"N likely defects\" first, most tests first, each with its clauses (the spec's quote a click away), its tests (counted, the first three named), one request and its response, and a curl line that sends the request again: `$BASE_URL` (or `$ORG_BASE_URL`) and the path, the credential as an environment variable named after the target file's field (`$TOKENS_OWNER`, `$PROJECT_KEY`; `$TEST_MADE_CREDENTIAL` for one a test made), never a value, and the body as sent, shell-quoted (a body the report kept only the start of is said so).",
  ),
  assumed(
    'REPORT-ONE-COUNT',
    R,
    'The numbers of a run (likely defects, failing clauses, failing tests, server errors with their groups and tests, tests without an answer, warnings, report errors, inconclusive tests, waived failures) are computed once when the report is built (the JSON\'s `headline`) and rendered as they are by the clause reporter\'s closing lines, the conformance runner\'s (and a merge\'s) closing lines, and the HTML header and section titles. Failing clauses are those that fail the run after waivers and the baseline; an assumed clause never shows "fail" against a target of kind real (its matrix status, the cards and the counts say "warn").',
  ),
  assumed(
    'REPORT-HTML-SIZE',
    R,
    "The HTML report of a whole run is at most 1 MB: what a reader opens rarely (the passing clauses of a matrix, the citing tests of a row past its first three that did not pass, further errors and skip reasons, the fake's own evidence, items past the first twenty of a list) is rendered only when its folded section is opened, from one gzip-compressed blob inside the page, decompressed by the browser (DecompressionStream), offline from file://; searching the matrix renders them all first. At 1280×800 the first screen shows the verdict, the counts and the likely defects.",
  ),
]);
