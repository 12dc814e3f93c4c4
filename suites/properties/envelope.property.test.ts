/**
 * The envelope-always property: whatever body a client sends to any Platform operation, the answer is JSON in the
 * success or the error envelope, never a 5xx, never a stack trace; and a success carries the data the contract
 * describes. Plus: any credential that is not a valid token gets the 401 envelope.
 *
 * Runs: FC_RUNS per operation (default 1000 on the fake; against a target without the control API, whose hourly
 * cap of 1000 requests per token the other suites share, 40 with allow.quota and 8 without); FC_SEED replays a
 * failure; FC_VERBOSE=1 prints the status mix.
 * State: on a target with the control API each operation starts from a reset (and rate-limit counters are cleared
 * as the run goes), so the owner token exercises every rule. Without one, the run needs `allow.quota`, and write
 * operations are called with a token the access table refuses (see harmlessAuth).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ErrorEnvelope,
  MessageOnlyEnvelope,
  type Operation,
  platformOperations,
  successEnvelope,
} from '../../contract/index.js';
import {
  type BodyContext,
  badCredentialArb,
  type Probe,
  probeArb,
  validBodyArb,
} from '../support/arbitraries/bodies.js';
import { INVALID_KEY, INVALID_TOKEN } from '../support/messages.js';
import { type Needs, need, useTarget } from '../support/use-target.js';
import type { Auth, CallOptions, Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';

const FC_RUNS = Number.parseInt(process.env.FC_RUNS ?? '', 10) || undefined;
/**
 * Runs per property: FC_RUNS, else 1000 on the fake (its counters are cleared between tests); against other
 * targets the hourly cap is shared by the whole run, so 40 when allow.quota says quota may be spent, else 8.
 */
const runsFor = (t: Target): number => FC_RUNS ?? (t.control ? 1000 : t.config.allow.quota ? 40 : 8);
const SEED = process.env.FC_SEED !== undefined ? Number(process.env.FC_SEED) : undefined;
const VERBOSE = process.env.FC_VERBOSE === '1';
const TIMEOUT = Math.max(30_000, (FC_RUNS ?? 1000) * 100);
/** Clear the rate-limit counters this often, well inside the hourly cap of one token. */
const COUNTER_RESET_EVERY = 300;

/** Operations that change nothing; the others change state or spend credits. */
const READ_ONLY = new Set([
  'getMyProjects',
  'getOrganizationDetail',
  'getOrganizationMembers',
  'getProjectUsageLimit',
  'getStats',
  'getSessions',
  'getSessionMessages',
  'searchIndexDocument',
  'getSupportedModels',
]);

/** A stack frame (`at fn (file.ts:1:2)`) or a source location anywhere in a body. */
const STACK_TRACE = /\n\s+at .+:\d+:\d+|\bat .*\(?[\w./\\-]+\.(?:ts|js|mjs|cjs):\d+:\d+\)?/;

const target = useTarget();

/** The envelope checks for one response; returns whether it was a success. Throws with the details otherwise. */
const successSchemas = new Map(
  platformOperations.map(
    (op) => [op.id, op.response ? successEnvelope(op.response) : MessageOnlyEnvelope] as const,
  ),
);

function checkResponse(op: Operation, probe: Probe, res: RawResponse): 'success' | 'error' {
  const where = `${op.id} with ${probe.label} → ${res.status} ${res.text.slice(0, 300)}`;
  if (res.status >= 500) throw new Error(`server error [ERR-NEVER-5XX]: ${where}`);
  if (!/^application\/json\b/i.test(res.headers['content-type'] ?? '')) {
    throw new Error(`content type ${res.headers['content-type']} is not JSON [CONV-RESPONSE-JSON]: ${where}`);
  }
  if (res.json === undefined) throw new Error(`body is not JSON [CONV-RESPONSE-JSON]: ${where}`);
  if (STACK_TRACE.test(res.text)) throw new Error(`stack trace in the body [ERR-NEVER-5XX]: ${where}`);
  if (res.status >= 200 && res.status < 300) {
    if (res.status !== 200) throw new Error(`success status is not 200 [CONV-SUCCESS-200]: ${where}`);
    const parsed = successSchemas.get(op.id)!.safeParse(res.json);
    if (!parsed.success)
      throw new Error(`success does not match the contract: ${parsed.error.message}\n${where}`);
    const total = (res.json as { total?: unknown }).total;
    if (op.hasTotal && !Number.isInteger(total)) throw new Error(`total is not an integer: ${where}`);
    return 'success';
  }
  if (res.status < 400) throw new Error(`neither a success nor an error status: ${where}`);
  if (!ErrorEnvelope.safeParse(res.json).success)
    throw new Error(`not the error envelope [ERR-ENVELOPE]: ${where}`);
  return 'error';
}

interface Plan {
  auth: Auth;
  /** Whether the token may run the operation (so successes are expected among valid bodies). */
  permitted: boolean;
  bodies: BodyContext;
}

/** Whether the viewer role may run the operation (from the contract's access table). */
const viewerMay = (op: Operation) => op.access?.any === true || (op.access?.roles ?? []).includes('viewer');

/**
 * How an operation can run without harm. With the control API: the owner token, on a state reset before each
 * operation. Without: the owner token for read-only operations; for the others the viewer token, which the access
 * table refuses before anything happens, unless the viewer may run it (playgroundAgentResponse writes messages and
 * spends credits), which then needs `allow.writes`.
 */
function harmlessAuth(t: Target, op: Operation): { auth: Auth; permitted: boolean; needs: Needs } {
  if (t.control || READ_ONLY.has(op.id)) return { auth: { token: 'owner' }, permitted: true, needs: {} };
  if (viewerMay(op))
    return { auth: { token: 'viewer' }, permitted: true, needs: { tokens: ['viewer'], writes: true } };
  return { auth: { token: 'viewer' }, permitted: false, needs: { tokens: ['viewer'] } };
}

/** Start the operation from a known state and gather what valid bodies refer to. */
async function prepare(t: Target, op: Operation): Promise<Plan> {
  if (t.control) await t.control.reset();
  const c = t.config;
  const owner: Auth = { token: 'owner' };
  const modelsRes = await t.call('getSupportedModels', { auth: owner, body: {} });
  const models = ((modelsRes.json as { data?: { value?: unknown }[] } | undefined)?.data ?? [])
    .map((m) => m.value)
    .filter((v): v is string => typeof v === 'string');
  const sessionsRes = await t.call('getSessions', {
    auth: owner,
    body: { project_uid: c.project_uid, limit: 1 },
  });
  const sessionUid = (sessionsRes.json as { data?: { session_uid?: number }[] } | undefined)?.data?.[0]
    ?.session_uid;
  let playgroundSessionUid: number | undefined;
  if (t.control || (op.id === 'playgroundAgentResponse' && c.allow.writes)) {
    const res = await t.call('createPlaygroundAgentSession', {
      auth: owner,
      body: { project_uid: c.project_uid },
    });
    playgroundSessionUid = (res.json as { data?: { session_uid?: number } } | undefined)?.data?.session_uid;
  }
  const { auth, permitted } = harmlessAuth(t, op);
  return {
    auth,
    permitted,
    bodies: {
      projectUid: c.project_uid!,
      ...(c.other_project_uid ? { otherProjectUid: c.other_project_uid } : {}),
      ...(sessionUid !== undefined ? { sessionUid } : {}),
      ...(playgroundSessionUid !== undefined ? { playgroundSessionUid } : {}),
      models,
    },
  };
}

function callOptions(probe: Probe, auth: Auth, base: 'base' | 'org'): CallOptions {
  if (probe.kind === 'object') return { auth, base, body: probe.body };
  return {
    auth,
    base,
    raw: { body: probe.body, ...(probe.contentType !== undefined ? { contentType: probe.contentType } : {}) },
    ...(probe.headers ? { headers: { ...probe.headers } } : {}),
  };
}

/** Counts requests and clears the rate-limit counters (control API) before a token nears its hourly cap. */
function rateGuard(t: Target): () => Promise<void> {
  let sent = 0;
  return async () => {
    sent += 1;
    if (t.control && sent % COUNTER_RESET_EVERY === 0) await t.control.post('/rate-limits/reset');
  };
}

const fcParams = (t: Target) => ({ numRuns: runsFor(t), ...(SEED !== undefined ? { seed: SEED } : {}) });

describe(`every Platform operation, FC_RUNS (default 1000) generated bodies each: never 5xx, always JSON in an envelope [ERR-NEVER-5XX, CONV-RESPONSE-JSON, CONV-SUCCESS-ENVELOPE, CONV-ERROR-ENVELOPE, ERR-ENVELOPE]`, () => {
  for (const op of platformOperations) {
    it(
      `${op.id}: any body gets the success envelope with contract data or the error envelope, no stack trace [CONV-SUCCESS-200, CONV-SUCCESS-TOTAL-INTEGER, CONV-MESSAGE-ONLY, ERR-UNKNOWN-FIELDS-IGNORED, ERR-MALFORMED-JSON, ERR-UNSUPPORTED-MEDIA-TYPE]`,
      async (ctx) => {
        const t = target();
        need(ctx, t, { tokens: ['owner'], projectUid: true });
        if (!t.control) need(ctx, t, { quota: true, ...harmlessAuth(t, op).needs });
        const plan = await prepare(t, op);
        const guard = rateGuard(t);
        const seen = { success: 0, error: 0, rateLimited: 0 };
        const mix = new Map<string, number>();
        const bases: fc.Arbitrary<'base' | 'org'> =
          op.orgLevel && t.config.org_base_url ? fc.constantFrom('base', 'org') : fc.constant('base');

        await fc.assert(
          fc.asyncProperty(probeArb(op, plan.bodies), bases, async (probe, base) => {
            await guard();
            const res = await t.call(op.id, callOptions(probe, plan.auth, base));
            seen[checkResponse(op, probe, res)] += 1;
            if (res.status === 429) seen.rateLimited += 1;
            const key = `${res.status} ${probe.label.replace(/ in \S+$| \(\d+\).*$|".*$/, '')}`;
            mix.set(key, (mix.get(key) ?? 0) + 1);
          }),
          fcParams(t),
        );

        if (VERBOSE) {
          const lines = [...mix]
            .sort((a, b) => b[1] - a[1])
            .map(([k, n]) => `  ${String(n).padStart(5)} ${k}`);
          console.log(`${op.id}: ${seen.success} successes, ${seen.error} errors\n${lines.join('\n')}`);
        }
        // Not vacuous: the mix reaches the operation's rules and its success path.
        expect(seen.error, 'some generated bodies are refused').toBeGreaterThan(0);
        // (Unless the target's hourly cap, which only a control API can clear, refused part of the run.)
        if (plan.permitted && seen.rateLimited === 0) {
          expect(seen.success, 'some generated bodies succeed').toBeGreaterThan(0);
        }
      },
      TIMEOUT,
    );
  }
});

describe('credentials', () => {
  it(
    `any credential that is not a valid token gets 401 in the error envelope, whatever the operation and body [ERR-401-MESSAGE, AUTH-BEARER-HEADER, AUTH-MISSING-CREDENTIAL, AUTH-WRONG-CREDENTIAL-KIND, AUTH-CHECK-ORDER, VERSION-TOKEN-PREFIX]`,
    async (ctx) => {
      const t = target();
      need(ctx, t, { projectUid: true });
      const bodies: BodyContext = { projectUid: t.config.project_uid!, models: [] };
      const ops = platformOperations.map((op) => ({ op, valid: validBodyArb(op.id, bodies) }));
      const requestArb = fc.nat({ max: ops.length - 1 }).chain((i) =>
        fc.record({
          op: fc.constant(ops[i]!.op),
          body: ops[i]!.valid,
          base:
            ops[i]!.op.orgLevel && t.config.org_base_url
              ? fc.constantFrom('base' as const, 'org' as const)
              : fc.constant('base' as const),
        }),
      );
      const credentials = badCredentialArb({
        ...(t.config.tokens.owner ? { token: t.config.tokens.owner } : {}),
        ...(t.config.project_key ? { projectKey: t.config.project_key } : {}),
      });

      await fc.assert(
        fc.asyncProperty(requestArb, credentials, async ({ op, body, base }, credential) => {
          const res = await t.call(op.id, { auth: { headers: credential.headers }, body, base });
          const where = `${op.id} with ${credential.label} ${JSON.stringify(credential.headers)} → ${res.status} ${res.text.slice(0, 200)}`;
          expect(res.status, where).toBe(401);
          expect(res.headers['content-type'] ?? '', where).toMatch(/^application\/json/);
          expect(ErrorEnvelope.safeParse(res.json).success, where).toBe(true);
          // /searchIndexDocument is shared: with an api-key header and no Authorization it is the project-key variant.
          const keyVariant =
            op.id === 'searchIndexDocument' &&
            'api-key' in credential.headers &&
            !('authorization' in credential.headers);
          expect((res.json as { message: string }).message, where).toBe(
            keyVariant ? INVALID_KEY : INVALID_TOKEN,
          );
        }),
        fcParams(t),
      );
    },
    TIMEOUT,
  );
});
