/** The runner's --help (suites/runner/conformance.ts): every option, the reports and the exit codes. */
import { REPORT_FILES } from '../reporting/report.js';

export const helpText = (
  PROGRAM: string,
): string => `Usage: ${PROGRAM} --target FILE [--out DIR] [--record DIR] [--filter PATTERN] [--min-documented-coverage N] [FILES...]
       ${PROGRAM} --replay DIR [--out DIR] [--filter PATTERN] [FILES...]
       ${PROGRAM} --target FILE --sensitivity [--rule ID]... [--out DIR]
       ${PROGRAM} --target FILE --budget N [--plan-from FILE] [--concurrency N] [--out DIR] [FILES...]
       ${PROGRAM} --target FILE --shard i/n [--out DIR] [--filter PATTERN] [FILES...]
       ${PROGRAM} merge DIR... [--out DIR] [--waivers FILE] [--baseline FILE] [--min-documented-coverage N]
       ${PROGRAM} --target FILE --check-provider-states [--out DIR]
       ${PROGRAM} --target FILE --preflight [--out DIR]
       ${PROGRAM} --target FILE --fuzz N [--fuzz-seed S] [--out DIR] [FILES...]

Runs the conformance suites once against a deployment and gates on the clause verdict. Before the first test it
checks that the target can be tested at all (the pre-flight: each address and credential of the target file, one
request each); a target that cannot be is one line per problem and exit 5, no verdict.

Options:
  -t, --target FILE      target config JSON (schema TargetConfig in contract/target-config.ts);
                         \`npm start\` and \`chatbot-fake\` write one for the fake at reports/fake-target.json
  -o, --out DIR          where the reports and the quota ledger go (default ./reports)
      --record DIR       also record every interaction into cassettes under DIR (one per test file, credentials
                         and personal values redacted; DIR is emptied first), e.g. fixtures/cassettes/staging
      --replay DIR       run offline against the cassettes recorded in DIR (its target.json is the target); a
                         request no cassette matches fails its test, naming the closest recorded request
  -f, --filter PATTERN   only run tests whose full name matches this regular expression,
                         e.g. a clause id: --filter SET-TEMPERATURE-RANGE (a partial run)
      --waivers FILE     a waiver file: failures of the clauses or tests it names show as waived until
                         each waiver's expiry date; an expired waiver fails the run; a waiver
                         on a clause that passes is flagged stale
                         (docs/qa-staging.md#waivers-and-baselines)
      --baseline FILE    an earlier reports/conformance.json of this target: fail only on failures
                         it did not have, and list what was fixed since
      --min-documented-coverage N
                         fail the gate (exit 4) when fewer than N percent (0-100) of the spec's
                         documented clauses were checked on this target
      --sensitivity      what a run on this target would catch: puts the breaking proxy (broken/) in front of
                         the target and, after one unbroken run, runs for each breaking rule only the tests
                         citing the documented clause it breaks, with this target's credentials, allow-list and
                         provider states; prints caught / missed / not checkable here (and why) per rule and adds a
                         sensitivity section to the reports. Requests count against the same quota ledger and
                         request budget as a normal run (docs/qa-staging.md, "The sensitivity check")
      --rule ID          with --sensitivity: only this breaking rule (repeatable; ids in broken/rules/)
      --concurrency N    how many test files run side by side against a deployment (default 8; 1 runs them one
                         by one); files that touch the same shared data of the target config wait for each other
                         and files that must be alone run alone (suites/target/shared-data.ts), and every request
                         is drawn from one quota ledger. Against a target with a control API files run one at a
                         time (docs/qa-staging.md, "Concurrency")
      --budget N         send at most N requests: before any request, plan the run to check the most documented
                         clauses per request within N and within what each credential of the target config has
                         left this hour (the quota ledger), from what each test sent in this target's last report
                         in DIR (or --plan-from FILE) and, for every test it did not measure, from the reference
                         costs measured with or without provider states and allow all or none, as the target config
                         has them; print the plan, run only its tests, and report the others' clauses as
                         "planned out (budget)" (DIR/plan.json says why each test was left out). A request past N
                         is not sent: its test is inconclusive. The provider state check before the run is not
                         counted (docs/qa-staging.md, "A run that fits its quota")
      --plan-from FILE   with --budget: the earlier conformance.json whose per-test requests cost the plan
      --fuzz N           also fuzz the target in this run (fuzz/target/): at most N generated requests, drawn from
                         the quota ledger; each 5xx or non-JSON answer is shrunk and reported as a server error
                         with its seed and curl line (FILES \`fuzz/target\` runs the fuzz alone)
      --fuzz-seed S      with --fuzz: the seed (drawn and printed when not given), or a finding's SEED:PROPERTY:PATH
                         to send its shrunk request again
      --shard i/n        run the i-th of n shards of the suite (vitest's sharding: a deterministic 1/n of the
                         test files) into DIR/shard-i-of-n/ (DIR is --out, default ./reports), with a share of
                         the target's tokens dealt apart from the other shards' (token_pools); prints what it
                         was dealt before sending a request; exits 0 once its result is written. The verdict is
                         the merge's: \`${PROGRAM} merge DIR...\` (docs/ci.md, "Sharded runs")
      --check-provider-states
                         only enter each provider state the target offers once, with the probes of
                         suites/target/provider-state-probes.ts, tear it down, and print every difference from
                         the catalogue (docs/provider-states.schema.json): the state, the parameter, what came
                         back; writes DIR/provider-states-check.json. Every run whose target has provider_states
                         does this first, and treats a state that fails as not offered (its tests skip, saying why)
      --preflight        only the pre-flight: send each probe once (the base URLs, getMyProjects with every token of
                         tokens and token_pools, getChatbotExecutionLogs with project_key, each RAG endpoint a body
                         without messages, the provider-state catalogue, the control API), print one line per
                         problem naming its field, write DIR/preflight.json; exit 0 or 5. Every run that sends
                         requests does this first (not --replay) (docs/qa-staging.md, "Pre-flight")
  FILES...               only run test files whose path contains one of these strings
  -h, --help             show this help

Reports (in ./reports, or --out DIR):
  ${REPORT_FILES.html}, ${REPORT_FILES.json}, ${REPORT_FILES.junit}; quota-ledger.json (unless
  CONFORMANCE_QUOTA_LEDGER names another file); preflight.json (what each pre-flight probe sent and got)

Exit codes:
  0  verdict PASS: no documented clause failed (and, against kind "fake", no assumed clause);
     assumed clauses failing against kind "real" are reported as warnings; the share of
     documented clauses checked is printed beside it
  1  verdict FAIL, or no report was produced
  2  usage error: missing or invalid target config, unknown option or bad value
  3  verdict INCOMPLETE: nothing failed, but tests met a spent hourly quota (inconclusive);
     run again when the quota is back (reports/quota-ledger.json says what was spent)
  4  nothing failed, but fewer documented clauses were checked than --min-documented-coverage
  5  the target cannot be tested (the pre-flight: a refused connection, a host that does not resolve, TLS, a wrong
     path, a credential of the target file refused): one line per problem naming the field; no test ran, no
     verdict, earlier reports as they were (DIR/preflight.json says what each probe got)
With merge: as above, and 2 when the shards given are not one whole run (one missing, one given twice, another
  target or selection); nothing is written then
With --check-provider-states: 0 every state the target offers passed, 1 one failed or the catalogue could not be
  read, 2 usage error, 5 the provider-state URL cannot be reached or answers no catalogue
With --sensitivity: 0 the check ran and the unbroken run did not fail (caught and missed are in the table),
  1 the unbroken run failed (its failing clauses' rules are not checkable) or no report, 2 usage error
  (an unknown --rule, a missing target, an option that does not go with it), 5 the target cannot be tested; an
  earlier report is kept`;
