/**
 * The envelopes: every Platform operation called validly answers 200 with the success envelope (data as the
 * contract says, `total` where the table says), and every answer that is an error is in the error envelope.
 * All of it JSON. Which requests are refused at all (a huge body, another method, an unknown path) is the fake's
 * choice where the spec states no rule: the envelope is documented only for an answer that is an error.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { z } from 'zod';
import {
  ErrorEnvelope,
  httpInput,
  MessageOnlyEnvelope,
  type Operation,
  platformOperations,
} from '../../contract/index.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { ENVELOPE_NOT_SHOWN, expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_PARAMS, INVALID_TOKEN } from '../support/messages.js';
import { settingsSubject } from '../support/project-settings.js';
import { runTag } from '../support/run-tag.js';
import { arranged, assumed, readable } from '../support/strength.js';
import { type Needs, need, useTarget } from '../support/use-target.js';
import type { Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();

const JSON_CONTENT_TYPE = /^application\/json\b/i;
const STACK_TRACE = /\n\s+at .+:\d+:\d+/;
let emails = 0;

/** What a valid call of each operation needs, and how to build its body from the target. */
interface ValidCall {
  needs: Needs;
  body: (t: Target, ctx: TestContext) => Promise<Record<string, unknown>>;
}

const uid = (t: Target) => t.config.project_uid!;
const dataOf = <T>(res: RawResponse): T => (res.json as { data: T }).data;

/** A session of the configured project; a project without one leaves getSessionMessages not checkable here. */
async function firstSessionUid(t: Target, ctx: TestContext): Promise<number> {
  const res = await t.call('getSessions', { body: { project_uid: uid(t), limit: 1 } });
  const uidOf = (res.json as { data?: { session_uid?: number }[] } | undefined)?.data?.[0]?.session_uid;
  arranged(ctx, uidOf !== undefined, 'the configured project has no session to read the messages of');
  return uidOf;
}

const read: Needs = { tokens: ['owner'], projectUid: true };
const write: Needs = { ...read, writes: true };

const validCalls: Record<string, ValidCall> = {
  getMyProjects: { needs: read, body: async () => ({ limit: 5, page: 1, orderBy: 'ASC' }) },
  getOrganizationDetail: { needs: read, body: async () => ({}) },
  getOrganizationMembers: { needs: read, body: async () => ({ limit: 10, page: 1 }) },
  inviteOrganizationMember: {
    needs: write,
    body: async () => ({
      email: `envelope-${runTag()}-${++emails}@example.com`,
      role: 'viewer',
    }),
  },
  updateChatbot: {
    needs: write,
    // Writes back the project's current name: a valid call that changes nothing.
    body: async (t) => {
      const projects = dataOf<{ project_uid: string; name: string }[]>(
        await t.call('getMyProjects', { body: {} }),
      );
      const name = projects.find((p) => p.project_uid === uid(t))?.name;
      return { project_uid: uid(t), ...(name ? { name } : {}) };
    },
  },
  // One field, on a project the test may change (a fresh one where the target offers the state): whether a body with
  // no settings field is valid at all is the fake's reading (SET-NO-FIELDS), so a valid call names one.
  updateProjectSettings: {
    needs: write,
    body: async (t, ctx) => ({ project_uid: await settingsSubject(ctx, t), temperature: 0.5 }),
  },
  getProjectUsageLimit: { needs: read, body: async (t) => ({ project_uid: uid(t) }) },
  setProjectUsageLimit: {
    needs: write,
    // Sets the document limit to the limit it has now.
    body: async (t) => {
      const limits = dataOf<{ document: { limit: number } }>(
        await t.call('getProjectUsageLimit', { body: { project_uid: uid(t) } }),
      );
      return { project_uid: uid(t), limits: [{ limit_type: 'document', limit: limits.document.limit }] };
    },
  },
  removeProjectUsageLimit: {
    needs: write,
    body: async (t) => ({ project_uid: uid(t), limit_type: 'voice_credits' }),
  },
  getStats: {
    needs: read,
    body: async (t) => ({ project_uid: uid(t), from: '2020-01-01', to: '2100-01-01' }),
  },
  getSessions: { needs: read, body: async (t) => ({ project_uid: uid(t), limit: 5, page: 1 }) },
  getSessionMessages: {
    needs: read,
    body: async (t, ctx) => ({ project_uid: uid(t), session_uid: await firstSessionUid(t, ctx), limit: 5 }),
  },
  createPlaygroundAgentSession: { needs: write, body: async (t) => ({ project_uid: uid(t) }) },
  playgroundAgentResponse: {
    needs: { ...write, quota: true },
    body: async (t) => {
      const session = await t.call('createPlaygroundAgentSession', { body: { project_uid: uid(t) } });
      return {
        project_uid: uid(t),
        session_uid: dataOf<{ session_uid: number }>(session).session_uid,
        query: 'hello',
      };
    },
  },
  searchIndexDocument: {
    needs: read,
    body: async (t) => ({ project_uid: uid(t), query: 'account', limit: 3 }),
  },
  getSupportedModels: { needs: read, body: async () => ({}) },
};

/**
 * The documented rule each valid call above follows (its body's fields, or the operation's own answer): a server that
 * refuses the call breaks that rule, not the conventions this test is about.
 */
const VALID_BODY_CLAUSE = {
  getMyProjects: 'PROJECTS-ALL-OPTIONAL',
  getOrganizationDetail: 'ORG-DETAIL-EMPTY-BODY',
  getOrganizationMembers: 'MEMBERS-RESPONSE-SHAPE',
  inviteOrganizationMember: 'INVITE-RETURNS-INVITATION',
  updateChatbot: 'UPDATECHATBOT-NAME',
  updateProjectSettings: 'SET-TEMPERATURE-RANGE',
  getProjectUsageLimit: 'USAGE-LIMIT-GET-SHAPE',
  setProjectUsageLimit: 'USAGE-LIMIT-BOUNDS-INCLUSIVE',
  removeProjectUsageLimit: 'USAGE-LIMIT-REMOVE-BODY',
  getStats: 'STATS-DATE-FORMATS',
  getSessions: 'SESSIONS-LIMIT-RANGE',
  getSessionMessages: 'SESSION-MESSAGES-REQUIRED',
  createPlaygroundAgentSession: 'PLAYGROUND-CREATE-DATA',
  playgroundAgentResponse: 'PLAYGROUND-RESPONSE-REQUIRED',
  searchIndexDocument: 'SEARCH-BEARER-LIMIT',
  getSupportedModels: 'MODELS-EMPTY-BODY',
} as const satisfies Record<(typeof platformOperations)[number]['id'], string>;

/** The clauses a valid call of `op` shows, beyond the success envelope itself. */
function clausesOf(op: Operation): string {
  const ids = [
    // An envelope the spec does not show is the fake's (MODELS-RESPONSE-SHAPE).
    ENVELOPE_NOT_SHOWN.has(op.id) ? (op.shapeClause as string) : 'CONV-SUCCESS-ENVELOPE',
    'CONV-SUCCESS-200',
    'CONV-RESPONSE-JSON',
    'CONV-BASE-URL',
    'CONV-POST',
  ];
  ids.push(op.encoding === 'form' ? 'CONV-FORM-ENCODED' : 'CONV-JSON-BODY');
  if (op.request instanceof z.ZodObject && Object.keys(op.request.shape).length === 0)
    ids.push('CONV-EMPTY-BODY-OBJECT');
  if (!op.response) ids.push('CONV-MESSAGE-ONLY');
  if (op.hasTotal) ids.push('CONV-SUCCESS-TOTAL-INTEGER');
  if (
    [
      'getMyProjects',
      'getOrganizationDetail',
      'getOrganizationMembers',
      'inviteOrganizationMember',
      'getSessions',
      'getSessionMessages',
    ].includes(op.id)
  ) {
    ids.push('CONV-DATETIME-ISO');
  }
  return ids.join(', ');
}

describe('success envelope of every Platform operation', () => {
  it('the table covers every Platform operation [CONV-SUCCESS-ENVELOPE]', () => {
    expect(Object.keys(validCalls).sort()).toEqual(platformOperations.map((op) => op.id).sort());
  });

  for (const op of platformOperations) {
    it(`${op.id} called validly answers 200 {type RXSUCCESS, message, data?, total?} in JSON [${clausesOf(op)}]`, async (ctx) => {
      const t = target();
      const call = validCalls[op.id]!;
      need(ctx, t, call.needs);
      const res = await t.call(op.id, { body: await call.body(t, ctx) });
      // A playground call spends credits whose prices are not shown: wanting them is inconclusive, not a red.
      if (op.id === 'playgroundAgentResponse') stopIfCreditsSpent(t, res, op.id);

      // That the body is valid is the operation's own rule: a refusal of it reds that rule alone (it is checked in the
      // operation's own tests too) and stops here, the envelope of a success not being there to check.
      readable(VALID_BODY_CLAUSE[op.id as keyof typeof VALID_BODY_CLAUSE], () =>
        expect(
          res.status >= 200 && res.status < 300,
          `${op.id} called validly: ${res.status} ${res.text.slice(0, 200)}`,
        ).toBe(true),
      );
      const { message, total } = expectSuccess(res, op.id);
      assumed('CONV-RESPONSE-JSON', () =>
        expect(res.headers['content-type'] ?? '').toMatch(JSON_CONTENT_TYPE),
      );
      const body = res.json as Record<string, unknown>;
      const envelope = () => {
        expect(body.type).toBe('RXSUCCESS');
        expect(typeof message).toBe('string');
      };
      if (ENVELOPE_NOT_SHOWN.has(op.id)) assumed(op.shapeClause as string, envelope);
      else envelope();
      // The spec shows the envelope's members, never that it has no others.
      assumed('CONV-NO-EXTRA-FIELDS', () =>
        expect(
          Object.keys(body).every((k) => ['type', 'message', 'data', 'total'].includes(k)),
          res.text.slice(0, 200),
        ).toBe(true),
      );
      if (total !== undefined) expect(Number.isInteger(total), `total ${total}`).toBe(true);
      if (op.hasTotal) expect(Number.isInteger(total), 'total is required').toBe(true);
      if (!op.response) expect(MessageOnlyEnvelope.safeParse(body).success).toBe(true);
    });
  }
});

/**
 * The error envelope of an answer that is an error (hard: ERR-ENVELOPE, CONV-ERROR-ENVELOPE), with the refusal as
 * expectError() splits it: where the spec documents the refusal it is hard, else whether the request is refused at
 * all is the fake's choice under the refusal's assumed clause. Its JSON content type (CONV-RESPONSE-JSON) and the
 * absence of a stack trace (ERR-NEVER-5XX) are the fake's choices too.
 */
function expectErrorEnvelope(res: RawResponse, status: number, message?: string | RegExp): void {
  expectError(res, status, message);
  assumed('CONV-RESPONSE-JSON', () =>
    expect(res.headers['content-type'] ?? '', 'JSON content type').toMatch(JSON_CONTENT_TYPE),
  );
  if (res.status >= 400) {
    expect(ErrorEnvelope.safeParse(res.json).success, `error envelope: ${res.text.slice(0, 200)}`).toBe(true);
    expect((res.json as { type: string }).type).toBe('RXERROR');
  }
  assumed('ERR-NEVER-5XX', () => expect(res.text).not.toMatch(STACK_TRACE));
}

/**
 * An answer to a request that names no operation (an unknown path, a known path with another method): the spec's
 * envelopes are those of its operations, so that such an answer is the error envelope is the fake's choice under
 * `clause`, as its status is.
 */
function expectNoOperation(res: RawResponse, clause: string, status: number, message?: string): void {
  expect(res.status, `no 5xx; body: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  assumed(clause, () => expectErrorEnvelope(res, status, message));
}

describe('error envelope on each status [ERR-ENVELOPE, CONV-ERROR-ENVELOPE, CONV-RESPONSE-JSON]', () => {
  it('401: no credential [ERR-401-MESSAGE, AUTH-MISSING-CREDENTIAL]', async () => {
    const res = await target().call('getMyProjects', { auth: { none: true }, body: {} });
    // Every Platform request requires the Bearer header: without one, refused in the error envelope.
    expectRefused(res);
    // That the refusal is the invalid-token 401 is the fake's choice.
    assumed('AUTH-MISSING-CREDENTIAL', () => expectErrorEnvelope(res, 401, INVALID_TOKEN));
  });

  it('401: an unknown token [ERR-401-MESSAGE]', async () => {
    const res = await target().call('getOrganizationDetail', {
      auth: { bearer: 'api-v1-doesnotexist000000' },
      body: {},
    });
    expectErrorEnvelope(res, 401, INVALID_TOKEN);
  });

  it('403: a role without the permission [ERR-403-MESSAGE, AUTH-MISSING-PERMISSION-403]', async (ctx) => {
    need(ctx, target(), { tokens: ['viewer'] });
    // A viewer may not invite: refused before anything happens.
    const res = await target().call('inviteOrganizationMember', {
      auth: { token: 'viewer' },
      body: { email: 'never-sent@example.com', role: 'viewer' },
    });
    expectErrorEnvelope(res, 403, FORBIDDEN);
  });

  it('403: a project outside the token scope [ERR-403-MESSAGE, AUTH-SCOPE-403]', async (ctx) => {
    need(ctx, target(), { tokens: ['selected'], otherProjectUid: true });
    const res = await target().call('getProjectUsageLimit', {
      auth: { token: 'selected' },
      body: { project_uid: target().config.other_project_uid },
    });
    expectErrorEnvelope(res, 403, FORBIDDEN);
  });

  it('400: a body that fails validation [ERR-INVALID-PARAMS-MESSAGE, ERR-INVALID-PARAMS-STATUS]', async () => {
    // orderBy is `ASC`/`DESC`: another string is a bad body under any reading (getMyProjects gives limit no minimum).
    const res = await target().call('getMyProjects', { body: { orderBy: 'RANDOM' } });
    expectErrorEnvelope(res, 400, INVALID_PARAMS);
  });

  it('400: malformed JSON [ERR-MALFORMED-JSON]', async () => {
    const res = await target().call('getMyProjects', {
      raw: { body: '{"limit":', contentType: 'application/json' },
    });
    expectErrorEnvelope(res, 400, /^Invalid params/);
  });

  it('404: an unknown route [ERR-UNKNOWN-ROUTE]', async () => {
    expectNoOperation(
      await target().raw('/getEverything', { body: {} }),
      'ERR-UNKNOWN-ROUTE',
      404,
      'Route not found',
    );
  });

  it('404: an unknown project_uid [AUTH-UNKNOWN-PROJECT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const res = await target().call('getProjectUsageLimit', { body: { project_uid: 'no-such-project-000' } });
    expectErrorEnvelope(res, 404, 'Project not found');
  });

  it('405: another method on a known path [ERR-METHOD-NOT-ALLOWED]', async () => {
    const res = await target().call('getMyProjects', { method: 'DELETE' });
    expectNoOperation(res, 'ERR-METHOD-NOT-ALLOWED', 405);
    assumed('ERR-METHOD-NOT-ALLOWED', () => expect(res.headers.allow).toBe('POST'));
  });

  it('413: a body over the size limit [ERR-BODY-TOO-LARGE]', async () => {
    // The spec states no size limit: a server may take the body (then it is no error); a refusal is in the envelope.
    const big = JSON.stringify({ search: 'y'.repeat(httpInput.maxBodyBytes) });
    const res = await target().call('getMyProjects', { raw: { body: big, contentType: 'application/json' } });
    expectErrorEnvelope(res, 413);
  });

  it('415: a content type the operation does not take [ERR-UNSUPPORTED-MEDIA-TYPE]', async () => {
    const res = await target().call('getMyProjects', {
      raw: { body: '<limit>1</limit>', contentType: 'application/xml' },
    });
    expectErrorEnvelope(res, 415);
  });
});

// The operations are POSTs (CONV-POST, shown by the valid calls above); what another method gets is not shown: a
// server may refuse it in any way, or even serve it.
describe('another method than POST [ERR-METHOD-NOT-ALLOWED, CONV-RESPONSE-JSON]', () => {
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
    it(`${method} on every Platform operation answers 405 with Allow: POST in the error envelope`, async () => {
      for (const op of platformOperations) {
        const res = await target().call(op.id, { method });
        expectNoOperation(res, 'ERR-METHOD-NOT-ALLOWED', 405);
        assumed('ERR-METHOD-NOT-ALLOWED', () =>
          expect(res.headers.allow, `${method} ${op.path}`).toBe('POST'),
        );
      }
    });
  }
});
