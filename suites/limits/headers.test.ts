/**
 * The rate headers on every answer to a counted request (RATE-HEADERS): whatever the outcome (2xx, 400, 403, 404,
 * 429), X-RateLimit-Limit is the cap, X-RateLimit-Remaining counts down by one per request and X-RateLimit-Reset
 * stays on the window's end; only a 429 carries Retry-After, the whole seconds left until then. One fresh counter
 * per cap: a Platform token, a project's key search, a project's RAG endpoints (on Enterprise with a cap of 4,
 * RATE-ENTERPRISE-CAP, so the cap is crossed in a few requests).
 */
import { describe, expect, it } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { needRag } from '../support/rag.js';
import { askRag, DIALECTS } from '../support/rag-wire.js';
import { modelOfTier, ragWorldVia } from '../support/rag-world.js';
import {
  all,
  freshKeyedProjectVia,
  HOUR_MS,
  rateOf,
  retryAfterOf,
  statusCounts,
} from '../support/rate-limits.js';
import { need, useTarget } from '../support/use-target.js';
import {
  clockNow,
  createMemberVia,
  createOrganizationVia,
  createTokenVia,
  setPlanVia,
} from '../support/world.js';
import type { Auth } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();
const control = () => target().control!;
const epochSeconds = (ms: number) => Math.ceil(ms / 1000);

/**
 * `answers` (in the order sent, from a fresh count) carry the cap, a remaining that drops by one each, the same
 * reset, and no Retry-After; `status` of each is as listed.
 */
function expectCountingDown(
  answers: readonly RawResponse[],
  statuses: readonly number[],
  cap: number,
  resetAt: number,
) {
  expect(answers.map((r) => r.status)).toEqual(statuses);
  answers.forEach((r, i) => {
    expect(rateOf(r), `answer ${i} (${r.status})`).toEqual({
      limit: cap,
      remaining: cap - 1 - i,
      reset: epochSeconds(resetAt),
    });
    expect(r.headers['retry-after'], `answer ${i} (${r.status})`).toBeUndefined();
  });
}

/** A 429 at `now` of a spent count whose window ends at `resetAt`. */
function expectCappedHeaders(res: RawResponse, cap: number, resetAt: number, now: number) {
  expect(res.status).toBe(429);
  expect(rateOf(res)).toEqual({ limit: cap, remaining: 0, reset: epochSeconds(resetAt) });
  expect(retryAfterOf(res)).toBe(Math.ceil((resetAt - now) / 1000));
}

describe('rate headers on every counted answer', () => {
  it('Platform token: 200, 400, 403, 404 and the plan 403 count down on one window; the 429 adds Retry-After [RATE-HEADERS, RATE-PLATFORM-PER-TOKEN-ALL-OPERATIONS, RATE-PLATFORM-1000]', async (ctx) => {
    need(ctx, target(), { control: true, quota: true });
    const cap = hourlyCaps.platformTokenPerHour;
    const org = await createOrganizationVia(control());
    const viewer = await createMemberVia(control(), org.organization_id, 'viewer');
    const token = await createTokenVia(control(), {
      organization_id: org.organization_id,
      creator_user_id: viewer,
      role: 'viewer',
    });
    const auth: Auth = { bearer: token.value };
    const t0 = await clockNow(control());
    const answers = [
      await target().call('getOrganizationDetail', { auth, body: {} }),
      await target().call('getOrganizationMembers', { auth, body: { limit: 'many' } }),
      await target().call('inviteOrganizationMember', {
        auth,
        body: { email: 'a@example.com', role: 'owner' },
      }),
      await target().call('getProjectUsageLimit', { auth, body: { project_uid: 'no-such-project' } }),
    ];
    await control().advance({ minutes: 10 });
    await setPlanVia(control(), org.organization_id, 'professional');
    answers.push(await target().call('getOrganizationDetail', { auth, body: {} }));
    await setPlanVia(control(), org.organization_id, 'advanced');
    expectCountingDown(answers, [200, 400, 403, 404, 403], cap, t0 + HOUR_MS);

    const rest = await all(cap - answers.length + 1, () =>
      target().call('getOrganizationDetail', { auth, body: {} }),
    );
    expect(statusCounts(rest)).toEqual({ 200: cap - answers.length, 429: 1 });
    expectCappedHeaders(rest.find((r) => r.status === 429)!, cap, t0 + HOUR_MS, t0 + 10 * 60_000);
  });

  it('project-key search: 200, 400 and the plan 403 count down; the 429 adds Retry-After [RATE-HEADERS, RATE-SEARCH-KEY-100, RATE-CHECK-AFTER-CREDENTIAL]', async (ctx) => {
    need(ctx, target(), { control: true, quota: true });
    const cap = hourlyCaps.projectKeySearchPerHour;
    const { org, auth } = await freshKeyedProjectVia(control());
    const search = (body: unknown = { query: 'refund', limit: 3 }) =>
      target().call('searchIndexDocumentByProjectKey', { auth, body });
    const t0 = await clockNow(control());
    const answers = [await search(), await search({ limit: 5 })];
    await setPlanVia(control(), org.organization_id, 'free');
    answers.push(await search());
    await setPlanVia(control(), org.organization_id, 'professional');
    expectCountingDown(answers, [200, 400, 403], cap, t0 + HOUR_MS);

    await control().advance({ seconds: 1 });
    const rest = await all(cap - answers.length + 1, () => search());
    expect(statusCounts(rest)).toEqual({ 200: cap - answers.length, 429: 1 });
    expectCappedHeaders(rest.find((r) => r.status === 429)!, cap, t0 + HOUR_MS, t0 + 1000);
  });

  it('RAG endpoints (a cap of 4 on Enterprise): answers and a 400 on either endpoint count down; the 429s add Retry-After [RATE-HEADERS, RAG-RATE-LIMIT-HEADERS, RATE-ENTERPRISE-CAP, RATE-RAG-SCOPE]', async (ctx) => {
    need(ctx, target(), { control: true, quota: true });
    for (const dialect of DIALECTS) await needRag(ctx, target(), dialect);
    const cap = 4;
    const world = await ragWorldVia(control(), { plan: 'enterprise', rag_cap_per_hour: cap });
    const model = {
      openai: (await modelOfTier(control(), 'openai', 0)).value,
      anthropic: (await modelOfTier(control(), 'anthropic', 0)).value,
    };
    const t0 = await clockNow(control());
    const answers = [
      await askRag(target(), 'openai', { model: model.openai, messages: 'Hi', maxTokens: 5 }, world.auth),
      await askRag(
        target(),
        'anthropic',
        { model: model.anthropic, messages: 'Hi', maxTokens: 5 },
        world.auth,
      ),
      await askRag(target(), 'openai', { native: { model: model.openai } }, world.auth),
      await askRag(target(), 'anthropic', { native: { model: model.anthropic } }, world.auth),
    ];
    expectCountingDown(answers, [200, 200, 400, 400], cap, t0 + HOUR_MS);
    await control().advance({ minutes: 59, seconds: 30 });
    for (const dialect of DIALECTS) {
      const over = await askRag(
        target(),
        dialect,
        { model: model[dialect], messages: 'Hi', maxTokens: 5 },
        world.auth,
      );
      expectCappedHeaders(over, cap, t0 + HOUR_MS, t0 + HOUR_MS - 30_000);
    }
  });
});
