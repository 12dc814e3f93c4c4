/**
 * One k6 cap script, built from the shared logic of load/lib: `cap + extra` requests as shared iterations over
 * VUS virtual users, each response counted by observe(); thresholds that fail the run unless the counts are exact
 * and the p95 is within its bound; with the control API, fresh credentials in setup() and, in teardown(), the first
 * request after the window; a handleSummary that prints and writes the report. As one of INSTANCE_COUNT k6
 * instances (k6-operator), it sends the share its execution segment gives it, holds itself to what one instance can
 * see, and prints its report on a marked line for the sum check (load/lib/merge.ts).
 */
import { check } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { observe } from '../lib/caps.ts';
import { errorMessageOf } from '../lib/http.ts';
import {
  capLatencyMetric,
  capMetric,
  capThresholds,
  failedThresholds,
  instanceThresholds,
  type K6SummaryData,
  metricValue,
  tallyFromK6,
} from '../lib/k6-metrics.ts';
import { instanceReportLine } from '../lib/merge.ts';
import { type Credentials, familyCall } from '../lib/requests.ts';
import { type CapScript, resolveCapRun } from '../lib/scripts.ts';
import { capReport, formatCapReport, type Recovery } from '../lib/summary.ts';
import { advancePastWindow, mintCredentials, runSync } from '../lib/world.ts';
import { expect2xxOr429, send } from './send.ts';
import { k6Config, runSuffix, summaryPath } from './target.ts';

interface SetupData {
  credentials: Credentials;
}

/** Unexpected answers each VU logs in full before it only counts them. */
const LOGGED_PER_VU = 5;

export function capScript(script: CapScript) {
  const config = k6Config();
  const run = resolveCapRun(script, config);
  const { plan, family } = run;
  const control = config.control;
  const boundMs = config.p95Ms[family];

  const sent = new Counter(capMetric.sent);
  const requestIndex = new Trend(capMetric.index);
  const success = new Counter(capMetric.success);
  const rateLimited = new Counter(capMetric.rateLimited);
  const other = new Counter(capMetric.other);
  const wrongMessage = new Counter(capMetric.wrongMessage);
  const outOfOrder = new Counter(capMetric.outOfOrder);
  const rateLimitedIndex = new Trend(capMetric.rateLimitedIndex);
  const recovered = new Counter(capMetric.recovered);
  const recoveryFailed = new Counter(capMetric.recoveryFailed);
  let logged = 0;
  expect2xxOr429();

  const options: Options = {
    scenarios: {
      cap: {
        executor: 'shared-iterations',
        vus: plan.concurrency,
        iterations: plan.sent,
        maxDuration: `${config.maxDurationS}s`,
        tags: { phase: 'cap', family },
      },
    },
    // One of several instances (INSTANCE_COUNT): only what one instance can see (LOAD-DISTRIBUTED).
    thresholds: run.distribution
      ? instanceThresholds(plan, run.distribution, boundMs)
      : capThresholds(plan, boundMs, control !== undefined),
    summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'],
    setupTimeout: '2m',
    teardownTimeout: '2m',
  };

  const controlSend = (call: Parameters<typeof send>[0]) => send(call, { phase: 'control' });

  function setup(): SetupData {
    if (!control) {
      return {
        credentials: {
          ...(config.token ? { token: config.token } : {}),
          ...(config.projectKey ? { projectKey: config.projectKey } : {}),
          ...(config.ragModel ? { ragModel: config.ragModel } : {}),
        },
      };
    }
    const minted = runSync(
      mintCredentials(control, family, {
        suffix: runSuffix(),
        plan: run.ragPlan ?? 'advanced',
        ...(config.expectedCap !== undefined ? { enterpriseCap: config.expectedCap } : {}),
      }),
      controlSend,
    );
    return { credentials: { ...minted, ...(config.ragModel ? { ragModel: config.ragModel } : {}) } };
  }

  function iteration(data: SetupData): void {
    const index = exec.scenario.iterationInTest;
    const res = send(familyCall(family, config.baseUrl, data.credentials), {});
    const message = res.status === 429 ? errorMessageOf(res.body) : undefined;
    const o = observe(plan, index, res.status, message);
    sent.add(1);
    requestIndex.add(index);
    success.add(o.outcome === 'success' ? 1 : 0);
    rateLimited.add(o.outcome === 'rate_limited' ? 1 : 0);
    other.add(o.outcome === 'other' ? 1 : 0);
    wrongMessage.add(o.wrongMessage ? 1 : 0);
    outOfOrder.add(o.outOfOrder ? 1 : 0);
    if (o.outcome === 'rate_limited') rateLimitedIndex.add(index);
    check(res, { '2xx or 429': (r) => r.status === 429 || (r.status >= 200 && r.status < 300) });
    if ((o.outcome === 'other' || o.wrongMessage) && logged < LOGGED_PER_VU) {
      logged += 1;
      console.warn(`request #${index}: ${res.status} ${res.body.slice(0, 300)}`);
    }
  }

  /** With the control API: move the fake's clock past the window; the next request must succeed again. */
  function teardown(data: SetupData): void {
    if (!control) return;
    const { windowMs } = runSync(advancePastWindow(control), controlSend);
    const res = send(familyCall(family, config.baseUrl, data.credentials), { phase: 'recovery', family });
    const ok = res.status >= 200 && res.status < 300;
    recovered.add(ok ? 1 : 0);
    recoveryFailed.add(ok ? 0 : 1);
    if (!ok) {
      console.error(
        `recovery: after the ${windowMs} ms window the request got ${res.status} ${res.body.slice(0, 300)}`,
      );
    }
  }

  function handleSummary(data: K6SummaryData): Record<string, string> {
    let recovery: Recovery = { status: 'not-checked', detail: 'no control API: it would take the real hour' };
    if (control) {
      const ok = (metricValue(data, capMetric.recovered, 'count') ?? 0) === 1;
      recovery = ok
        ? { status: 'ok', detail: 'the first request after the window succeeded' }
        : { status: 'failed', detail: 'the first request after the window did not succeed (see the log)' };
    }
    const report = capReport({
      run,
      runner: 'k6',
      target: config.targetName,
      tally: tallyFromK6(data),
      p95Ms: metricValue(data, capLatencyMetric, 'p(95)'),
      p95BoundMs: boundMs,
      elapsedMs: data.state?.testRunDurationMs ?? null,
      recovery,
      failedThresholds: failedThresholds(data),
      firstIndex: metricValue(data, capMetric.index, 'min'),
    });
    // An instance also prints its report on one marked line: the runners' logs are all the merge needs.
    const line = run.distribution ? `${instanceReportLine(report)}\n` : '';
    return {
      stdout: `${formatCapReport(report)}\n${line}`,
      [summaryPath(config, script)]: `${JSON.stringify(report, null, 2)}\n`,
    };
  }

  return { options, setup, iteration, teardown, handleSummary };
}
