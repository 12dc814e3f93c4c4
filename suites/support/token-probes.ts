/**
 * What the API token suites (suites/platform/tokens-*.test.ts) share: whether a token value authenticates, a call
 * with a token, its outcome as the tests compare it, the same request on every Platform operation, and, on a target
 * with the control API, tokens of the seeded organization made through it.
 */
import { expect } from 'vitest';
import { type MemberRole, platformOperations } from '../../contract/index.js';
import type { Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import { assumedGrounds, permits, type SpecOperationId, type TokenGrant } from './access-model.js';
import { expectError, expectSuccess, statusBy } from './envelope.js';
import { CREATOR_LEFT, CREATOR_LEFT_GIST, FORBIDDEN, INVALID_TOKEN } from './messages.js';
import { assumed, documented, readable } from './strength.js';

import { bodyFor, orgTokenVia, seededOrganization, type TokenSpec } from './world.js';

/** A status as the tests compare it: any success is `ok` (its exact 2xx is the fake's choice, CONV-SUCCESS-200). */
export const outcome = (res: RawResponse): number | 'ok' =>
  res.status >= 200 && res.status < 300 ? 'ok' : res.status;

/**
 * The answer `res` to `op` is what the spec's table (access-model.ts) gives a token with `grant` whose creator holds
 * `creatorRole`: a case the spec's rules decide is checked hard, one that rests on an assumed clause (the fake's cap
 * on the creator's role, an operation whose access is not shown) under that clause.
 */
export function expectAccessAsSpecified(
  op: SpecOperationId,
  grant: TokenGrant,
  creatorRole: MemberRole,
  res: RawResponse,
): void {
  const check = () => {
    if (!permits(op, grant, creatorRole)) expectError(res, 403, FORBIDDEN);
    else
      expect(
        res.status >= 200 && res.status < 300,
        `${creatorRole} creator, ${op}: ${res.status} ${res.text.slice(0, 200)}`,
      ).toBe(true);
  };
  const grounds = assumedGrounds(op, grant, creatorRole);
  if (grounds.length === 0) check();
  for (const id of grounds) assumed(id, check);
}

/**
 * 401 with the inactive-token message, not the generic one. The spec describes that message without quoting it, so
 * only what any faithful wording contains is hard (it speaks of membership: CREATOR_LEFT_GIST); the fake's exact
 * words are its choice (TOKEN-CREATOR-REMOVED-MESSAGE).
 */
export function expectCreatorLeft(res: RawResponse, what: string): void {
  readable('TOKEN-CREATOR-REMOVED-401', () =>
    expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBe(401),
  );
  expectError(res, 401);
  const message = (res.json as { message?: unknown } | undefined)?.message;
  documented('TOKEN-CREATOR-REMOVED-MESSAGE-GIST', () => {
    expect(message, what).not.toBe(INVALID_TOKEN);
    expect(message, what).toMatch(CREATOR_LEFT_GIST);
  });
  assumed('TOKEN-CREATOR-REMOVED-MESSAGE', () => expect(message, what).toBe(CREATOR_LEFT));
}

export function tokenProbes(target: () => Target) {
  /** getMyProjects: open to any valid token, so its status says whether the value authenticates. */
  const probe = (value: string) => target().call('getMyProjects', { auth: { bearer: value }, body: {} });

  const call = (op: string, value: string, body: Record<string, unknown>): Promise<RawResponse> =>
    target().call(op, { auth: { bearer: value }, body });

  /**
   * Every Platform operation (or those `only` keeps) called with `value`, its body aimed at `project_uid`, in the
   * table's order.
   */
  async function onEveryOperation(
    value: string,
    project_uid: string,
    only: (op: string) => boolean = () => true,
  ): Promise<[string, RawResponse][]> {
    const answers: [string, RawResponse][] = [];
    for (const op of platformOperations.filter((o) => only(o.id)))
      answers.push([op.id, await call(op.id, value, bodyFor(op.id, { project_uid }))]);
    return answers;
  }

  return {
    probe,
    call,
    /** The value authenticates; `clause`: the rule that says it should, which a refusal then reds alone. */
    async expectWorks(value: string, clause?: string): Promise<void> {
      const res = await probe(value);
      if (clause) statusBy(clause, res, 'ok');
      expectSuccess(res, 'getMyProjects');
    },
    /** 401 `Invalid or revoked API token`; `clause`: the rule of that 401, which a success then reds alone. */
    async expectInvalid(value: string, clause?: string): Promise<void> {
      const res = await probe(value);
      if (clause) statusBy(clause, res, 401);
      expectError(res, 401, INVALID_TOKEN);
    },
    /** An expired value: 401 (documented); its message is the fake's choice (TOKEN-EXPIRY-MESSAGE). */
    async expectExpired(value: string): Promise<void> {
      const res = await probe(value);
      statusBy('TOKEN-EXPIRED-401', res, 401);
      expectError(res, 401);
      assumed('TOKEN-EXPIRY-MESSAGE', () => expectError(res, 401, INVALID_TOKEN));
    },
    onEveryOperation,
    /**
     * 401 `Invalid or revoked API token` on every Platform operation (a deactivated or revoked token); the status
     * bound to `clause`, the rule of that state's 401.
     */
    async expectInvalidOnEveryOperation(value: string, project_uid: string, clause: string): Promise<void> {
      for (const [, res] of await onEveryOperation(value, project_uid)) {
        statusBy(clause, res, 401);
        expectError(res, 401, INVALID_TOKEN);
      }
    },
  };
}

/** Tokens of the target's seeded organization made through the control API (a fake's), by its owner by default. */
export function controlTokens(target: () => Target) {
  let orgPromise: ReturnType<typeof seededOrganization> | undefined;
  const org = () => {
    orgPromise ??= seededOrganization(target());
    return orgPromise;
  };
  const control = () => target().control!;
  return {
    org,
    control,
    newToken: async (spec: Partial<TokenSpec> = {}) => orgTokenVia(control(), await org(), spec),
  };
}
