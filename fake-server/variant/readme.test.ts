/**
 * The "Variant mode" section of docs/qa-staging.md (moved there from the top README) against contract/variant-axes.ts
 * (FAKE-VARIANT): its table lists every axis.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { variantAxes } from '../../contract/variant-axes.js';

const page = readFileSync(new URL('../../docs/qa-staging.md', import.meta.url), 'utf8');
const start = page.indexOf('## Variant mode (FAKE_VARIANT)');
/** The section, up to the next heading of its level (or the end of the page). */
const end = page.indexOf('\n## ', start + 1);
const section = page.slice(start, end === -1 ? undefined : end);

describe('docs/qa-staging.md documents the variant mode [FAKE-VARIANT]', () => {
  it('has the section, with how to start it', () => {
    expect(start).toBeGreaterThan(0);
    expect(section).toContain('FAKE_VARIANT=all npm start');
    expect(section).toContain('FAKE_VARIANT=invalid-params-422,no-rate-headers npm start');
  });

  it('has one table row per axis of contract/variant-axes.ts, with its spec line and every clause it flips', () => {
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows.map((row) => /^\| `([^`]+)`/.exec(row)?.[1])).toEqual(variantAxes.map((a) => a.id));
    for (const [i, axis] of variantAxes.entries()) {
      const row = rows[i]!;
      expect(row).toContain(axis.spec_line.replace(/\|/g, '\\|'));
      for (const id of axis.flips) expect(row).toContain(`\`${id}\``);
      expect(row.match(/`[A-Z0-9]+(?:-[A-Z0-9]+)+`/g) ?? []).toHaveLength(axis.flips.length);
    }
  });
});
