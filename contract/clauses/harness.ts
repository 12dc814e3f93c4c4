/** Rules of the harness itself (not of the API): how reports are built. */
import { assumed } from './define.js';

const H = 'Harness';

export const harnessClauses = [
  assumed(
    'HARNESS-BROKEN-SERVERS',
    H,
    'Breaking rules (broken/rules/: plausible backend bugs, each against one documented clause, over every section of the spec) applied by a breaking proxy in front of the fake each turn the run of the suite file that cites that clause red on it, while the same runs through the unbroken proxy pass; the same proxy in front of any target is the sensitivity check (`--sensitivity`).',
  ),
  assumed(
    'HARNESS-BLAST-RADIUS',
    H,
    'The blast-radius check (`npm run blast-radius`, broken/blast-radius.ts) counts, for each breaking rule, the documented clauses that turn red (failing with the rule on, not failing in the unbroken run) when every test a whole conformance run takes runs with the rule on, against the fake over HTTP presented as staging with its control API (kind real). Each rule must turn its own clause red and no documented clause outside its declared ones (its clause and its `alsoRed` list of at most two, each entry with its reason); the median and the largest count over the rules are held to the goal (median 1, at most 3). A rule runs only the test files it changed something in during one unbroken run in which every rule observed every exchange, starting afresh with each file as the fake does: a file it changed nothing in runs as it did unbroken. It prints the table and one line per offence, writes reports/blast-radius.json, and exits 1 on an offence, 2 on a bad argument (nothing run).',
  ),
  assumed(
    'REPORT-MATRIX',
    H,
    'The conformance report maps every clause to the tests citing it: fail if any citing test fails, pass if one passes and none fails, skip (with reasons) if all are skipped, untested if none cites it. Documented failures fail the run; assumed failures fail it only against the fake.',
  ),
  assumed(
    'HARNESS-REQUEST-BUDGET',
    H,
    'Against a target without the control API the suites count their requests per credential across one run and skip, with the reason, a test that would take a Platform token past request_budget_per_token (default the 1000/h cap less 50) or the project key past request_budget_rag_per_project RAG requests (default the smallest RAG cap, 200/h, less 20).',
  ),
  assumed(
    'FAKE-OPENAPI-DOCUMENT',
    H,
    "The fake serves GET /openapi.json: a valid OpenAPI 3.1 document generated from the contract (not written by hand) with every operation of the three families, their credentials and schemas, its server variables defaulting to the fake's own {base_url} and {org_base_url}; `npm run openapi` writes the same document to reports/openapi.json.",
  ),
  assumed(
    'FAKE-DETERMINISTIC-SEED',
    H,
    'The fake is deterministic: the same seed gives the same ids, tokens, keys, fixtures and replies, and time moves only when the control API (or a test) moves the virtual clock.',
  ),
  assumed(
    'FAKE-CONTROL-SECRET',
    H,
    'The fake control API (reset, clock, tokens, journal, …) answers only requests that carry its admin secret in `x-control-secret`; any other request gets 401 `Invalid control secret` in the error envelope and changes nothing.',
  ),
  assumed(
    'FAKE-PROVIDER-STATES',
    H,
    "The fake implements the provider-state protocol (contract/provider-states/, docs/qa-staging.md \"Provider states\") at /_provider-states with its admin secret in `x-provider-states-secret` (else 401 `Invalid provider states secret`), and its target config names both under `provider_states`: GET lists every catalogue state with its version; POST {state, params} enters it through the domain's own rules, back-dating records rather than moving the clock, and answers the catalogue's data with a `teardown` handle; an unknown state is 404 `Unknown provider state: NAME`, params the state's schema refuses are 400 `Invalid params`, and a state that fails half-way is undone. POST /teardown undoes what the handle names (twice is harmless). Provider-state requests are neither journaled nor faulted, and what they change is observable only through the public API.",
  ),
  assumed(
    'HARNESS-PROVIDER-STATES',
    H,
    "The suites reach a target's provider states only through the typed client (suites/target/provider-states-client.ts, over the suites' transport, so record and replay cover it): it reads the catalogue once, offers a state only at the catalogue's own version, checks the params before sending and the answer's data against the catalogue's schema (a misfit fails the set-up, naming the field). enterState skips the test with the reason (`target has no provider_states`, `target offers no provider state \"NAME\"`, or why the catalogue could not be read) when the state is not offered, and tears every entered state down after the test, last first; a teardown answered 404 or 501 (or a catalogue saying `teardown: false`) is skipped, and a failing one is reported, never fatal.",
  ),
  assumed(
    'FAKE-REQUEST-JOURNAL',
    H,
    'The fake records every public API request (time, method, path, operation id or null, status, envelope message) in a bounded journal (the latest 2000), readable and clearable through the control API; control requests are not recorded.',
  ),
  assumed(
    'FAKE-MODEL-DEFAULT',
    H,
    'The fake model is deterministic: with the knowledgebase tool declared it searches the project knowledgebase with the conversation and answers citing the chunks it used ([1], [2], … in `sources` order); when the last user message asks for what a declared user tool does (words of its name or description), it calls that tool with arguments drawn from the message; after tool results it answers using them; it stops within the max tokens.',
  ),
  assumed(
    'FAKE-FAULT-INJECTION',
    H,
    'Through the control API (POST/GET/DELETE /_control/faults), rules make requests to one operation (or all) slower (latency_ms, wall time), answer an error status (429/500/502/503/504, in the envelope or the RAG dialect’s native error, with retry-after if given), drop the connection, or cut a streamed RAG answer after N events (truncate) or follow them with a malformed event; a rule fires on a share of the matching requests (rate, spread evenly) or on the next N only; a reset removes every rule; the control API itself is never affected.',
  ),
  assumed(
    'FAKE-MODEL-SCRIPT',
    H,
    'Through the control API, the next replies of a project can be queued (POST /_control/projects/:uid/rag/replies): text, tool calls with given arguments, an error status (with retry-after), a delay before answering, and a stream cut after N events (ended or reset). Each RAG request of the project, on either endpoint, takes the next queued reply once it has passed the key, cap, plan, body and model checks; an empty queue means the default model. A queued text (or a tool call with text) replaces only the wording: retrieval still runs when the knowledgebase tool is declared, so `sources` is filled as usual, and max tokens, usage and credits apply as to any answer.',
  ),
  assumed(
    'FAKE-CONTROL-SEEDING',
    H,
    "The control API adds users and organizations for tests: POST /_control/users takes a name and an email, kept trimmed and lowercased, and refuses an email already used with 409; POST /_control/organizations needs an existing owner user (404 `User not found` otherwise), who becomes the organization's owner member; an unknown organization id is 404 `Organization not found`. A user gets one membership per organization (added with a role, stamped with the clock's time): adding it again is 409 `User is already a member of the organization`.",
  ),
  assumed(
    'FAKE-RATE-WINDOW-CONTROL',
    H,
    "The fake's rate-limit window is configurable: its length (ms, at least 1000) and mode (`fixed`, the default, or `sliding`) through createFakeServer({ rateWindow }), FAKE_RATE_WINDOW_MS and FAKE_RATE_WINDOW for `npm start`, and POST /_control/rate-limits/window { ms?, mode? }, which lasts until the next control reset (a reset restores the start-up window, or the `rate_window` it is given, which later resets keep). A new length applies at once to the counts already made; a new mode starts every count afresh. GET /_control/rate-limits shows the window, what a reset restores and every live count; POST /_control/rate-limits/reset clears every count.",
  ),
  assumed(
    'FAKE-SHARED-FAKE',
    H,
    "Parallel jobs can share one running fake, each in an organization of its own made through the control API (POST /_control/organizations, /projects, /tokens, /projects/:uid/keys): its tokens see only its organization's projects, members, sessions and settings, and every hourly cap counts per token or per project, so one job's requests never spend another's. POST /_control/organizations/:id/rate-limits/reset clears the counts of that organization's tokens and projects only, and DELETE /_control/organizations/:id removes the organization with everything it holds (projects and their sessions, messages, logs, keys and documents; tokens; members; invitations) and its counts; both answer 404 `Organization not found` for an unknown id. The virtual clock, the rate window, the supported models, the journal and the outbox stay one per fake.",
  ),
  assumed(
    'HARNESS-SHARDED-RUN',
    H,
    "`--shard i/n` runs a deterministic 1/n of the selected test files through vitest's sharding and writes a shard result (a vitest blob and a manifest: which shard of which split, target, selection, suite and files); `merge DIR...` makes the shards of one run into one JSON, JUnit and HTML report whose clause matrix and verdict equal those of the same run unsharded, clause by clause, and refuses (exit 2, nothing written, an earlier report kept) a set with a shard missing or given twice, or shards of another split, target, selection or suite.",
  ),
  assumed(
    'HARNESS-SHARD-CREDENTIALS',
    H,
    "Against a target without the control API, shard i of n takes a disjoint share of each kind of token (the one under `tokens` and its `token_pools`, dealt round-robin) when there are at least n of that kind; with fewer, shards share a token and each may spend only its share of request_budget_per_token, and the project key's RAG budget is divided by n; the shard prints what it was dealt and what the quota ledger leaves of it before sending a request, and a test past its share is inconclusive, never red.",
  ),
  assumed(
    'HARNESS-CONCURRENT-FILES',
    H,
    "`--concurrency N` (default 8) runs up to N test files at once against a deployment without a control API (one at a time against one with it). Each file holds, while it runs, the claims suites/target/shared-data.ts gives it on the target config's shared data (settings, conversations, directory, credits): files that read one resource run beside each other and so do files that write it, never a reader beside a writer, a file that must be alone (or is not declared) runs with no other, and claims are granted all at once in arrival order, so no file waits on another forever. Against a deployment without a control API (or with `--budget`) every request of every file is admitted by one quota bank holding the run's quota ledger, one file's requests in the order it made them, so no credential sends more than its budget within the hour whatever N is; a fake with its control API and no budget has nothing to admit.",
  ),
  assumed(
    'HARNESS-BUDGET-PLAN',
    H,
    "`--budget N` plans the run before its first request: each selected test is costed as HARNESS-BUDGET-COSTS says, each scope it runs in (its file: hooks and shared arrangement; a describe block: shared arrangement) once, with the first test chosen there, and tests are chosen greedily for the most documented clauses not yet planned per request, within N less a tenth and within what each of the config's credentials has left this hour in the quota ledger; a test the costs say checks nothing here is planned without counting on its clauses. The plan is printed and written to DIR/plan.json; only its tests run; every test left out is reported skipped with `planned out (budget): <why>`, ran its file or not, so its clauses count as planned out, never as uncited; and the run coordinator refuses every request past N, whose test is then inconclusive.",
  ),
  assumed(
    'HARNESS-BUDGET-COSTS',
    H,
    "A budgeted run's tests are costed the way the run will go: a test that passed in this target's last report (or --plan-from FILE) costs what it sent there; any other (one that report skipped or planned out, or that stopped early there: failed or inconclusive) costs what it sent in the table of suites/runner/reference-costs.json measured against the fake as staging set up the closest way (with provider states or without, as the target config has them; allowing all or nothing) among those that could do all the run can, where a test that table skipped costs nothing; a test that table did not measure (it failed or stopped as inconclusive there), or skipped when none could do all the run can (a run with the control API), costs all it sent in the next closest table that measured it (its share of that table's scopes included), else the median of its file's measured tests. What the first measured test of a file or describe block sent with the config's credentials above its siblings' median is the scope's shared arrangement (the larger of the report's and the reference's), paid by whichever of its tests runs first; a test that sends with a credential the config does not have costs nothing. `npm run plan:reference` writes the tables.",
  ),
  assumed(
    'HARNESS-BENCH',
    H,
    "`npm run bench` measures the fake beside a Prism mock and a minimal Koa handler in interleaved rounds (the same requests to each): requests per second, p50 and p99 of the 2xx answers, and each server process's CPU time per request over its own rounds; the ratios fake/peer by both; the scale reads' growth, the memory after forced GCs and the cold start; and checks each against the performance issue's targets, met, missed or not measured.",
  ),
  assumed(
    'FAKE-PAGE-COST',
    H,
    "A paged read, search or list of the fake (sessions, a session's messages, execution logs with or without session_uid and dates, members, projects, knowledgebase search, stats over a range) visits a number of stored records that grows with the page or the range asked for, not with the store: ten times the sessions in a project leave a page's count within a logarithm of what it was (fake-server/domain/cost/).",
  ),
  assumed(
    'FAKE-VARIANT',
    H,
    "The fake's variant mode (createFakeServer({ variant: [...] }), FAKE_VARIANT=all or a comma-separated list of axis ids for `npm start`) takes, on each axis switched on, another choice the spec still permits than the fake's default (contract/variant-axes.ts: the spec line, the assumed clauses it flips); it is kept across control resets and state imports, an unknown axis id is refused (npm start: one line, exit 2), and with no axis the fake answers exactly as without variant mode. Its target config says kind `real` and lists the axes under `variant`, so a conformance run against it reports assumed clauses as warnings and any documented failure as a false red of the suite.",
  ),
  assumed(
    'FAKE-CORS',
    H,
    "The fake answers browsers (CORS, which the spec does not show): a preflight from an allowed origin to any path of {base_url} or {org_base_url} (Platform, Project Integration, RAG) is 204 allowing GET, HEAD and POST, the credential headers (api-key, x-api-key, authorization), content-type and the official OpenAI and Anthropic SDKs' headers; every answer to an allowed origin, errors, 429s and SSE streams included, carries Access-Control-Allow-Origin with that origin and exposes X-RateLimit-*, Retry-After, retry-after-ms and the request ids. A preflight from any other origin is 403 in the envelope and grants nothing; no preflight is journaled; a request without Origin gets no CORS headers. Allowed origins: createFakeServer({ corsOrigins }), `--cors-origins` or FAKE_CORS_ORIGINS for `npm start` (comma-separated exact origins, `scheme://host:*`, `null` or `*`; a pattern that is none of these is refused at start), by default localhost, 127.0.0.1 and [::1] on any port over http or https. The control API and the provider states get no CORS.",
  ),
  assumed(
    'HARNESS-MUTATION',
    H,
    "`npm run mutation` runs StrykerJS over the fake's domain and HTTP layers in chunks, each resumable (a chunk whose inputs are unchanged is not run again) and incremental; it prints each layer's score and strict score (timeouts counted as survivors) and exits 1 when a layer asked for scores under 85% or was never run whole; `--report` runs nothing and prints the scores of the reports there are; an unknown layer or chunk, or --report with --fresh or --chunk, is one line and exit 2, nothing run.",
  ),
  assumed(
    'HARNESS-LAYERING',
    H,
    'The layering rules hold and CI checks them with dependency-cruiser (`npm run layering`, .dependency-cruiser.cjs): no import circle between files or between folders; contract/ imports only itself and zod; fake-server/domain/ imports no Koa; in suites/ only suites/target/in-process.ts imports the fake. Tests outside suites/ may reach across rooms. A broken rule fails the check, naming the rule and the importing file.',
  ),
  assumed(
    'FAKE-ADMIN-SECRET-SAFE',
    H,
    'Bound to anything but loopback (127.0.0.0/8, ::1, localhost), `npm start` and `chatbot-fake` refuse to start with the published default admin secret, given or not: one line naming --admin-secret and FAKE_ADMIN_SECRET, exit 4, nothing listening. `--admin-secret random` makes a fresh secret, printed once in the banner and written into the target file. The control API and the provider states compare the secret in constant time (both sides hashed first).',
  ),
  assumed(
    'FAKE-CONTROL-SCOPED-SECRET',
    H,
    "POST /_control/organizations (admin secret only) answers with `control_secret`, valid for that organization alone: with it a caller may read, seed inside (projects, tokens, keys, documents, members, plan, credits), clear the counts of, enter provider states in (its organization_id or a project_uid of its own; teardowns only of states so entered) and remove that organization, and create users; every other organization, and everything fake-wide (reset, clock, faults, models, journal, outbox, rate limits, state, the target config, creating organizations), answers 403 in the control API's envelope. A reset, an imported state or the organization's removal makes the secret invalid (401).",
  ),
  assumed(
    'FAKE-HEALTH',
    H,
    '`GET /_health` (or HEAD) answers 200 `{status: "ready", version, seed}` with no credential once the fake listens, and nothing secret; another method gets 405. On SIGTERM or SIGINT the fake takes no new connection, lets requests in flight finish with their answers, closes idle connections, flushes its state file and exits 0 (a connection still busy after 10 s is cut).',
  ),
  assumed(
    'FAKE-START-OPTIONS',
    H,
    "`npm start` and the package's `chatbot-fake` take every option (port, host, seed, state file, target file, advertised URL, clock, rate window, variant, CORS origins, control secret, base paths) as a flag and as an environment variable, the flag winning (fake-server/start-options.ts); `--help` lists them with the exit codes. An unknown option or a value not accepted is one line naming the flag or variable and exit 2; a port in use is one line and exit 3; in neither case is the target file written.",
  ),
  assumed(
    'FAKE-PROCESS-STOP',
    H,
    '`npm start` and `chatbot-fake` stop on SIGTERM or SIGINT whoever receives it: the node process, npm (which passes it to the shell that runs node, and that shell dies of it), or a shell wrapper; a fake whose parent process goes away (re-parented, or the IPC channel of a parent that spawned it with one closing) stops as on SIGTERM, with one line saying so, unless it started with no parent to lose (parent pid 0 or 1). Stopping takes no new connection, answers the requests in flight, exits 0, and frees the port at once (fake-server/graceful-stop.ts).',
  ),
  assumed(
    'FAKE-TARGET-FILE',
    H,
    "A started fake writes its target config, plus `fake_process` (its pid and a /_health URL this machine reaches), atomically into reports/fake-target.json unless that file names a fake still running (its pid alive and not a zombie, and its /_health answering ready; without `fake_process`, its base_url's origin answering): then into reports/fake-target-PORT.json, with one line naming the running fake and the file written. A file given with --target-file or FAKE_TARGET_FILE is written whoever it named, with one line naming the fake it named. After every control reset (with or without a seed) and state import the process rewrites the file, before the control answer leaves, while the file still names it; at the stop the file is left as it is. A file that cannot be written is one line naming it, exit 2.",
  ),
  assumed(
    'FAKE-ADVERTISE-URL',
    H,
    '`--advertise-url URL` (FAKE_ADVERTISE_URL), an http or https origin without a path, is the origin of every URL in the banner and the target file (base_url, org_base_url, control, provider states) whatever the bound host; another value is one line naming the flag, exit 2. Bound to a wildcard address (0.0.0.0, ::) without it, the banner and the target file give a loopback URL (127.0.0.1, [::1]) and one line says teammates cannot call the bound address and to pass --advertise-url.',
  ),
  assumed(
    'FAKE-CONTROL-TARGET',
    H,
    "`GET /_control/target` answers the fake's target config itself (JSON, not in the control API's envelope), for the origin it was started with: saved as it is, it is a target file the conformance runner and the examples accept. A refusal (no, a wrong or a scoped secret) is the control API's envelope as everywhere.",
  ),
  assumed(
    'TOKEN-CREATOR-REMOVED-PERMANENT',
    'States/API token',
    'The spec gives no way out of "unusable": a token whose creator was removed from the organization stays unusable (401 with the creator message) even if the creator is added back later.',
  ),
  assumed(
    'RETENTION-SWEEP',
    'Resources/Project retention',
    'When conversation history is deleted is not shown: the fake deletes a session and its messages as soon as its age (from its last activity) exceeds retention_duration seconds on the virtual clock; reads never see it again.',
  ),
  assumed(
    'LOAD-CAP-CHECK',
    H,
    "The load checks (the k6 scripts in load/ and the Node-side check) judge a cap run on a counter that starts at zero: cap + extra requests give exactly cap 2xx and extra 429s carrying the family's message, and nothing else; sent one at a time, request #cap (0-based) is the first 429; the p95 latency stays under its bound; with the control API, fresh credentials are minted and the first request after the window (the virtual clock moved past it) succeeds. The soak sends a fraction of each cap (all 2xx); the smoke one request per family (all 2xx).",
  ),
  assumed(
    'LOAD-CONFIG',
    H,
    'The load checks read the target config file (TARGET_FILE or --target) and environment variables that override it (BASE_URL, TOKEN, PROJECT_KEY, RAG_MODEL, CONTROL_URL/CONTROL_SECRET, PLAN, EXPECTED_CAP, VUS, EXTRA, P95_MS, …), report every problem at once, and against a target without the control API refuse to spend its quota or credits unless allow.quota / allow.credits (or ALLOW_QUOTA / ALLOW_CREDITS) say so.',
  ),
  assumed(
    'LOAD-LAUNCHER',
    H,
    '`npm run load:<script>` runs `k6 run load/<script>.ts` when k6 (v0.57 or later) is on PATH or in K6_BIN, with TARGET_FILE made absolute; without k6 it prints how to install it and exits 127.',
  ),
  assumed(
    'LOAD-DISTRIBUTED',
    H,
    "A k6 cap script run as N instances (k6-operator's TestRun with parallelism N and INSTANCE_COUNT=N; a bundle per script in a ConfigMap) sends cap + extra requests in all, each instance the share of k6's execution segments (load/lib/segments.ts: the VUs over the equal segments, the iterations in proportion to them). Each instance's thresholds are only bounds that hold on a correct target whatever the interleaving (its sent count within the shares; successes between share - extra and min(share, cap); 429s between share - cap and min(share, extra); nothing else; the family's message; the p95); exactly cap 2xx and extra 429s is judged over the sum of the instances' reports (load/node/merge-instances.ts), which refuses a missing or duplicated instance. A distributed run needs given credentials (each instance runs its own setup() and teardown()), at least one VU per instance, and checks neither the order nor the recovery.",
  ),
  assumed(
    'HARNESS-PREFLIGHT',
    H,
    "Before the first test of a run that sends requests to a deployment (a run, --shard, --budget, --sensitivity, --record, the rehearsal's runs; not --replay; --check-provider-states its provider-state URL only), the runner checks that the target can be tested, in parallel with a short timeout and one request per credential and address (suites/runner/preflight*.ts): each base URL answers (connection, DNS, TLS, and the path: a 404 or an answer that is not the spec's envelope), getMyProjects answers in the envelope with every token under `tokens` and `token_pools`, getChatbotExecutionLogs (limit 1) with `project_key`, each RAG endpoint in its native format to a body without messages (no credit spent), the provider-state catalogue and the control API. A problem is one line naming the config field and what came back (a refused connection is one line, not one per token; a 401 names the credential), exit 5 with no verdict and no earlier report touched (only DIR/preflight.json is written); a target that passes prints one line. Its requests count in the quota ledger. `--preflight` runs it alone.",
  ),
  assumed(
    'HARNESS-TRANSPORT-SILENCE',
    H,
    "A request of a run that gets no answer because the transport failed (connection refused or reset, a host that does not resolve, TLS, a socket closed, a timeout; the code read on the error, its cause or an AggregateError's members) is a no-answer item with its cause and time: through the target, through an official SDK client's fetch (kept when its test does not pass) and through the provider-state client alike, its test ends inconclusive, never red. When such connection failures fill the end of a run (at least 3 tests, at least 90% of the tests that sent a request from then on), the report carries `silence` (when, how many tests, the commonest cause) and the end of the run says so first (suites/reporting/silence.ts).",
  ),
  assumed(
    'HARNESS-RAW-TRANSPORTS',
    H,
    'The suites send a request another way than undici through Target.call or Target.raw with a `transport` from suites/target/raw-http.ts, so it is budgeted in the quota ledger, counted in the report, kept for a failed test and checked for server errors as any other: `nodeHttp()` opens a fresh connection and sends a body whose headers say `transfer-encoding: chunked` in several chunks with no Content-Length; `keptAlive()` sends every request on one kept-alive socket and counts the sockets opened and the requests that reused one; `exactBytes()` writes the request byte for byte (the request target verbatim, extra header lines as given, the body with Content-Length, chunked, both, or with a chunk size `zz`, and `Connection: close`) and reads the first answer back (framed by Content-Length, chunked, or the connection closing); a connection closed without an answer, or no answer in time, is a request with no answer (HARNESS-TRANSPORT-SILENCE).',
  ),
  assumed(
    'HARNESS-SELF-TESTS-APART',
    H,
    "A run against a deployment takes only the conformance files: the test files under suites/ that import useTarget() and call it (suites/target/conformance-files.ts, the one list vitest.config.ts, the sensitivity check's selection and the shared-data declarations read); the harness's self-tests (its target client, runner, reports, contract tables) run in `npm test` only, so every count a QA run shows is about the target.",
  ),
  assumed(
    'HARNESS-COMMAND-LINE',
    H,
    "Every command of this repository (the packages' bins, the file behind each npm script, every script under examples/ and scripts/, and each `node FILE` or `tsx FILE` the docs show) answers `--help` (or `-h`) with its usage, a line starting `Usage:`, on stdout and exit 0, running nothing and needing no running fake; an unknown option, an option without its value or an argument it does not take is one line on stderr naming it and pointing at --help, exit 2, with no stack trace (bin/command-line.mjs). The k6 launcher (`npm run load:<script>`) passes options it does not know on to `k6 run`.",
  ),
];
