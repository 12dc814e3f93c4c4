/**
 * The hourly caps of the RAG endpoints, per plan (Professional 200; Advanced and Agency 1000; Enterprise set per
 * organization, 1000 by default), counted per project across both endpoints, answered 429 in the native shape
 * with `retry-after`. Every test works in new organizations made through the control API, so its counters start
 * at zero, and advances the virtual clock instead of waiting. Requests are short (no knowledgebase, 5 tokens) and
 * sent 20 at a time.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { needRag, RAG_RATE_LIMITED } from '../support/rag.js';
import { askRag, DIALECTS, expectRagError, type RagDialect, readAnswer } from '../support/rag-wire.js';
import {
  clearRepliesVia,
  modelOfTier,
  projectKeyVia,
  type RagWorld,
  ragProjectVia,
  ragWorldVia,
  scriptRepliesVia,
  setPlanVia,
} from '../support/rag-world.js';
import { need, useTarget } from '../support/use-target.js';
import { clockNow } from '../support/world.js';
import type { Auth } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();
const control = () => target().control!;

const CONCURRENCY = 20;
const SLOW = 120_000;

/** Models of tier 0 (usable on every plan from Professional), one per dialect. */
let models: Record<RagDialect, string> | undefined;

async function prepare(ctx: TestContext): Promise<Record<RagDialect, string>> {
  need(ctx, target(), { control: true, quota: true });
  for (const dialect of DIALECTS) await needRag(ctx, target(), dialect);
  models ??= {
    openai: (await modelOfTier(control(), 'openai', 0)).value,
    anthropic: (await modelOfTier(control(), 'anthropic', 0)).value,
  };
  return models;
}

/** One short, cheap request. */
const ping = (dialect: RagDialect, auth: Auth, body?: Record<string, unknown>) =>
  askRag(
    target(),
    dialect,
    body ? { native: body } : { model: models![dialect], messages: 'Hi', maxTokens: 5 },
    auth,
  );

/** `n` requests, CONCURRENCY at a time; `dialectOf(i)` picks each one's endpoint. */
async function burst(
  n: number,
  auth: Auth,
  dialectOf: (i: number) => RagDialect = () => 'openai',
): Promise<RawResponse[]> {
  const out: RawResponse[] = [];
  for (let i = 0; i < n; i += CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONCURRENCY, n - i) }, (_, k) =>
      ping(dialectOf(i + k), auth),
    );
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

const statuses = (list: readonly RawResponse[]) => list.map((r) => r.status);
const alternate = (i: number): RagDialect => DIALECTS[i % 2]!;

/** A 429 of the RAG cap in the dialect's native shape, with retry-after of at most an hour. */
function expectCapped(dialect: RagDialect, res: RawResponse, cap: number): void {
  expectRagError(dialect, res, 429, RAG_RATE_LIMITED);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter), `retry-after ${res.headers['retry-after']}`).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(res.headers['x-ratelimit-limit']).toBe(String(cap));
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
}

/** Both endpoints refuse the project's next request: one count across them. */
async function expectCappedOnBoth(auth: Auth, cap: number): Promise<void> {
  for (const dialect of DIALECTS) expectCapped(dialect, await ping(dialect, auth), cap);
}

/** One request admitted as the first of a fresh count: a 200 answer with `cap - 1` remaining. */
async function expectFreshCount(dialect: RagDialect, auth: Auth, cap: number): Promise<RawResponse> {
  const res = await ping(dialect, auth);
  readAnswer(dialect, res);
  expect(res.headers['x-ratelimit-remaining']).toBe(String(cap - 1));
  return res;
}

/** Spend a new world's whole cap (all 2xx, remaining counting down), then check the next request is refused. */
async function spendCap(world: RagWorld, cap: number, dialectOf: (i: number) => RagDialect = alternate) {
  const all = await burst(cap, world.auth, dialectOf);
  expect(
    statuses(all).filter((s) => s !== 200),
    `all ${cap} requests within the cap answer`,
  ).toEqual([]);
  const remaining = all.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => a - b);
  expect(remaining).toEqual(Array.from({ length: cap }, (_, i) => i));
  await expectCappedOnBoth(world.auth, cap);
}

/** After the window the project is admitted again, with a fresh count. */
async function expectWindowReopens(world: RagWorld, cap: number): Promise<void> {
  const { window_ms } = await control().get<{ window_ms: number }>('/rate-limits');
  expect(window_ms).toBe(3_600_000);
  await control().advance({ hours: 1 });
  await expectFreshCount('anthropic', world.auth, cap);
}

describe('RAG hourly caps by plan', () => {
  it(
    'Professional: 200 requests in the hour answer with X-RateLimit headers; the 201st gets 429 with retry-after; the next window admits again [RATE-RAG-PROFESSIONAL-200, RAG-RATE-LIMIT-NATIVE, RAG-RATE-LIMIT-HEADERS, RATE-WINDOW-FIXED-HOUR, ERR-429-STATUS]',
    async (ctx) => {
      await prepare(ctx);
      const cap = hourlyCaps.ragPerHour.professional;
      expect(cap).toBe(200);
      const world = await ragWorldVia(control(), { plan: 'professional' });
      const start = await clockNow(control());
      const first = await expectFreshCount('openai', world.auth, cap);
      expect(first.headers['x-ratelimit-limit']).toBe(String(cap));
      expect(Number(first.headers['x-ratelimit-reset'])).toBe(Math.ceil((start + 3_600_000) / 1000));

      const rest = await burst(cap - 1, world.auth, alternate);
      expect(statuses(rest).filter((s) => s !== 200)).toEqual([]);
      await expectCappedOnBoth(world.auth, cap);

      // Still capped a moment before the window ends (an hour after the first request), admitted once it has.
      await control().advance({ ms: 3_600_000 - 1000 });
      const late = await ping('openai', world.auth);
      expectCapped('openai', late, cap);
      expect(Number(late.headers['retry-after'])).toBe(1);
      await control().advance({ ms: 1000 });
      await expectFreshCount('openai', world.auth, cap);
    },
    SLOW,
  );

  it.for(['advanced', 'agency'] as const)(
    '%s: 1000 requests in the hour answer, the 1001st gets 429 on either endpoint; the next window admits again [RATE-RAG-ADVANCED-AGENCY-1000, RAG-RATE-LIMIT-NATIVE, RAG-RATE-LIMIT-HEADERS, RATE-WINDOW-FIXED-HOUR]',
    { timeout: SLOW },
    async (plan, ctx) => {
      await prepare(ctx);
      const cap = hourlyCaps.ragPerHour[plan];
      expect(cap).toBe(1000);
      const world = await ragWorldVia(control(), { plan });
      await spendCap(world, cap);
      await expectWindowReopens(world, cap);
    },
  );

  it(
    'Enterprise: the cap is set per organization (here 30), and is 1000 when not set [RATE-ENTERPRISE-CAP, RAG-RATE-LIMIT-NATIVE, RAG-RATE-LIMIT-HEADERS]',
    async (ctx) => {
      await prepare(ctx);
      const custom = await ragWorldVia(control(), { plan: 'enterprise', rag_cap_per_hour: 30 });
      await spendCap(custom, 30);
      await expectWindowReopens(custom, 30);

      const standard = await ragWorldVia(control(), { plan: 'enterprise' });
      await spendCap(standard, 1000);
    },
    SLOW,
  );
});

describe('what the RAG cap counts', () => {
  it(
    'one count per project across both endpoints: a second key of the project shares it; another project of the organization and another organization are not affected [RATE-RAG-SCOPE, RAG-RATE-LIMIT-NATIVE]',
    async (ctx) => {
      await prepare(ctx);
      const cap = hourlyCaps.ragPerHour.professional;
      const world = await ragWorldVia(control(), { plan: 'professional' });
      const half = await burst(cap / 2, world.auth, () => 'openai');
      const otherHalf = await burst(cap / 2, world.auth, () => 'anthropic');
      expect(statuses([...half, ...otherHalf]).filter((s) => s !== 200)).toEqual([]);
      await expectCappedOnBoth(world.auth, cap);

      const sameProject = { bearer: await projectKeyVia(control(), world.project_uid) };
      expectCapped('anthropic', await ping('anthropic', sameProject), cap);

      const sibling = await ragProjectVia(control(), world);
      await expectFreshCount('openai', sibling.auth, cap);

      const elsewhere = await ragWorldVia(control(), { plan: 'professional' });
      await expectFreshCount('anthropic', elsewhere.xApiKey, cap);
    },
    SLOW,
  );

  it(
    'invalid keys are not counted; bad bodies are; over the cap a bad body and a request with a queued reply meet the 429 first [RATE-CHECK-AFTER-CREDENTIAL, RATE-RAG-PROFESSIONAL-200, FAKE-MODEL-SCRIPT]',
    async (ctx) => {
      await prepare(ctx);
      const cap = hourlyCaps.ragPerHour.professional;
      const world = await ragWorldVia(control(), { plan: 'professional' });
      const refused = await burst(20, { bearer: 'apk-not-a-key' });
      expect(statuses(refused).every((s) => s === 401)).toBe(true);
      await expectFreshCount('openai', world.auth, cap);

      const badBody = { model: models!.openai, messages: [] };
      for (let i = 0; i < 10; i += 1)
        expectRagError('openai', await ping('openai', world.auth, badBody), 400);
      const rest = await burst(cap - 11, world.auth, alternate);
      expect(statuses(rest).filter((s) => s !== 200)).toEqual([]);

      expectCapped('openai', await ping('openai', world.auth), cap);
      expectCapped('openai', await ping('openai', world.auth, badBody), cap);
      await scriptRepliesVia(control(), world.project_uid, [{ kind: 'text', text: 'Kept for later.' }]);
      expectCapped('anthropic', await ping('anthropic', world.auth), cap);
      const queue = await control().get<unknown[]>(`/projects/${world.project_uid}/rag/replies`);
      expect(queue, 'a refused request takes no scripted reply').toHaveLength(1);
      await clearRepliesVia(control(), world.project_uid);
      // Not a credential: 401, whatever the count.
      expectRagError('openai', await ping('openai', { bearer: 'apk-not-a-key' }), 401);
    },
    SLOW,
  );

  it(
    'over the cap, the rate check answers before the plan gate: a project that spent its cap gets 429, not 403, after its organization drops below Professional [RATE-CHECK-AFTER-CREDENTIAL]',
    async (ctx) => {
      await prepare(ctx);
      const cap = hourlyCaps.ragPerHour.professional;
      const world = await ragWorldVia(control(), { plan: 'professional' });
      await spendCap(world, cap);
      await setPlanVia(control(), world.organization_id, 'free');
      await expectCappedOnBoth(world.auth, cap);
    },
    SLOW,
  );
});
