/**
 * k6: one request per family (Platform getMyProjects, RAG completion, project-key search) with the configured
 * credentials; every answer must be a 2xx within the family's p95 bound. Run: npm run load:smoke.
 */
import type { Options } from 'k6/options';
import { givenCredentials, hit, mixedCounters, mixedSummary } from './k6/mixed.ts';
import { k6Config } from './k6/target.ts';
import { type K6SummaryData, mixedThresholds } from './lib/k6-metrics.ts';
import { resolveSmoke } from './lib/scripts.ts';

const config = k6Config();
const families = resolveSmoke(config);
const totals = families.map((family) => ({ family, total: 1 }));
const counters = mixedCounters('smoke');

export const options: Options = {
  scenarios: { smoke: { executor: 'shared-iterations', vus: 1, iterations: 1, tags: { phase: 'smoke' } } },
  thresholds: mixedThresholds('smoke', totals, config.p95Ms),
};

export default function (): void {
  const credentials = givenCredentials(config);
  for (const family of families) hit('smoke', counters, config, family, credentials);
}

export function handleSummary(data: K6SummaryData): Record<string, string> {
  return mixedSummary('smoke', config, totals, data);
}
