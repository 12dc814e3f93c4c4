/**
 * Exactness under concurrency: every request of a burst is started at once on a fresh counter (a new token, a new
 * project), and exactly the cap is admitted — each slot once — while the rest get 429 with the spec's message.
 * The transport (undici's global agent) opens a connection per request in flight, so all of them reach the server
 * together. Needs fresh counters (the control API on the fake, the provider states `token`, `project` and
 * `organization` elsewhere) and allow.quota. Hard: the numbers admitted and refused with 429
 * and the spec's message; softly, each slot taken once as X-RateLimit-Remaining shows it (RATE-HEADERS), and for
 * RAG one count across both endpoints (RATE-RAG-SCOPE).
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { otherProjectOf, ragWorldOf } from '../support/arranged-world.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { freshTokenOfState, tierZeroModels } from '../support/fresh-quota.js';
import { RATE_LIMITED, SEARCH_RATE_LIMITED } from '../support/messages.js';
import { needRag, RAG_RATE_LIMITED } from '../support/rag.js';
import { readAnswer } from '../support/rag-answer.js';
import { expectRagError } from '../support/rag-refusal.js';
import { askRag, DIALECTS, type RagDialect } from '../support/rag-wire.js';
import { modelOfTier } from '../support/rag-world.js';
import {
  all,
  expectEverySlotOnce,
  expectTally,
  freshKeyedProjectVia,
  freshTokenVia,
  isAdmitted,
  spendUntilLimited,
  tally,
} from '../support/rate-limits.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();
const SLOW = 60_000;

/** One answer per distinct status and body: checking the others again would find (and warn) the same. */
const distinct = (list: readonly RawResponse[]): RawResponse[] => [
  ...new Map(list.map((r) => [`${r.status} ${r.text}`, r])).values(),
];

const split = (list: readonly RawResponse[]) => ({
  admitted: list.filter(isAdmitted),
  refused: list.filter((r) => !isAdmitted(r)),
});

describe('caps are exact under concurrency', () => {
  it(
    'Platform token: 1,500 requests at once on a fresh token give exactly 1,000 × 200 and 500 × 429 [RATE-PLATFORM-1000, RATE-429-MESSAGE, ERR-429-STATUS]',
    async (ctx) => {
      need(ctx, target(), { quota: true });
      const cap = hourlyCaps.platformTokenPerHour;
      const t = target();
      const token = t.control ? await freshTokenVia(t.control) : await freshTokenOfState(ctx, t);
      const answers = await all(cap + 500, () =>
        target().call('getSupportedModels', { auth: { bearer: token.value }, body: {} }),
      );
      expectTally(answers, { admitted: cap, limited: 500 });
      const { admitted, refused } = split(answers);
      for (const r of distinct(admitted)) expectSuccess(r, 'getSupportedModels');
      for (const r of refused) expectError(r, 429, RATE_LIMITED);
      expectEverySlotOnce(admitted, cap);
    },
    SLOW,
  );

  it(
    'project-key search: 150 requests at once on a fresh project give exactly 100 × 200 and 50 × 429 [RATE-SEARCH-KEY-100, ERR-429-STATUS]',
    async (ctx) => {
      need(ctx, target(), { quota: true });
      const cap = hourlyCaps.projectKeySearchPerHour;
      const t = target();
      const auth = t.control
        ? (await freshKeyedProjectVia(t.control)).auth
        : { apiKey: (await otherProjectOf(ctx, t)).project_key };
      const answers = await all(cap + 50, () =>
        target().call('searchIndexDocumentByProjectKey', { auth, body: { query: 'refund', limit: 3 } }),
      );
      expectTally(answers, { admitted: cap, limited: 50 });
      const { admitted, refused } = split(answers);
      for (const r of distinct(admitted)) expectSuccess(r, 'searchIndexDocumentByProjectKey');
      for (const r of refused) expectError(r, 429, SEARCH_RATE_LIMITED);
      expectEverySlotOnce(admitted, cap);
    },
    SLOW,
  );

  it(
    'RAG on Professional: 300 requests at once on a fresh project, both endpoints, give exactly 200 answers and 100 × 429 [RATE-RAG-PROFESSIONAL-200, RATE-RAG-SCOPE, RAG-RATE-LIMIT-NATIVE]',
    async (ctx: TestContext) => {
      need(ctx, target(), { quota: true });
      for (const dialect of DIALECTS) await needRag(ctx, target(), dialect);
      const cap = hourlyCaps.ragPerHour.professional;
      const t = target();
      const models = t.control
        ? {
            openai: (await modelOfTier(t.control, 'openai', 0)).value,
            anthropic: (await modelOfTier(t.control, 'anthropic', 0)).value,
          }
        : await tierZeroModels(ctx, t);
      const world = await ragWorldOf(ctx, t, { plan: 'professional' });
      const dialectOf = (i: number): RagDialect => DIALECTS[i % 2]!;
      const answers = await all(cap + 100, (i) =>
        askRag(
          target(),
          dialectOf(i),
          { model: models[dialectOf(i)], messages: 'Hi', maxTokens: 5 },
          world.auth,
        ),
      );
      answers.forEach((r, i) => {
        if (isAdmitted(r)) readAnswer(dialectOf(i), r);
        else expectRagError(dialectOf(i), r, 429, RAG_RATE_LIMITED);
      });
      // Hard: neither endpoint admitted more than the cap (the spec does not say whether they share one count).
      for (const dialect of DIALECTS)
        expect(
          tally(answers.filter((_, i) => dialectOf(i) === dialect)).admitted,
          dialect,
        ).toBeLessThanOrEqual(cap);
      // The fake's scope: one count for the project across both endpoints.
      assumed('RATE-RAG-SCOPE', () =>
        expectTally(answers, { admitted: cap, limited: 100 }, 'RAG-SUCCESS-200'),
      );
      expectEverySlotOnce(split(answers).admitted, cap, 'RAG-RATE-LIMIT-HEADERS', 'RAG-RATE-LIMIT-HEADERS');
      // Whatever the scope, one endpoint reaches its cap within the hour: then 429.
      const openai = () =>
        askRag(target(), 'openai', { model: models.openai, messages: 'Hi', maxTokens: 5 }, world.auth);
      const admittedOpenai = tally(answers.filter((_, i) => dialectOf(i) === 'openai')).admitted;
      const { last } = await spendUntilLimited(openai, cap - admittedOpenai);
      expectRagError('openai', last, 429, RAG_RATE_LIMITED);
    },
    SLOW,
  );
});
