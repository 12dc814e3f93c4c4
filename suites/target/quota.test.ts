/**
 * The cap tests meet their own 429s: quota.ts stops a test as inconclusive on a spec-rate 429 unless its title cites a
 * rate-limit clause, so a cap test that cited none would stop on the very answer it checks, on every target that is
 * not the fake, and its clauses would go unchecked without a red.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clauseById } from '../../contract/clauses/index.js';
import { rawResponse } from './exchange.js';
import { aboutRateLimits, inconclusiveReason } from './quota.js';

const ROOT = join(import.meta.dirname, '../..');

/** The files whose every test spends a cap. */
const CAP_FILES = [
  ...readdirSync(join(ROOT, 'suites/limits'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `suites/limits/${f}`),
  'suites/rag/caps.test.ts',
];

/** Test titles of a file: the quoted strings that end in a list of clause ids. */
function titlesOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/(['`])((?:(?!\1)[^\n])*\[[A-Z][A-Z0-9-]*(?:, [A-Z][A-Z0-9-]*)*\])\1/g)].map(
    (m) => m[2] as string,
  );
}

describe('cap tests are rate-limit tests [HARNESS-INCONCLUSIVE-QUOTA]', () => {
  it('the documented caps and the 429 status are rate-limit clauses', () => {
    for (const id of [
      'RATE-PLATFORM-1000',
      'RATE-PLATFORM-PER-TOKEN',
      'RATE-429-MESSAGE',
      'RATE-RAG-PROFESSIONAL-200',
      'RATE-RAG-ADVANCED-AGENCY-1000',
      'RATE-SEARCH-KEY-100',
      'ERR-429-STATUS',
    ]) {
      expect(clauseById(id)?.kind, id).toBe('documented');
      expect(aboutRateLimits(`cap [${id}]`), id).toBe(true);
    }
  });

  it.for(CAP_FILES)('every test of %s cites a rate-limit clause, so its 429s are its subject', (file) => {
    const titles = titlesOf(file);
    expect(titles.length, 'titles found').toBeGreaterThan(0);
    expect(titles.filter((title) => !aboutRateLimits(title))).toEqual([]);
    const limited = rawResponse(
      429,
      {},
      JSON.stringify({ type: 'RXERROR', message: 'Rate limit exceeded. Please try again later.' }),
    );
    const what = { operation: '/getSupportedModels', credential: 'a test-made credential', rag: false };
    for (const title of titles) expect(inconclusiveReason(limited, what, title), title).toBeUndefined();
  });
});
