/** The variant-axes table against the clause catalogue (FAKE-VARIANT). */
import { describe, expect, it } from 'vitest';
import { clauseById } from './clauses/index.js';
import { ALL_VARIANT_AXES, variantAxes, variantAxisIds } from './variant-axes.js';

describe('the variant-axes table [FAKE-VARIANT]', () => {
  it('every flipped clause exists in the catalogue and is assumed (a documented clause is never flipped)', () => {
    const wrong = variantAxes.flatMap((a) =>
      a.flips
        .filter((id) => clauseById(id)?.kind !== 'assumed')
        .map((id) => `${a.id}: ${id} is ${clauseById(id)?.kind ?? 'not in the catalogue'}`),
    );
    expect(wrong).toEqual([]);
  });

  it('ids are unique lower-kebab (never `all`), each axis has a spec line and a description, flips are listed once', () => {
    expect(new Set(variantAxisIds).size).toBe(variantAxes.length);
    for (const a of variantAxes) {
      expect(a.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(a.id).not.toBe(ALL_VARIANT_AXES);
      expect(a.spec_line.trim()).not.toBe('');
      expect(a.description.trim()).not.toBe('');
      expect(new Set(a.flips).size).toBe(a.flips.length);
    }
  });

  it('the FAKE-VARIANT clause itself is in the catalogue, assumed, in the Harness section', () => {
    expect(clauseById('FAKE-VARIANT')).toMatchObject({ kind: 'assumed', section: 'Harness' });
  });
});
