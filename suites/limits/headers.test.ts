/**
 * The rate headers on every answer to a counted request (RATE-HEADERS): whatever the outcome (2xx, 400, 403, 404,
 * 429), X-RateLimit-Limit is the cap, X-RateLimit-Remaining counts down by one per request and X-RateLimit-Reset
 * stays on the window's end; only a 429 carries Retry-After, the whole seconds left until then. One fresh counter
 * per cap: a Platform token, a project's key search, a project's RAG endpoints (on Enterprise with a cap of 4,
 * RATE-ENTERPRISE-CAP, so the cap is crossed in a few requests).
 * The headers, and which refused requests count, are the fake's choices: they are checked softly (assumed()). What the
 * spec documents is checked hard: the refusals as refusals, the cap reached within the hour, then 429 and its message.
 */
import { describe, expect, it } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { arrange } from '../support/arrangement.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import {
  FORBIDDEN,
  INVALID_PARAMS,
  PLAN_REQUIRED,
  RATE_LIMITED,
  SEARCH_RATE_LIMITED,
} from '../support/messages.js';
import { needRag, RAG_RATE_LIMITED } from '../support/rag.js';
import { readAnswer } from '../support/rag-answer.js';
import { expectRagError } from '../support/rag-refusal.js';
import { askRag, DIALECTS } from '../support/rag-wire.js';
import { modelOfTier, ragWorldVia } from '../support/rag-world.js';
import {
  all,
  capCheck,
  expectRate,
  expectRates,
  expectRetryAfter,
  freshKeyedProjectVia,
  HOUR_MS,
  isAdmitted,
  spendUntilLimited,
  tally,
} from '../support/rate-limits.js';
import { assumed } from '../support/strength.js';
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

const SEARCH_PLAN = 'The Query Knowledgebase API requires the Professional plan or above';

/**
 * `answers` (in the order sent, from a fresh count) carry the cap, a remaining that drops by one each, the same
 * reset, and no Retry-After: softly, the values under `clause` once the headers are there (`presence`).
 */
function expectCountingDown(
  answers: readonly RawResponse[],
  cap: number,
  resetAt: number,
  clause = 'RATE-HEADERS',
  presence = 'RATE-HEADERS',
) {
  expectRates(
    answers,
    (rates) =>
      rates.forEach((rate, i) => {
        expect(rate, `answer ${i} (${answers[i]!.status})`).toEqual({
          limit: cap,
          remaining: cap - 1 - i,
          reset: epochSeconds(resetAt),
        });
      }),
    clause,
    presence,
  );
  assumed(presence, () =>
    answers.forEach((r, i) => {
      expect(r.headers['retry-after'], `answer ${i} (${r.status})`).toBeUndefined();
    }),
  );
}

/** Softly: the headers of a 429 at `now` of a spent count whose window ends at `resetAt`. */
function expectCappedHeaders(
  res: RawResponse,
  cap: number,
  resetAt: number,
  now: number,
  presence = 'RATE-HEADERS',
) {
  expectRate(res, { limit: cap, remaining: 0, reset: epochSeconds(resetAt) }, 'RATE-HEADERS', presence);
  expectRetryAfter(res, Math.ceil((resetAt - now) / 1000), 'RATE-HEADERS', presence);
}

/**
 * After `spent` answers of a fresh count (`admittedBefore` of them admitted), `rest` was sent to reach the cap: hard,
 * no more than the cap was admitted in all, and the count reaches its cap (sending on with `send` if the refusals
 * did not count) to answer 429 with `message`; softly (`clause`), that the refused answers counted, so `rest` was
 * admitted but for its last. Returns the 429.
 */
async function expectCapReached(
  rest: readonly RawResponse[],
  admittedBefore: number,
  spent: number,
  cap: number,
  send: () => Promise<RawResponse>,
  message: string,
  clause: string,
): Promise<RawResponse> {
  const { admitted, limited, other } = tally(rest);
  expect(other, 'answers other than admitted or 429').toEqual({});
  expect(admittedBefore + admitted, 'admitted within the hour').toBeLessThanOrEqual(cap);
  assumed(clause, () => expect({ admitted, limited }).toEqual({ admitted: cap - spent, limited: 1 }));
  assumed('CONV-SUCCESS-200', () =>
    expect(rest.filter((r) => isAdmitted(r) && r.status !== 200).map((r) => r.status)).toEqual([]),
  );
  const over =
    rest.find((r) => r.status === 429) ??
    (await spendUntilLimited(send, cap - admittedBefore - admitted)).last;
  capCheck(() => expectError(over, 429, message));
  return over;
}

describe('rate headers on every counted answer', () => {
  it('Platform token: 200, 400, 403, 404 and the plan 403 count down on one window; the 429 adds Retry-After [RATE-HEADERS, RATE-PLATFORM-PER-TOKEN-ALL-OPERATIONS, RATE-PLATFORM-1000]', async (ctx) => {
    need(ctx, target(), { control: 'the rate window', quota: true });
    const cap = hourlyCaps.platformTokenPerHour;
    const org = await createOrganizationVia(control());
    const viewer = await createMemberVia(control(), org.organization_id, 'viewer');
    const token = await createTokenVia(control(), {
      organization_id: org.organization_id,
      creator_user_id: viewer,
      role: 'viewer',
    });
    const auth: Auth = { bearer: token.value };
    const detail = () => target().call('getOrganizationDetail', { auth, body: {} });
    const t0 = await clockNow(control());
    const answers = [
      await detail(),
      // Over the documented max of 1000: a bad body under any reading of the spec.
      await target().call('getOrganizationMembers', { auth, body: { limit: 1001 } }),
      await target().call('inviteOrganizationMember', {
        auth,
        body: { email: 'a@example.com', role: 'owner' },
      }),
      await target().call('getProjectUsageLimit', { auth, body: { project_uid: 'no-such-project' } }),
    ];
    await control().advance({ minutes: 10 });
    await setPlanVia(control(), org.organization_id, 'professional');
    answers.push(await detail());
    await setPlanVia(control(), org.organization_id, 'advanced');
    const [ok, invalid, forbidden, unknown, plan] = answers as [
      RawResponse,
      RawResponse,
      RawResponse,
      RawResponse,
      RawResponse,
    ];
    // The answers of each kind are this test's arrangement (each is checked for itself elsewhere): what it checks is
    // that every one of them counted.
    await arrange('an answer of each kind: 200, 400, 403, 404 and the plan 403', async () => {
      expectSuccess(ok, 'getOrganizationDetail');
      expectError(invalid, 400, INVALID_PARAMS);
      expectError(forbidden, 403, FORBIDDEN);
      expectRefused(unknown);
      expectError(unknown, 404, 'Project not found');
      expectRefused(plan);
      expectError(plan, 403, PLAN_REQUIRED);
    });
    expectCountingDown(answers, cap, t0 + HOUR_MS);

    const rest = await all(cap - answers.length + 1, detail);
    const over = await expectCapReached(
      rest,
      answers.filter(isAdmitted).length,
      answers.length,
      cap,
      detail,
      RATE_LIMITED,
      'RATE-PLATFORM-PER-TOKEN-ALL-OPERATIONS',
    );
    expectCappedHeaders(over, cap, t0 + HOUR_MS, t0 + 10 * 60_000);
  });

  it('project-key search: 200, 400 and the plan 403 count down; the 429 adds Retry-After [RATE-HEADERS, RATE-SEARCH-KEY-100, RATE-CHECK-AFTER-CREDENTIAL]', async (ctx) => {
    need(ctx, target(), { control: 'the rate window', quota: true });
    const cap = hourlyCaps.projectKeySearchPerHour;
    const { org, auth } = await freshKeyedProjectVia(control());
    const search = (body: unknown = { query: 'refund', limit: 3 }) =>
      target().call('searchIndexDocumentByProjectKey', { auth, body });
    const t0 = await clockNow(control());
    const answers = [await search(), await search({ limit: 5 })];
    await setPlanVia(control(), org.organization_id, 'free');
    answers.push(await search());
    await setPlanVia(control(), org.organization_id, 'professional');
    const [ok, invalid, plan] = answers as [RawResponse, RawResponse, RawResponse];
    expectSuccess(ok, 'searchIndexDocumentByProjectKey');
    expectError(invalid, 400, INVALID_PARAMS);
    expectRefused(plan);
    assumed('PLAN-FREE', () => expectError(plan, 403, SEARCH_PLAN));
    expectCountingDown(answers, cap, t0 + HOUR_MS);

    await control().advance({ seconds: 1 });
    const rest = await all(cap - answers.length + 1, () => search());
    const over = await expectCapReached(
      rest,
      answers.filter(isAdmitted).length,
      answers.length,
      cap,
      () => search(),
      SEARCH_RATE_LIMITED,
      'RATE-CHECK-AFTER-CREDENTIAL',
    );
    expectCappedHeaders(over, cap, t0 + HOUR_MS, t0 + 1000);
  });

  it('RAG endpoints (a cap of 4 on Enterprise): answers and a 400 on either endpoint count down; the 429s add Retry-After [RATE-HEADERS, RAG-RATE-LIMIT-HEADERS, RATE-ENTERPRISE-CAP, RATE-RAG-SCOPE]', async (ctx) => {
    need(ctx, target(), { control: 'the rate window', quota: true });
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
    readAnswer('openai', answers[0]!);
    readAnswer('anthropic', answers[1]!);
    expectRagError('openai', answers[2]!, 400);
    expectRagError('anthropic', answers[3]!, 400);
    // One count for both endpoints of the project (RATE-RAG-SCOPE), answers and refusals alike.
    expectCountingDown(answers, cap, t0 + HOUR_MS, 'RATE-RAG-SCOPE', 'RAG-RATE-LIMIT-HEADERS');
    await control().advance({ minutes: 59, seconds: 30 });
    for (const dialect of DIALECTS) {
      const over = await askRag(
        target(),
        dialect,
        { model: model[dialect], messages: 'Hi', maxTokens: 5 },
        world.auth,
      );
      assumed('RATE-ENTERPRISE-CAP', () => expectRagError(dialect, over, 429, RAG_RATE_LIMITED));
      expectCappedHeaders(over, cap, t0 + HOUR_MS, t0 + HOUR_MS - 30_000, 'RAG-RATE-LIMIT-HEADERS');
    }
  });
});
