/**
 * k6: mixed traffic of the three capped families at a constant arrival rate for a bounded duration (DURATION,
 * default 60 s), each family sending a fraction (SOAK_FRACTION, default 0.5) of its hourly cap, so every answer must
 * be a 2xx, and each family's p95 must stay within its bound. Run: npm run load:soak (see load/README.md).
 */
import type { Options } from 'k6/options';
import {
  type FamilyCredentials,
  givenCredentials,
  hit,
  mintedCredentials,
  mixedCounters,
  mixedSummary,
} from './k6/mixed.ts';
import { k6Config } from './k6/target.ts';
import type { CapFamily } from './lib/caps.ts';
import { type K6SummaryData, mixedThresholds } from './lib/k6-metrics.ts';
import { resolveSoak } from './lib/scripts.ts';

const config = k6Config();
const soak = resolveSoak(config);
const counters = mixedCounters('soak');
const execOf: Record<CapFamily, string> = { platform: 'soakPlatform', rag: 'soakRag', search: 'soakSearch' };

export const options: Options = {
  scenarios: Object.fromEntries(
    soak.streams.map((s) => [
      `soak_${s.family}`,
      {
        executor: 'constant-arrival-rate',
        rate: s.total,
        timeUnit: `${s.durationS}s`,
        duration: `${s.durationS}s`,
        preAllocatedVUs: Math.min(s.total, config.vus),
        maxVUs: Math.min(s.total, config.vus * 4),
        exec: execOf[s.family],
        tags: { phase: 'soak', family: s.family },
      },
    ]),
  ),
  thresholds: mixedThresholds('soak', soak.streams, config.p95Ms),
  summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'],
  setupTimeout: '2m',
};

export function setup(): FamilyCredentials {
  if (soak.mode === 'control') return mintedCredentials(config, config.families, soak.ragPlan);
  const given = givenCredentials(config);
  return Object.fromEntries(config.families.map((f) => [f, given]));
}

export function soakPlatform(data: FamilyCredentials): void {
  hit('soak', counters, config, 'platform', data.platform!);
}
export function soakRag(data: FamilyCredentials): void {
  hit('soak', counters, config, 'rag', data.rag!);
}
export function soakSearch(data: FamilyCredentials): void {
  hit('soak', counters, config, 'search', data.search!);
}

export function handleSummary(data: K6SummaryData): Record<string, string> {
  return mixedSummary('soak', config, soak.streams, data, config.soak.durationS);
}
