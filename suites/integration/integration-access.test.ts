/**
 * Access to the Project Integration family: the project key in `api-key` (missing, unknown, malformed, a platform
 * token instead), the plan gate (Professional and above, in fresh organizations from the provider states
 * `organization` and `plan`), and the hourly cap of the project-key knowledgebase search (100 an hour per project,
 * virtual clock).
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { hourlyCaps, type PlanName, planNames, planRank } from '../../contract/index.js';
import { secondKeyOf } from '../support/arranged-world.js';
import { inParallel } from '../support/bounded.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { withinOneClockHour } from '../support/fresh-quota.js';
import { INVALID_KEY, INVALID_PARAMS, INVALID_TOKEN, PLAN_REQUIRED } from '../support/messages.js';
import { organizationOnPlan, putOnPlan } from '../support/plan-states.js';
import {
  capCheck,
  expectEverySlotOnce,
  expectRate,
  expectRetryAfter,
  expectTally,
  isAdmitted,
  spendUntilLimited,
} from '../support/rate-limits.js';
import { assumed } from '../support/strength.js';
import { enterState, need, stateMissing, useTarget } from '../support/use-target.js';
import { clockNow, createOrganizationVia, createProjectVia } from '../support/world.js';
import type { Auth } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();
const control = () => target().control!;

const INTEGRATION_PLAN = 'The Project Integration API requires the Professional plan or above';
const SEARCH_PLAN = 'The Query Knowledgebase API requires the Professional plan or above';
const SEARCH_RATE = 'Rate limit exceeded. Your plan allows 100 requests per hour.';
const CAP = hourlyCaps.projectKeySearchPerHour;

/** Key operations whose path is theirs alone (searchIndexDocument is shared with the Platform family). */
const OWN_PATH_OPERATIONS = ['createSession', 'sendMessage', 'getChatbotExecutionLogs'] as const;
const SEARCH = 'searchIndexDocumentByProjectKey';
const KEY_OPERATIONS = [...OWN_PATH_OPERATIONS, SEARCH] as const;
type KeyOperation = (typeof KEY_OPERATIONS)[number];

/** A valid body for each key operation (`session_uid`: a session of the project, or any digits). */
function bodyFor(op: KeyOperation, widget_uid: string, session_uid = '1'): Record<string, unknown> {
  switch (op) {
    case 'createSession':
      return { widget_uid };
    case 'sendMessage':
      return { widget_uid, session_uid, message: 'How do I get a refund?' };
    case 'getChatbotExecutionLogs':
      return {};
    case SEARCH:
      return { query: 'refund', limit: 3 };
  }
}

const widget = () => target().config.widget_uid ?? 'any-widget';

const call = (op: KeyOperation, auth?: Auth, body: unknown = bodyFor(op, widget())) =>
  target().call(op, { body, auth });

/**
 * A request without a valid project key is refused in the error envelope (hard); that the refusal is a 401 with
 * `message` (exact, or one of several) is the fake's choice (INTEGRATION-INVALID-KEY-401).
 */
function expect401(res: RawResponse, message: string | readonly string[], label: string) {
  expectRefused(res);
  assumed('INTEGRATION-INVALID-KEY-401', () => {
    expect(res.status, label).toBe(401);
    const text = (res.json as { message: string }).message;
    if (typeof message === 'string') expect(text, label).toBe(message);
    else expect(message, label).toContain(text);
  });
}

/**
 * Without an `api-key` header, a search request is indistinguishable from a Platform search without a token: the
 * target may answer either family's 401.
 */
const SEARCH_WITHOUT_KEY = [INVALID_KEY, INVALID_TOKEN] as const;

describe('the project key', () => {
  it('the configured key starts with apk- and is accepted in api-key by every Project Integration operation [AUTH-KEY-PREFIX, AUTH-KEY-HEADER]', async (ctx) => {
    need(ctx, target(), { projectKey: true, widgetUid: true });
    expect(target().config.project_key!.startsWith('apk-')).toBe(true);
    expectSuccess(await call('getChatbotExecutionLogs'), 'getChatbotExecutionLogs');
    expectSuccess(await call(SEARCH), SEARCH);
    if (!target().config.allow.writes) return;
    const session = expectSuccess<{ session_uid: string }>(await call('createSession'), 'createSession').data;
    const body = bodyFor('sendMessage', widget(), session.session_uid);
    const sent = await call('sendMessage', undefined, body);
    stopIfCreditsSpent(target(), sent, 'a widget message');
    expectSuccess(sent, 'sendMessage');
  });

  it('without an api-key header every Project Integration operation gets 401 [INTEGRATION-INVALID-KEY-401, AUTH-KEY-HEADER, ERR-ENVELOPE]', async (ctx) => {
    need(ctx, target(), {});
    for (const op of OWN_PATH_OPERATIONS) expect401(await call(op, { none: true }), INVALID_KEY, op);
    expect401(await call(SEARCH, { none: true }), SEARCH_WITHOUT_KEY, SEARCH);
  });

  it('an unknown or malformed key gets 401 Invalid or revoked API key [INTEGRATION-INVALID-KEY-401, AUTH-KEY-PREFIX]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    const key = target().config.project_key!;
    const rest = key.slice('apk-'.length);
    const last = key.at(-1) === 'a' ? 'b' : 'a';
    const values = [
      'apk-',
      'apk-nope',
      `apk-${'0'.repeat(rest.length)}`,
      rest,
      `APK-${rest}`,
      `apk_${rest}`,
      `${key}x`,
      key.slice(0, -1),
      `${key.slice(0, -1)}${last}`,
      `Bearer ${key}`,
      `api-v1-${rest}`,
    ];
    for (const op of KEY_OPERATIONS)
      for (const apiKey of values) expect401(await call(op, { apiKey }), INVALID_KEY, `${op} ${apiKey}`);
  });

  it('the key is read from api-key only: in Authorization or x-api-key it is not accepted [AUTH-KEY-HEADER, INTEGRATION-INVALID-KEY-401]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    const key = target().config.project_key!;
    const variants: Record<string, string>[] = [
      { authorization: `Bearer ${key}` },
      { 'x-api-key': key },
      { apikey: key },
    ];
    for (const headers of variants) {
      const label = Object.keys(headers)[0]!;
      for (const op of OWN_PATH_OPERATIONS)
        expect401(await call(op, { headers }), INVALID_KEY, `${op} ${label}`);
      // With Authorization the search is the Platform variant's, and a project key is no API token.
      expect401(await call(SEARCH, { headers }), SEARCH_WITHOUT_KEY, `${SEARCH} ${label}`);
    }
  });

  it('a platform token (api-v1-…) in api-key gets 401 Invalid or revoked API key [AUTH-WRONG-CREDENTIAL-KIND, INTEGRATION-INVALID-KEY-401]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const tokens = Object.values(target().config.tokens).filter((v): v is string => Boolean(v));
    for (const token of tokens) expect(token.startsWith('api-v1-')).toBe(true);
    for (const op of KEY_OPERATIONS)
      for (const apiKey of tokens) expect401(await call(op, { apiKey }), INVALID_KEY, op);
  });
});

describe('the plan gate', () => {
  /** Plans below Professional (the fake's `free`: PLAN-FREE). */
  const BELOW_PROFESSIONAL = planNames.filter((plan) => planRank[plan] < planRank.professional);

  /** A fresh organization on Professional (provider state), its key, and a session of its widget. */
  async function keyedOrganization(ctx: TestContext) {
    need(ctx, target(), { writes: true });
    const org = await organizationOnPlan(ctx, target(), 'professional');
    const auth: Auth = { apiKey: org.project_key };
    const session = await call('createSession', auth, bodyFor('createSession', org.widget_uid));
    const { session_uid } = expectSuccess<{ session_uid: string }>(session, 'createSession').data;
    const send = (op: KeyOperation) => call(op, auth, bodyFor(op, org.widget_uid, session_uid));
    return { org, send };
  }

  it('every plan from Professional up allows every Project Integration call [INTEGRATION-PLAN]', async (ctx) => {
    const { org, send } = await keyedOrganization(ctx);
    for (const plan of planNames.filter((p) => planRank[p] >= planRank.professional)) {
      if (plan !== 'professional') await putOnPlan(ctx, target(), org.organization_id, plan);
      for (const op of KEY_OPERATIONS) expectSuccess(await send(op), op);
    }
  });

  it('below Professional every Project Integration call is refused, the search with a message naming the Query Knowledgebase API and the Professional plan [INTEGRATION-PLAN, SEARCH-KEY-PLAN-MESSAGE, PLAN-FREE]', async (ctx) => {
    const { org, send } = await keyedOrganization(ctx);
    for (const plan of BELOW_PROFESSIONAL) {
      await putOnPlan(ctx, target(), org.organization_id, plan);
      for (const op of KEY_OPERATIONS) {
        const res = await send(op);
        expectRefused(res);
        if (op === SEARCH) {
          // The message is described, not quoted: any faithful wording names the Query Knowledgebase API and the
          // Professional plan; the fake's exact text is SEARCH-KEY-PLAN-STATUS.
          const { message } = res.json as { message: string };
          expect(message).toMatch(/query\s*knowledge\s*base/i);
          expect(message).toMatch(/professional/i);
        }
        // Below Professional the fake has the `free` plan, refused with 403 and its plan message.
        assumed('PLAN-FREE', () => {
          expect(plan, `${op}: the only plan below Professional`).toBe('free');
          expectError(res, 403, op === SEARCH ? SEARCH_PLAN : INTEGRATION_PLAN);
        });
      }
    }
  });

  it('the plan refusal is 403 with `The Project Integration API requires the Professional plan or above`, for the search `The Query Knowledgebase API requires the Professional plan or above` [INTEGRATION-PLAN-STATUS, SEARCH-KEY-PLAN-STATUS, PLAN-FREE]', async (ctx) => {
    const { org, send } = await keyedOrganization(ctx);
    await putOnPlan(ctx, target(), org.organization_id, 'free');
    for (const op of OWN_PATH_OPERATIONS) expectError(await send(op), 403, INTEGRATION_PLAN);
    expectError(await send(SEARCH), 403, SEARCH_PLAN);
    // Back on Professional, the same calls pass again.
    await putOnPlan(ctx, target(), org.organization_id, 'professional');
    for (const op of KEY_OPERATIONS) expectSuccess(await send(op), op);
  });

  it('the free plan is below Professional for the Platform API too: a token of a free organization gets the Platform plan 403 [PLAN-FREE, AUTH-PLATFORM-PLAN-STATUS]', async (ctx) => {
    const org = await organizationOnPlan(ctx, target(), 'professional');
    const projects = () => target().call('getMyProjects', { auth: { bearer: org.owner_token }, body: {} });
    expectError(await projects(), 403, PLAN_REQUIRED);
    await putOnPlan(ctx, target(), org.organization_id, 'advanced');
    expectSuccess(await projects(), 'getMyProjects');
    await putOnPlan(ctx, target(), org.organization_id, 'free');
    expectError(await projects(), 403, PLAN_REQUIRED);
  });
});

describe('the hourly cap of the project-key search', () => {
  /** `n` searches with `auth`, 50 at a time. */
  async function burst(
    n: number,
    auth?: Auth,
    body: unknown = bodyFor(SEARCH, widget()),
  ): Promise<RawResponse[]> {
    const out: RawResponse[] = [];
    for (let i = 0; i < n; i += 50) {
      const batch = Array.from({ length: Math.min(50, n - i) }, () => call(SEARCH, auth, body));
      out.push(...(await Promise.all(batch)));
    }
    return out;
  }

  /** A new project (in a new organization on `plan`) with its own key. */
  async function keyedProject(plan: PlanName = 'advanced') {
    const org = await createOrganizationVia(control(), { plan });
    const project = await createProjectVia(control(), org.organization_id, undefined);
    const value = (await control().post<{ value: string }>(`/projects/${project.project_uid}/keys`)).value;
    return { org, project, auth: { apiKey: value } satisfies Auth };
  }

  /** A fresh organization on Advanced (provider state) and its project key: its search count starts at zero. */
  async function keyedWorld(ctx: TestContext) {
    const org = await organizationOnPlan(ctx, target(), 'advanced');
    const auth: Auth = { apiKey: org.project_key };
    return { organization_id: org.organization_id, widget_uid: org.widget_uid, auth };
  }

  const keyFor = async (project_uid: string): Promise<Auth> => ({
    apiKey: (await control().post<{ value: string }>(`/projects/${project_uid}/keys`)).value,
  });

  it('100 searches in the hour pass with X-RateLimit headers; the 101st gets 429 with Retry-After; a new window admits again [RATE-SEARCH-KEY-100, ERR-429-STATUS, RATE-HEADERS, RATE-WINDOW-FIXED-HOUR]', async (ctx) => {
    need(ctx, target(), { control: 'the clock', quota: true, projectKey: true });
    const { window_ms } = await control().get<{ window_ms: number }>('/rate-limits');
    assumed('RATE-WINDOW-FIXED-HOUR', () => expect(window_ms).toBe(3_600_000));
    const start = await clockNow(control());
    const first = await call(SEARCH);
    expectSuccess(first, SEARCH);
    expectRate(first, {
      limit: CAP,
      remaining: CAP - 1,
      reset: Math.ceil((start + window_ms) / 1000),
    });

    const rest = await burst(CAP - 1);
    expectTally(rest, { admitted: CAP - 1 });
    expectEverySlotOnce(rest, CAP - 1);

    const over = await call(SEARCH);
    capCheck(() => expectError(over, 429, SEARCH_RATE));
    expectRate(over, { limit: CAP, remaining: 0 });
    expectRetryAfter(over, { min: 1, max: 3600 });

    // Still capped a moment before the window ends; admitted once it has (an hour after the first search).
    await assumed('RATE-WINDOW-FIXED-HOUR', async () => {
      await control().advance({ ms: window_ms - 1000 });
      expectError(await call(SEARCH), 429, SEARCH_RATE);
      await control().advance({ ms: 1000 });
      const again = await call(SEARCH);
      expectSuccess(again, SEARCH);
      expectRate(again, { remaining: CAP - 1 });
    });
  });

  it('the cap is per project: another key of the same project shares it; another project’s key and the Bearer search are not affected [RATE-SEARCH-KEY-SCOPE]', async (ctx) => {
    need(ctx, target(), { quota: true });
    const t = target();
    // A project whose search count the test may spend whole: the configured one on the fake (its counters start
    // afresh with each test), a fresh organization's (provider state `organization`) elsewhere.
    let world: { project_uid: string; auth?: Auth; bearer?: Auth; organization_id?: number };
    if (t.control) {
      need(ctx, t, { projectKey: true, projectUid: true, tokens: ['owner'] });
      world = { project_uid: t.config.project_uid! };
    } else {
      const org = await organizationOnPlan(ctx, t, 'advanced');
      world = {
        project_uid: org.project_uid,
        auth: { apiKey: org.project_key },
        bearer: { bearer: org.owner_token },
        organization_id: org.organization_id,
      };
    }
    const all = await burst(CAP, world.auth);
    expectTally(all, { admitted: CAP });
    expectError(await call(SEARCH, world.auth), 429, SEARCH_RATE);

    const sameProject: Auth = t.control
      ? await keyFor(world.project_uid)
      : { apiKey: await secondKeyOf(ctx, t, { ...world, organization_id: world.organization_id! }) };
    const shared = await call(SEARCH, sameProject);
    assumed('RATE-SEARCH-KEY-SCOPE', () => expectError(shared, 429, SEARCH_RATE));

    const other: Auth = t.control
      ? (await keyedProject()).auth
      : {
          apiKey: (await enterState(ctx, t, 'project', { organization_id: world.organization_id! }))
            .project_key,
        };
    const theirs = await call(SEARCH, other);
    assumed('RATE-SEARCH-KEY-SCOPE', () => expectSuccess(theirs, SEARCH));
    expectRate(theirs, { remaining: CAP - 1 }, 'RATE-SEARCH-KEY-SCOPE');

    const bearer = await t.call('searchIndexDocument', {
      body: { project_uid: world.project_uid, query: 'refund', limit: 3 },
      auth: world.bearer,
    });
    expectSuccess(bearer, 'searchIndexDocument');
  });

  it('requests with an invalid key are not counted; requests with a bad body are, and over the cap a bad body gets 429 [RATE-CHECK-AFTER-CREDENTIAL, RATE-SEARCH-KEY-100]', async (ctx) => {
    need(ctx, target(), { quota: true });
    const { auth } = await keyedWorld(ctx);
    await withinOneClockHour(target(), () => invalidKeysAndBadBodies(auth));
  });

  /** The steps of the test above on a key whose count starts at zero. */
  async function invalidKeysAndBadBodies(auth: Auth): Promise<void> {
    const refused = await burst(20, { apiKey: 'apk-not-a-key' });
    for (const r of refused) expectRefused(r);
    expect401(refused[0]!, INVALID_KEY, 'an unknown key');
    assumed('INTEGRATION-INVALID-KEY-401', () => expect(refused.every((r) => r.status === 401)).toBe(true));
    const first = await call(SEARCH, auth);
    expectSuccess(first, SEARCH);
    expectRate(first, { remaining: CAP - 1 }, 'RATE-CHECK-AFTER-CREDENTIAL');

    const bad = await burst(10, auth, { limit: 5 });
    for (const r of bad) expectRefused(r, /^Invalid params/);
    expectError(bad[0]!, 400, INVALID_PARAMS);
    assumed('ERR-INVALID-PARAMS-STATUS', () => expect(bad.every((r) => r.status === 400)).toBe(true));
    const ok = await burst(CAP - 11, auth);
    expectTally(ok, { admitted: CAP - 11 });
    // The bad bodies counted: the project is at its cap, and the rate check comes before the body check.
    const next = await call(SEARCH, auth);
    assumed('RATE-CHECK-AFTER-CREDENTIAL', () => expectError(next, 429, SEARCH_RATE));
    // Whether they counted or not, the cap is reached within the hour: then 429 with the spec's message.
    const atCap = isAdmitted(next) ? (await spendUntilLimited(() => call(SEARCH, auth), 10)).last : next;
    expectError(atCap, 429, SEARCH_RATE);
    const badOver = await call(SEARCH, auth, { limit: 5 });
    expectRefused(badOver);
    assumed('RATE-CHECK-AFTER-CREDENTIAL', () => expectError(badOver, 429, SEARCH_RATE));
    const tooManyOver = await call(SEARCH, auth, { query: 'refund', limit: 101 });
    expectRefused(tooManyOver);
    assumed('RATE-CHECK-AFTER-CREDENTIAL', () => expectError(tooManyOver, 429, SEARCH_RATE));
    // Still not a credential: refused, whatever the count.
    expect401(await call(SEARCH, { apiKey: 'apk-not-a-key' }), INVALID_KEY, 'an unknown key over the cap');
  }

  it('over the cap, the rate check answers before the plan gate [RATE-CHECK-AFTER-CREDENTIAL]', async (ctx) => {
    need(ctx, target(), { quota: true });
    const { organization_id, auth } = await keyedWorld(ctx);
    const all = await burst(CAP, auth);
    expectTally(all, { admitted: CAP });
    await putOnPlan(ctx, target(), organization_id, 'free');
    const over = await call(SEARCH, auth);
    expectRefused(over);
    assumed('RATE-CHECK-AFTER-CREDENTIAL', () => expectError(over, 429, SEARCH_RATE));
  });

  it('createSession, sendMessage and getChatbotExecutionLogs are not capped: over 100 each in the hour (over 300 in a fresh organization), while the search is capped [RATE-INTEGRATION-OTHERS-UNCAPPED]', async (ctx) => {
    // In a fresh organization (provider state) whose search cap is spent first; otherwise on the configured
    // project, leaving its search cap alone (other files search with that key within the hour).
    const own = !(await stateMissing(target(), 'organization'));
    need(ctx, target(), { quota: true, writes: true, ...(own ? {} : { projectKey: true, widgetUid: true }) });
    const keyed = own ? await keyedWorld(ctx) : undefined;
    const auth = keyed?.auth;
    const widget_uid = keyed?.widget_uid ?? widget();
    if (own) {
      const searches = await burst(CAP + 1, auth);
      expectTally(searches, { admitted: CAP, limited: 1 });
    }

    // Over the search cap; in a fresh organization, whose requests nothing else shares, well over it (a cap a server
    // chose above the search's shows too).
    const n = own ? 3 * CAP + 5 : CAP + 5;
    // Each request is its own (a session, a message in its own session, a read): they go out a few at a time.
    const times = Array.from({ length: n }, (_, i) => i);
    await assumed('RATE-INTEGRATION-OTHERS-UNCAPPED', async () => {
      const sessions = await inParallel(times, async () => {
        const res = await call('createSession', auth, { widget_uid });
        return expectSuccess<{ session_uid: string }>(res, 'createSession').data.session_uid;
      });
      await inParallel(sessions, async (session_uid) => {
        const res = await call('sendMessage', auth, bodyFor('sendMessage', widget_uid, session_uid));
        // Hundreds of messages spend credits: a credit refusal is the balance, not a cap (inconclusive).
        stopIfCreditsSpent(target(), res, 'a widget message');
        expectSuccess(res, 'sendMessage');
      });
      await inParallel(times, async () =>
        expectSuccess(await call('getChatbotExecutionLogs', auth, { limit: 1 }), 'getChatbotExecutionLogs'),
      );
    });
    if (own) expectError(await call(SEARCH, auth), 429, SEARCH_RATE);
  });
});
