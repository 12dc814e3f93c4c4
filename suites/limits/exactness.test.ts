/**
 * Exactness under concurrency: every request of a burst is started at once on a fresh counter (a new token, a new
 * project), and exactly the cap is admitted — each slot once — while the rest get 429 with the spec's message.
 * The transport (undici's global agent) opens a connection per request in flight, so all of them reach the server
 * together. Needs the control API (fresh counters) and allow.quota.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { RATE_LIMITED, SEARCH_RATE_LIMITED } from '../support/messages.js';
import { needRag, RAG_RATE_LIMITED } from '../support/rag.js';
import { askRag, DIALECTS, expectRagError, type RagDialect, readAnswer } from '../support/rag-wire.js';
import { modelOfTier, ragWorldVia } from '../support/rag-world.js';
import {
  all,
  expectEverySlotOnce,
  freshKeyedProjectVia,
  freshTokenVia,
  statusCounts,
} from '../support/rate-limits.js';
import { need, useTarget } from '../support/use-target.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();
const control = () => target().control!;
const SLOW = 60_000;

const split = (list: readonly RawResponse[]) => ({
  admitted: list.filter((r) => r.status === 200),
  refused: list.filter((r) => r.status !== 200),
});

describe('caps are exact under concurrency', () => {
  it(
    'Platform token: 1,500 requests at once on a fresh token give exactly 1,000 × 200 and 500 × 429 [RATE-PLATFORM-1000, RATE-429-MESSAGE, ERR-429-STATUS]',
    async (ctx) => {
      need(ctx, target(), { control: true, quota: true });
      const cap = hourlyCaps.platformTokenPerHour;
      const token = await freshTokenVia(control());
      const answers = await all(cap + 500, () =>
        target().call('getSupportedModels', { auth: { bearer: token.value }, body: {} }),
      );
      expect(statusCounts(answers)).toEqual({ 200: cap, 429: 500 });
      const { admitted, refused } = split(answers);
      for (const r of admitted) expectSuccess(r, 'getSupportedModels');
      for (const r of refused) expectError(r, 429, RATE_LIMITED);
      expectEverySlotOnce(admitted, cap);
    },
    SLOW,
  );

  it(
    'project-key search: 150 requests at once on a fresh project give exactly 100 × 200 and 50 × 429 [RATE-SEARCH-KEY-100, ERR-429-STATUS]',
    async (ctx) => {
      need(ctx, target(), { control: true, quota: true });
      const cap = hourlyCaps.projectKeySearchPerHour;
      const { auth } = await freshKeyedProjectVia(control());
      const answers = await all(cap + 50, () =>
        target().call('searchIndexDocumentByProjectKey', { auth, body: { query: 'refund', limit: 3 } }),
      );
      expect(statusCounts(answers)).toEqual({ 200: cap, 429: 50 });
      const { admitted, refused } = split(answers);
      for (const r of admitted) expectSuccess(r, 'searchIndexDocumentByProjectKey');
      for (const r of refused) expectError(r, 429, SEARCH_RATE_LIMITED);
      expectEverySlotOnce(admitted, cap);
    },
    SLOW,
  );

  it(
    'RAG on Professional: 300 requests at once on a fresh project, both endpoints, give exactly 200 answers and 100 × 429 [RATE-RAG-PROFESSIONAL-200, RATE-RAG-SCOPE, RAG-RATE-LIMIT-NATIVE]',
    async (ctx: TestContext) => {
      need(ctx, target(), { control: true, quota: true });
      for (const dialect of DIALECTS) await needRag(ctx, target(), dialect);
      const cap = hourlyCaps.ragPerHour.professional;
      const models = {
        openai: (await modelOfTier(control(), 'openai', 0)).value,
        anthropic: (await modelOfTier(control(), 'anthropic', 0)).value,
      };
      const world = await ragWorldVia(control(), { plan: 'professional' });
      const dialectOf = (i: number): RagDialect => DIALECTS[i % 2]!;
      const answers = await all(cap + 100, (i) =>
        askRag(
          target(),
          dialectOf(i),
          { model: models[dialectOf(i)], messages: 'Hi', maxTokens: 5 },
          world.auth,
        ),
      );
      expect(statusCounts(answers)).toEqual({ 200: cap, 429: 100 });
      answers.forEach((r, i) => {
        if (r.status === 200) readAnswer(dialectOf(i), r);
        else expectRagError(dialectOf(i), r, 429, RAG_RATE_LIMITED);
      });
      expectEverySlotOnce(split(answers).admitted, cap);
    },
    SLOW,
  );
});
