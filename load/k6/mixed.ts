/** What the soak and the smoke share in k6: credentials per family, one counted request, and the summary. */
import { check } from 'k6';
import { Counter } from 'k6/metrics';
import type { CapFamily, RagPlan } from '../lib/caps.ts';
import type { LoadConfig } from '../lib/config.ts';
import {
  type FamilyTotal,
  failedThresholds,
  type K6SummaryData,
  type MixedKind,
  mixedFromK6,
  mixedMetric,
} from '../lib/k6-metrics.ts';
import { type Credentials, familyCall } from '../lib/requests.ts';
import { formatMixedReport, mixedReport } from '../lib/summary.ts';
import { mintCredentials, runSync } from '../lib/world.ts';
import { send } from './send.ts';
import { runSuffix, summaryPath } from './target.ts';

export type FamilyCredentials = Partial<Record<CapFamily, Credentials>>;

/** The configured credentials, the same for every family. */
export function givenCredentials(config: LoadConfig): Credentials {
  return {
    ...(config.token ? { token: config.token } : {}),
    ...(config.projectKey ? { projectKey: config.projectKey } : {}),
    ...(config.ragModel ? { ragModel: config.ragModel } : {}),
  };
}

/** Fresh credentials per family through the control API (each in its own new organization). */
export function mintedCredentials(
  config: LoadConfig,
  families: readonly CapFamily[],
  plan: RagPlan,
): FamilyCredentials {
  const control = config.control!;
  const out: FamilyCredentials = {};
  for (const family of families) {
    const minted = runSync(
      mintCredentials(control, family, {
        suffix: runSuffix(),
        plan,
        ...(config.expectedCap !== undefined ? { enterpriseCap: config.expectedCap } : {}),
      }),
      (call) => send(call, { phase: 'control' }),
    );
    out[family] = { ...minted, ...(config.ragModel ? { ragModel: config.ragModel } : {}) };
  }
  return out;
}

/** Counters of one kind of mixed run; create in the init context. */
export function mixedCounters(kind: MixedKind) {
  const m = mixedMetric(kind);
  return { success: new Counter(m.success), failed: new Counter(m.failed) };
}

/** One request of `family`, counted as a 2xx or not (tags: phase and family). */
export function hit(
  kind: MixedKind,
  counters: ReturnType<typeof mixedCounters>,
  config: LoadConfig,
  family: CapFamily,
  credentials: Credentials,
): void {
  const res = send(familyCall(family, config.baseUrl, credentials), { phase: kind, family });
  const ok = res.status >= 200 && res.status < 300;
  counters.success.add(ok ? 1 : 0, { family });
  counters.failed.add(ok ? 0 : 1, { family });
  check(res, { [`${family} 2xx`]: () => ok });
  if (!ok) console.warn(`${kind} ${family}: ${res.status} ${res.body.slice(0, 300)}`);
}

export function mixedSummary(
  kind: MixedKind,
  config: LoadConfig,
  totals: readonly FamilyTotal[],
  data: K6SummaryData,
  durationS?: number,
): Record<string, string> {
  const report = mixedReport({
    kind,
    runner: 'k6',
    target: config.targetName,
    ...(durationS !== undefined ? { durationS } : {}),
    families: mixedFromK6(data, kind, totals, config.p95Ms),
    failedThresholds: failedThresholds(data),
  });
  return {
    stdout: `${formatMixedReport(report)}\n`,
    [summaryPath(config, kind)]: `${JSON.stringify(report, null, 2)}\n`,
  };
}
