/**
 * The envelope-always property: whatever body a client sends to any Platform operation, the answer is JSON in the
 * success or the error envelope, never a 5xx, never a stack trace; and a success carries the data the contract
 * describes. (Any credential that is not a valid token: envelope.credentials.property.test.ts.)
 *
 * Runs: FC_RUNS per operation (default 300 on the fake; against a target without the control API, whose hourly
 * cap of 1000 requests per token the other suites share, 40 with allow.quota and 8 without); FC_SEED replays a
 * failure; FC_VERBOSE=1 prints the status mix.
 * State: on a target with the control API each operation starts from a reset (and rate-limit counters are cleared
 * as the run goes), so the owner token exercises every rule. Without one, the run needs `allow.quota`, and write
 * operations are called with a token the access table refuses (see harmlessAuth).
 */

import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ErrorEnvelope,
  MessageOnlyEnvelope,
  type Operation,
  platformOperations,
  successEnvelope,
} from '../../contract/index.js';
import { type BodyContext, type Probe, probeArb, requestFields } from '../support/arbitraries/bodies.js';
import { JSON_TYPE } from '../support/arbitraries/probe.js';
import { documentedMisfits, ENVELOPE_NOT_SHOWN } from '../support/envelope.js';
import { modelEntries } from '../support/models.js';
import { documented } from '../support/strength.js';
import { type Needs, need, useTarget } from '../support/use-target.js';
import type { Auth, CallOptions, Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import { assumedOnce, fcParams, type Soft, TIMEOUT } from './envelope.test-support.js';

const VERBOSE = process.env.FC_VERBOSE === '1';
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

const schemaOf = (data: Operation['response']) => (data ? successEnvelope(data) : MessageOnlyEnvelope);
/** The fake's full success shape where the spec shows less (under the operation's shapeClause), checked softly. */
const fakeSchemas = new Map<string, { schema: ReturnType<typeof schemaOf>; clause: string }>(
  platformOperations
    .filter((op) => op.documentedResponse && op.response && op.shapeClause)
    .map((op) => [op.id, { schema: schemaOf(op.response), clause: op.shapeClause! }] as const),
);

/**
 * The envelope checks for one response; returns whether it was a success. Hard, what the spec documents: a 2xx is
 * the success envelope with the documented data (and an integer `total` where the table gives one), a 4xx the error
 * envelope. Soft, the fake's choices: no 5xx and no stack trace (ERR-NEVER-5XX), a JSON content type
 * (CONV-RESPONSE-JSON), HTTP 200 for a success (CONV-SUCCESS-200), the fake's full data shape.
 */
function checkResponse(op: Operation, probe: Probe, res: RawResponse, soft: Soft): 'success' | 'error' {
  const where = `${op.id} with ${probe.label} → ${res.status} ${res.text.slice(0, 300)}`;
  soft('ERR-NEVER-5XX', () => {
    if (res.status >= 500) throw new Error(`server error [ERR-NEVER-5XX]: ${where}`);
    if (STACK_TRACE.test(res.text)) throw new Error(`stack trace in the body [ERR-NEVER-5XX]: ${where}`);
  });
  soft('CONV-RESPONSE-JSON', () => {
    if (!/^application\/json\b/i.test(res.headers['content-type'] ?? ''))
      throw new Error(
        `content type ${res.headers['content-type']} is not JSON [CONV-RESPONSE-JSON]: ${where}`,
      );
  });
  // A server error is already the fake's concern above (ERR-NEVER-5XX, ERR-INTERNAL-ENVELOPE).
  if (res.status >= 500) return 'error';
  if (res.json === undefined) throw new Error(`body is not JSON, so in no envelope: ${where}`);
  if (res.status >= 200 && res.status < 300) {
    soft('CONV-SUCCESS-200', () => {
      if (res.status !== 200) throw new Error(`success status is not 200 [CONV-SUCCESS-200]: ${where}`);
    });
    // An envelope the spec does not show (getSupportedModels) is the fake's, checked below under its shape clause.
    // Each misfit reds the clause of the place it lies in (contract/response-clauses.ts), and the property goes on.
    if (!ENVELOPE_NOT_SHOWN.has(op.id))
      for (const [clause, found] of documentedMisfits(res, op.id))
        documented(clause, () => {
          throw new Error(`success does not match the documented contract: ${found.join('; ')}\n${where}`);
        });
    const fake = fakeSchemas.get(op.id);
    if (fake)
      soft(fake.clause, () => {
        const full = fake.schema.safeParse(res.json);
        if (!full.success)
          throw new Error(`success does not match the fake's contract: ${full.error.message}\n${where}`);
      });
    return 'success';
  }
  if (res.status < 400) throw new Error(`neither a success nor an error status: ${where}`);
  documented('CONV-ERROR-ENVELOPE', () => {
    if (!ErrorEnvelope.safeParse(res.json).success) throw new Error(`not the error envelope: ${where}`);
  });
  return 'error';
}

const mediaTypeOf = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
const OPERATION_MEDIA_TYPE = { json: JSON_TYPE, form: 'application/x-www-form-urlencoded' } as const;

/** Whether raw bytes are not JSON at all (as a JSON parser reads them, a leading BOM dropped). */
function notJson(body: string | Buffer): boolean {
  const text = (typeof body === 'string' ? body : body.toString('utf8')).replace(/^\uFEFF/, '');
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/**
 * What the fake's assumed clauses say of the probe kinds this title cites, for a request that reached the body
 * (the owner token, at {base_url}, not rate-limited): bytes that are not JSON get 400 `Invalid params…`
 * (ERR-MALFORMED-JSON); a non-empty body in a media type the operation does not take gets 415
 * (ERR-UNSUPPORTED-MEDIA-TYPE); fields the operation does not have are ignored: on a read-only operation the same
 * body without them gets the very same answer (ERR-UNKNOWN-FIELDS-IGNORED).
 */
async function checkProbeKind(
  t: Target,
  op: Operation,
  probe: Probe,
  res: RawResponse,
  auth: Auth,
  soft: Soft,
): Promise<void> {
  const where = `${op.id} with ${probe.label} → ${res.status} ${res.text.slice(0, 300)}`;
  const message = (res.json as { message?: unknown } | undefined)?.message;
  if (probe.kind === 'object') {
    const fields = requestFields(op);
    const extras = probe.extraKeys ?? [];
    if (extras.length === 0 || extras.some((k) => fields.includes(k))) return;
    // Never named by validation: no detail of a refusal (the fake's `errors`) is about an unknown field.
    soft('ERR-UNKNOWN-FIELDS-IGNORED', () => {
      const errors = (res.json as { errors?: { path?: unknown }[] } | undefined)?.errors ?? [];
      const named = errors.map((e) => String(e.path).split('.')[0]).filter((f) => extras.includes(f ?? ''));
      expect(named, where).toEqual([]);
    });
    // Changing nothing: where a second call changes no state, the same body without them answers the same.
    if (READ_ONLY.has(op.id) && probe.withoutExtras !== undefined) {
      let probed = res;
      let plain = await t.call(op.id, { auth, body: probe.withoutExtras });
      const same = (a: RawResponse, b: RawResponse) =>
        a.status === b.status && isDeepStrictEqual(a.json, b.json);
      // Shared data another file changes meanwhile (files side by side, or other clients of a staging) can answer
      // differently between the two calls: on a difference the probe is sent again between two plain calls, and
      // compared only if those two agree (the data stood still while it was looked at).
      if (!same(probed, plain)) {
        probed = await t.call(op.id, callOptions(probe, auth, 'base'));
        const after = await t.call(op.id, { auth, body: probe.withoutExtras });
        if (!same(plain, after)) return;
        plain = after;
      }
      soft('ERR-UNKNOWN-FIELDS-IGNORED', () => {
        expect(
          { status: probed.status, body: probed.json },
          `${where}\nwithout them → ${plain.text.slice(0, 300)}`,
        ).toEqual({ status: plain.status, body: plain.json });
      });
    }
    return;
  }
  if (probe.headers) return;
  const size = typeof probe.body === 'string' ? Buffer.byteLength(probe.body) : probe.body.length;
  if (size === 0) return;
  const mediaType = mediaTypeOf(probe.contentType);
  if (mediaType !== OPERATION_MEDIA_TYPE[op.encoding]) {
    soft('ERR-UNSUPPORTED-MEDIA-TYPE', () => {
      if (res.status !== 415) throw new Error(`expected 415 [ERR-UNSUPPORTED-MEDIA-TYPE]: ${where}`);
    });
  } else if (op.encoding === 'json' && probe.contentType === JSON_TYPE && notJson(probe.body)) {
    soft('ERR-MALFORMED-JSON', () => {
      if (res.status !== 400 || typeof message !== 'string' || !message.startsWith('Invalid params'))
        throw new Error(`expected 400 Invalid params [ERR-MALFORMED-JSON]: ${where}`);
    });
  }
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
  const models = (modelEntries((modelsRes.json as { data?: unknown } | undefined)?.data) ?? []).map(
    (m) => m.value,
  );
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

describe(`every Platform operation, FC_RUNS (default 300) generated bodies each: never 5xx, always JSON in an envelope [ERR-NEVER-5XX, CONV-RESPONSE-JSON, CONV-SUCCESS-ENVELOPE, CONV-ERROR-ENVELOPE, ERR-ENVELOPE]`, () => {
  for (const op of platformOperations) {
    it(
      // Bytes that are not JSON go only to the JSON operations (a form operation refuses the JSON type itself).
      `${op.id}: any body gets the success envelope with contract data or the error envelope, no stack trace [CONV-SUCCESS-200, CONV-SUCCESS-TOTAL-INTEGER, CONV-MESSAGE-ONLY, ERR-UNKNOWN-FIELDS-IGNORED, ${op.encoding === 'json' ? 'ERR-MALFORMED-JSON, ' : ''}ERR-UNSUPPORTED-MEDIA-TYPE]`,
      async (ctx) => {
        const t = target();
        need(ctx, t, { tokens: ['owner'], projectUid: true });
        if (!t.control) need(ctx, t, { quota: true, ...harmlessAuth(t, op).needs });
        const plan = await prepare(t, op);
        const guard = rateGuard(t);
        const soft = assumedOnce();
        // Requests that reach the body: the probe kinds' own clauses apply (checkProbeKind).
        const reachesBody = plan.permitted && (plan.auth as { token?: string }).token === 'owner';
        const seen = { success: 0, error: 0, rateLimited: 0 };
        const mix = new Map<string, number>();
        const bases: fc.Arbitrary<'base' | 'org'> =
          op.orgLevel && t.config.org_base_url ? fc.constantFrom('base', 'org') : fc.constant('base');

        await fc.assert(
          fc.asyncProperty(probeArb(op, plan.bodies), bases, async (probe, base) => {
            await guard();
            const res = await t.call(op.id, callOptions(probe, plan.auth, base));
            seen[checkResponse(op, probe, res, soft)] += 1;
            if (res.status === 429) seen.rateLimited += 1;
            else if (reachesBody && base === 'base') await checkProbeKind(t, op, probe, res, plan.auth, soft);
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
        // Not vacuous: the mix reaches the operation's rules and its success path. Against the fake that is the
        // generator's own check; elsewhere a server may take every body of an operation that reads none
        // (getOrganizationDetail ignoring what it is sent), and that is no failure of it.
        if (t.isFake) expect(seen.error, 'some generated bodies are refused').toBeGreaterThan(0);
        // (Unless the target's hourly cap, which only a control API can clear, refused part of the run.)
        if (plan.permitted && seen.rateLimited === 0) {
          expect(seen.success, 'some generated bodies succeed').toBeGreaterThan(0);
        }
      },
      TIMEOUT,
    );
  }
});
