/**
 * The hourly caps of the RAG endpoints, per plan (Professional 200; Advanced and Agency 1000; Enterprise set per
 * organization, 1000 by default), counted per project across both endpoints, answered 429 in the native shape
 * with `retry-after`. The documented caps are spent whole in a fresh organization from the provider state
 * `organization`, so they are checked on a deployment without a control API too, and so is what the cap counts
 * (support/arranged-world.ts: the control API on the fake, provider states elsewhere); the tests of the next window
 * work in new organizations made through the control API, so their counters start at zero, and advance the virtual
 * clock instead of waiting. Requests are short (no knowledgebase, 5 tokens, a tier-0 model) and sent 20 at a time.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { ragWorldOf, secondKeyOf, siblingProjectOf } from '../support/arranged-world.js';
import { balanceOf } from '../support/credit-balance.js';
import { freshWorldOfState, tierZeroModels, withinOneClockHour } from '../support/fresh-quota.js';
import { putOnPlan } from '../support/plan-states.js';
import { RAG_RATE_LIMITED } from '../support/rag.js';
import { readAnswer } from '../support/rag-answer.js';
import { expectRagError } from '../support/rag-refusal.js';
import { askRag, otherDialect, type RagDialect } from '../support/rag-wire.js';
import {
  clearRepliesVia,
  type RagWorld,
  ragWorldVia,
  scriptRepliesVia,
  setPlanVia,
} from '../support/rag-world.js';
import { arranged, assumed } from '../support/strength.js';
import { type Needs, need, stateMissing, useTarget } from '../support/use-target.js';
import { clockNow } from '../support/world.js';
import type { Auth } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();
const control = () => target().control!;

const CONCURRENCY = 20;
const SLOW = 120_000;
/** A real deployment's model answers in a second or so: a thousand of them, 20 at a time, take minutes. */
const SLOW_ON_A_MODEL = 900_000;

/** Models of tier 0 (usable on every plan from Professional), one per dialect. */
let models: Record<RagDialect, string> | undefined;

/** Skip unless the target lets the test spend quota and credits (and has `needs`); the tier-0 models. */
async function prepare(
  ctx: TestContext,
  needs: Needs = { control: 'the clock' },
): Promise<Record<RagDialect, string>> {
  need(ctx, target(), { quota: true, credits: true, ...needs });
  models ??= await tierZeroModels(ctx, target());
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

/** Every response answered: a 2xx (hard: within the cap), exactly 200 as the fake answers (RAG-SUCCESS-200). */
function expectAllAnswered(list: readonly RawResponse[], what: string): void {
  expect(
    statuses(list).filter((s) => s < 200 || s >= 300),
    what,
  ).toEqual([]);
  assumed('RAG-SUCCESS-200', () =>
    expect(
      statuses(list).filter((s) => s !== 200),
      what,
    ).toEqual([]),
  );
}

/**
 * A 429 of the RAG cap (ERR-429-STATUS, hard), in the dialect's native shape with the rate message
 * (RAG-RATE-LIMIT-NATIVE); the fake's headers (RAG-RATE-LIMIT-HEADERS): retry-after of at most an hour, the limit
 * and nothing remaining.
 */
function expectCapped(dialect: RagDialect, res: RawResponse, cap: number): void {
  expectRagError(dialect, res, 429, RAG_RATE_LIMITED);
  assumed('RAG-RATE-LIMIT-HEADERS', () => {
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter), `retry-after ${res.headers['retry-after']}`).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(res.headers['x-ratelimit-limit']).toBe(String(cap));
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
  });
}

/**
 * Both endpoints refuse the project's next request: the endpoint the cap was spent on (hard: the documented cap),
 * the other one too, as one count across both endpoints (the fake's scope, RATE-RAG-SCOPE).
 */
async function expectCappedOnBoth(auth: Auth, cap: number, spentOn: RagDialect = 'openai'): Promise<void> {
  expectCapped(spentOn, await ping(spentOn, auth), cap);
  const other = otherDialect(spentOn);
  const res = await ping(other, auth);
  assumed('RATE-RAG-SCOPE', () => expectCapped(other, res, cap));
}

/** One request admitted (an answer), as the first of a fresh count: `cap - 1` remaining (RAG-RATE-LIMIT-HEADERS). */
async function expectFreshCount(dialect: RagDialect, auth: Auth, cap: number): Promise<RawResponse> {
  const res = await ping(dialect, auth);
  readAnswer(dialect, res);
  assumed('RAG-RATE-LIMIT-HEADERS', () => expect(res.headers['x-ratelimit-remaining']).toBe(String(cap - 1)));
  return res;
}

/**
 * Prices are not shown, so a fresh organization's credits (provider state `organization`) may not cover a whole cap
 * of the test's own requests: when requests within the cap were not answered and the balance (state `credit
 * balance`) is down to less than two of them, the test's own spending ran it out, and the test stops, not checkable
 * here, rather than fail the cap.
 */
async function stopIfOwnSpendingRanOut(
  ctx: TestContext,
  world: RagWorld,
  before: number,
  list: readonly RawResponse[],
): Promise<void> {
  const answered = list.filter((r) => r.status >= 200 && r.status < 300).length;
  if (answered === list.length) return;
  const left = await balanceOf(ctx, target(), world.organization_id);
  const each = answered > 0 ? (before - left) / answered : Number.POSITIVE_INFINITY;
  arranged(
    ctx,
    left >= 2 * each,
    `the organization's credits ran out under the test's own requests (${left} left of ${before}, about ${each} a request)`,
  );
}

/**
 * Spend a new world's whole cap on the OpenAI-style endpoint (all answered, remaining counting down), then check
 * the next request is refused (on the other endpoint too: RATE-RAG-SCOPE). One endpoint, one key: the documented
 * cap holds whatever the scope of the count. `ctx`: the world is a provider-state organization, whose balance the
 * test reads should requests within the cap go unanswered (stopIfOwnSpendingRanOut).
 */
async function spendCap(world: RagWorld, cap: number, ctx?: TestContext) {
  const funded = ctx && !(await stateMissing(target(), 'credit balance'));
  const before = funded ? await balanceOf(ctx, target(), world.organization_id) : 0;
  const all = await burst(cap, world.auth);
  if (funded) await stopIfOwnSpendingRanOut(ctx, world, before, all);
  expectAllAnswered(all, `all ${cap} requests within the cap answer`);
  assumed('RAG-RATE-LIMIT-HEADERS', () => {
    const remaining = all.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: cap }, (_, i) => i));
  });
  await expectCappedOnBoth(world.auth, cap);
}

/**
 * After the window the project is admitted again, with a fresh count. An hour after the cap was spent, a request
 * is admitted however an hourly window is kept; that the fake's window is a fixed hour is its own choice.
 */
async function expectWindowReopens(world: RagWorld, cap: number): Promise<void> {
  const window = await control().get<{ window_ms: number; mode: string }>('/rate-limits');
  assumed('RATE-WINDOW-FIXED-HOUR', () =>
    expect({ ms: window.window_ms, mode: window.mode }).toEqual({ ms: 3_600_000, mode: 'fixed' }),
  );
  await control().advance({ hours: 1 });
  await expectFreshCount('anthropic', world.auth, cap);
}

describe('RAG hourly caps by plan, on a fresh organization (provider state "organization")', () => {
  it(
    'Professional: 200 requests in the hour answer; the 201st gets 429, on either endpoint [RATE-RAG-PROFESSIONAL-200, ERR-429-STATUS, RAG-RATE-LIMIT-NATIVE, RAG-RATE-LIMIT-HEADERS, RAG-SUCCESS-200, RATE-RAG-SCOPE]',
    async (ctx) => {
      await prepare(ctx, {});
      const cap = hourlyCaps.ragPerHour.professional;
      expect(cap).toBe(200);
      const world = await freshWorldOfState(ctx, target(), 'professional');
      await withinOneClockHour(target(), () => spendCap(world, cap, ctx));
    },
    SLOW_ON_A_MODEL,
  );

  it.for(['advanced', 'agency'] as const)(
    '%s: 1000 requests in the hour answer; the 1001st gets 429, on either endpoint [RATE-RAG-ADVANCED-AGENCY-1000, ERR-429-STATUS, RAG-RATE-LIMIT-NATIVE, RAG-RATE-LIMIT-HEADERS, RAG-SUCCESS-200, RATE-RAG-SCOPE]',
    { timeout: SLOW_ON_A_MODEL },
    async (plan, ctx) => {
      await prepare(ctx, {});
      const cap = hourlyCaps.ragPerHour[plan];
      expect(cap).toBe(1000);
      const world = await freshWorldOfState(ctx, target(), plan);
      await withinOneClockHour(target(), () => spendCap(world, cap, ctx));
    },
  );
});

describe('RAG hourly caps by plan, and the next window (control API)', () => {
  it(
    'Professional: 200 requests in the hour answer with X-RateLimit headers; the 201st gets 429 with retry-after; the next window admits again [RATE-RAG-PROFESSIONAL-200, RAG-RATE-LIMIT-NATIVE, RAG-RATE-LIMIT-HEADERS, RATE-WINDOW-FIXED-HOUR, ERR-429-STATUS]',
    async (ctx) => {
      await prepare(ctx);
      const cap = hourlyCaps.ragPerHour.professional;
      expect(cap).toBe(200);
      const world = await ragWorldVia(control(), { plan: 'professional' });
      const start = await clockNow(control());
      const first = await expectFreshCount('openai', world.auth, cap);
      assumed('RAG-RATE-LIMIT-HEADERS', () => {
        expect(first.headers['x-ratelimit-limit']).toBe(String(cap));
        expect(Number(first.headers['x-ratelimit-reset'])).toBe(Math.ceil((start + 3_600_000) / 1000));
      });

      const rest = await burst(cap - 1, world.auth);
      expectAllAnswered(rest, `the other ${cap - 1} requests within the cap answer`);
      await expectCappedOnBoth(world.auth, cap);

      // Still capped a moment before the window ends (an hour after the first request: the fake's fixed window),
      // admitted once it has (an hour after every counted request: so any hourly window).
      await control().advance({ ms: 3_600_000 - 1000 });
      const late = await ping('openai', world.auth);
      assumed('RATE-WINDOW-FIXED-HOUR', () => expectCapped('openai', late, cap));
      assumed('RAG-RATE-LIMIT-HEADERS', () => expect(Number(late.headers['retry-after'])).toBe(1));
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
      // The spec gives no Enterprise cap: all of it is the fake's choice.
      await assumed('RATE-ENTERPRISE-CAP', async () => {
        const custom = await ragWorldVia(control(), { plan: 'enterprise', rag_cap_per_hour: 30 });
        await spendCap(custom, 30);
        await expectWindowReopens(custom, 30);

        const standard = await ragWorldVia(control(), { plan: 'enterprise' });
        await spendCap(standard, 1000);
      });
    },
    SLOW,
  );
});

describe('what the RAG cap counts', () => {
  it(
    'one count per project across both endpoints: a second key of the project shares it; another project of the organization and another organization are not affected [RATE-RAG-SCOPE, RAG-RATE-LIMIT-NATIVE]',
    async (ctx) => {
      await prepare(ctx, {});
      const cap = hourlyCaps.ragPerHour.professional;
      const t = target();
      const world = await ragWorldOf(ctx, t, { plan: 'professional' });
      const half = await burst(cap / 2, world.auth, () => 'openai');
      const otherHalf = await burst(cap / 2, world.auth, () => 'anthropic');
      expectAllAnswered([...half, ...otherHalf], `${cap} requests within the cap answer`);
      const sameProject = { bearer: await secondKeyOf(ctx, t, world) };
      const sibling = await siblingProjectOf(ctx, t, world);
      // What the cap counts (the project, across both endpoints and all its keys) is not shown.
      await assumed('RATE-RAG-SCOPE', async () => {
        await expectCappedOnBoth(world.auth, cap);
        expectCapped('anthropic', await ping('anthropic', sameProject), cap);
        await expectFreshCount('openai', sibling.auth, cap);
      });

      const elsewhere = await ragWorldOf(ctx, t, { plan: 'professional' });
      await expectFreshCount('anthropic', elsewhere.xApiKey, cap);
    },
    SLOW,
  );

  it(
    'invalid keys are not counted; bad bodies are; over the cap a bad body and a request with a queued reply meet the 429 first [RATE-CHECK-AFTER-CREDENTIAL, RATE-RAG-PROFESSIONAL-200, FAKE-MODEL-SCRIPT]',
    async (ctx) => {
      await prepare(ctx, { control: 'a scripted model reply' });
      const cap = hourlyCaps.ragPerHour.professional;
      const world = await ragWorldVia(control(), { plan: 'professional' });
      const refused = await burst(20, { bearer: 'apk-not-a-key' });
      for (const res of refused) expectRagError('openai', res, 401);
      await expectFreshCount('openai', world.auth, cap);

      const badBody = { model: models!.openai, messages: [] };
      for (let i = 0; i < 10; i += 1)
        expectRagError('openai', await ping('openai', world.auth, badBody), 400);
      const rest = await burst(cap - 11, world.auth);
      expectAllAnswered(rest, `the rest of the cap answers`);

      // That bad bodies count, and meet the 429 first over the cap, is the fake's order of checks.
      await assumed('RATE-CHECK-AFTER-CREDENTIAL', async () => {
        expectCapped('openai', await ping('openai', world.auth), cap);
        expectCapped('openai', await ping('openai', world.auth, badBody), cap);
      });
      await scriptRepliesVia(control(), world.project_uid, [{ kind: 'text', text: 'Kept for later.' }]);
      const withQueued = await ping('anthropic', world.auth);
      assumed('RATE-CHECK-AFTER-CREDENTIAL', () => expectCapped('anthropic', withQueued, cap));
      const queue = await control().get<unknown[]>(`/projects/${world.project_uid}/rag/replies`);
      assumed('FAKE-MODEL-SCRIPT', () =>
        expect(queue, 'a refused request takes no scripted reply').toHaveLength(1),
      );
      await clearRepliesVia(control(), world.project_uid);
      // Not a credential: 401, whatever the count.
      expectRagError('openai', await ping('openai', { bearer: 'apk-not-a-key' }), 401);
    },
    SLOW,
  );

  it(
    'over the cap, the rate check answers before the plan gate: a project that spent its cap gets 429, not 403, after its organization drops below Professional [RATE-CHECK-AFTER-CREDENTIAL]',
    async (ctx) => {
      await prepare(ctx, {});
      const cap = hourlyCaps.ragPerHour.professional;
      const t = target();
      const world = await ragWorldOf(ctx, t, { plan: 'professional' });
      await spendCap(world, cap);
      if (t.control) await setPlanVia(t.control, world.organization_id, 'free');
      else await putOnPlan(ctx, t, world.organization_id, 'free');
      await assumed('RATE-CHECK-AFTER-CREDENTIAL', () => expectCappedOnBoth(world.auth, cap));
    },
    SLOW,
  );
});
