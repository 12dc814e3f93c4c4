/**
 * Every documented clause of the API quotes the spec (issue 32, DESIGN.md "A documented clause quotes the spec"): its
 * `quote` holds the sentence(s) it rests on, each found verbatim in ../shared/spec/chatbot-platform-api.md (runs of
 * white space folded to one space, so a quote may be wrapped in the source). A quote that drifts from the spec, or a
 * documented clause without one, fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clauses, scopeOf } from './index.js';

const SPEC = new URL('../../../shared/spec/chatbot-platform-api.md', import.meta.url);
const fold = (text: string): string => text.replace(/\s+/g, ' ').trim();
const spec = fold(readFileSync(SPEC, 'utf8'));

const documentedApi = clauses.filter((c) => c.kind === 'documented' && scopeOf(c) === 'api');

describe('documented clauses quote the spec [REPORT-CLAUSE-QUOTES]', () => {
  it('every documented clause of the API has at least one quote', () => {
    const missing = documentedApi.filter((c) => !c.quote || c.quote.length === 0).map((c) => c.id);
    expect(missing, 'documented clauses without a quote').toEqual([]);
  });

  it('every quote is found verbatim in the spec', () => {
    const absent = documentedApi.flatMap((c) =>
      (c.quote ?? []).filter((q) => !spec.includes(fold(q))).map((q) => `${c.id}: ${q}`),
    );
    expect(absent, 'quotes not in the spec').toEqual([]);
  });

  it('quotes are sentences, not fragments: at least three words each', () => {
    const short = documentedApi.flatMap((c) =>
      (c.quote ?? []).filter((q) => fold(q).split(' ').length < 3).map((q) => `${c.id}: ${q}`),
    );
    expect(short).toEqual([]);
  });

  it('assumed clauses carry no quote (what they rest on is what the spec leaves open)', () => {
    expect(clauses.filter((c) => c.kind === 'assumed' && c.quote).map((c) => c.id)).toEqual([]);
  });
});
