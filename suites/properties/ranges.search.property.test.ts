/**
 * Bearer knowledgebase search ranges as properties (see ranges.test-support.ts): limit and query length.
 * fast-check prints the seed and the shrunk counterexample on failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { search } from '../../contract/index.js';
import { intInsideArb, textInsideArb, textTooLongArb } from '../support/arbitraries/ranges.js';
import { expectSuccess } from '../support/envelope.js';
import { need, useTarget } from '../support/use-target.js';
import { jsonRule, rangeChecks, refusedArb } from './ranges.test-support.js';

const target = useTarget();
const { runs, rejected } = rangeChecks(target);

const searchLimit = { min: search.bearer.limitMin, max: search.bearer.limitMax };
/** "limit (integer, required, 1-100)": only numeric strings and `null` are refused by the fake's reading alone. */
const searchLimitRule = jsonRule(searchLimit);
const queryLength = { min: 1, max: search.bearer.queryMaxLength };

describe('bearer searchIndexDocument ranges', () => {
  const body = (extra: Record<string, unknown>) => ({
    project_uid: target().config.project_uid,
    query: 'refund policy',
    limit: 10,
    ...extra,
  });

  it(`every limit in [${searchLimit.min}, ${searchLimit.max}] is accepted and caps the results [SEARCH-BEARER-LIMIT]`, async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    await fc.assert(
      fc.asyncProperty(intInsideArb(searchLimit), async (limit) => {
        const res = await target().call('searchIndexDocument', { body: body({ limit }) });
        const { data } = expectSuccess<unknown[]>(res, 'searchIndexDocument');
        expect(data.length).toBeLessThanOrEqual(limit);
      }),
      runs(),
    );
  });

  it(`limits outside [${searchLimit.min}, ${searchLimit.max}] or not integers get 400 Invalid params [SEARCH-BEARER-LIMIT, ERR-JSON-NO-COERCION]`, async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    await fc.assert(
      fc.asyncProperty(refusedArb(searchLimit, false), async (limit) => {
        const res = await target().call('searchIndexDocument', { body: body({ limit }) });
        await rejected(res, searchLimitRule(limit));
      }),
      runs(),
    );
  });

  it(`every query of 1 to ${queryLength.max} characters is accepted [SEARCH-BEARER-QUERY]`, async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    await fc.assert(
      fc.asyncProperty(textInsideArb(queryLength), async (query) => {
        expectSuccess(
          await target().call('searchIndexDocument', { body: body({ query }) }),
          'searchIndexDocument',
        );
      }),
      runs(),
    );
  });

  it(`every query longer than ${queryLength.max} characters gets 400 Invalid params [SEARCH-BEARER-QUERY]`, async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    await fc.assert(
      fc.asyncProperty(textTooLongArb(queryLength.max), async (query) => {
        await rejected(await target().call('searchIndexDocument', { body: body({ query }) }));
      }),
      runs(),
    );
  });

  it('an empty query gets 400 Invalid params [SEARCH-EMPTY-QUERY, SEARCH-BEARER-QUERY]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    await rejected(
      await target().call('searchIndexDocument', { body: body({ query: '' }) }),
      'SEARCH-EMPTY-QUERY',
    );
  });
});
