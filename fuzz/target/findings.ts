/**
 * A search's outcome as a conformance test gives it: one line of counts, and for each finding the shrunk request in
 * words, its seed and the command that replays it alone; its request went out once more with its server error kept,
 * so the verdict lists it (grouped with the run's other server errors, with its request, response and curl line).
 */
import type { Finding, SearchResult } from './search.js';
import { FUZZ_TEST_FILE, seedText } from './settings.js';

/** The replay line of a finding: the same target file, this file alone, one request. */
export const replayCommand = (f: Finding<unknown>): string =>
  `npm run conformance -- --target TARGET_FILE --fuzz 1 --fuzz-seed ${seedText(f.seed, { property: f.property, path: f.path })} ${FUZZ_TEST_FILE}`;

/** The counts of a search, one line. */
export const countsLine = (property: string, r: SearchResult<unknown>, planned: number): string =>
  `fuzz ${property}: ${r.sent} of ${planned} requests sent in ${r.rounds} round(s) (${statusesText(r.statuses)}), ${r.serverErrors} server error(s) met, ${r.findings.length} finding(s)${r.spent ? `; stopped: ${r.spent}` : ''}`;

const statusesText = (statuses: Readonly<Record<string, number>>): string =>
  Object.entries(statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status} × ${n}`)
    .join(', ') || 'no answers';

/** One finding in words; `kept`: its server error is in the report, with its request, response and curl line. */
export function findingText<T>(f: Finding<T>, describe: (value: T) => string, kept: boolean): string {
  return [
    `server error (${f.why}) on ${f.property === 'bodies' ? '' : `${f.property}-style RAG: `}${describe(f.value)}`,
    `  shrunk in ${f.shrinks} step(s); seed ${seedText(f.seed, { property: f.property, path: f.path })}; ${kept ? 'in the server errors of the report, with its curl line' : 'not in the report (no note of it was kept)'}`,
    `  replay: ${replayCommand(f as Finding<unknown>)}`,
  ].join('\n');
}
