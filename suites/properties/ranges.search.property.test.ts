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
/**
 * "limit (integer, required, 1-100)": an integer outside the range is refused (documented); how a fraction, a numeric
 * string, `null` or another type is read is not shown.
 */
const searchLimitRule = jsonRule(searchLimit, {
  fraction: 'SEARCH-BEARER-WRONG-JSON-TYPE',
  wrongType: 'SEARCH-BEARER-WRONG-JSON-TYPE',
});
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

  it(`limits outside [${searchLimit.min}, ${searchLimit.max}] or not integers get 400 Invalid params [SEARCH-BEARER-LIMIT, SEARCH-BEARER-WRONG-JSON-TYPE, ERR-JSON-NO-COERCION, ERR-NULL-NOT-ABSENT]`, async (ctx) => {
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
      // A query of white space only is a string of the documented length too, but whether a server takes it as empty
      // (SEARCH-EMPTY-QUERY) is not shown: queries here say something.
      fc.asyncProperty(
        textInsideArb(queryLength).filter((q) => q.trim() !== ''),
        async (query) => {
          expectSuccess(
            await target().call('searchIndexDocument', { body: body({ query }) }),
            'searchIndexDocument',
          );
        },
      ),
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
