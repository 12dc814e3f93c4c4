/**
 * Errors of the RAG endpoints, always in the provider's native error shape (never the RXERROR envelope): invalid
 * keys, bad bodies, unknown routes and methods, the plan gate; and how the three API families keep to their own
 * credentials. The refusals are sent with a fresh organization's key where the target offers the provider state
 * (support/fresh-quota.ts), so they spend nothing of the config key's RAG budget; the three families use the
 * config's own credentials.
 */
import { describe, expect, it } from 'vitest';
import { ragWorldOf } from '../support/arranged-world.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { ownRagKeyOfFile, tierZeroModels } from '../support/fresh-quota.js';
import { INVALID_KEY, INVALID_TOKEN } from '../support/messages.js';
import { putOnPlan } from '../support/plan-states.js';
import { needRag, RAG_PLAN_REQUIRED } from '../support/rag.js';
import { readAnswer } from '../support/rag-answer.js';
import { expectRagError } from '../support/rag-refusal.js';
import {
  askRag,
  DIALECTS,
  nativeBody,
  operationOf,
  type RagDialect,
  SMALL_TALK,
} from '../support/rag-wire.js';
import { modelOfTier, setPlanVia } from '../support/rag-world.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import type { Auth } from '../target/target.js';

const target = useTarget();
const ownKey = ownRagKeyOfFile(target);

/** The key the refusals are sent with: the file's own (as Bearer) where there is one, else the config's. */
async function refusalKey(): Promise<{ value: string; auth: Auth | undefined }> {
  const own = await ownKey();
  return own ?? { value: target().config.project_key!, auth: undefined };
}

const body = (dialect: RagDialect, model: string) =>
  nativeBody(dialect, { model, messages: SMALL_TALK, maxTokens: 16 });

const send = (dialect: RagDialect, native: Record<string, unknown>, auth?: Auth) =>
  askRag(target(), dialect, { native }, auth);

/** The credential headers a dialect's clients send, for a given value. */
const credentialOf = (dialect: RagDialect, value: string): Auth[] =>
  dialect === 'openai' ? [{ bearer: value }] : [{ headers: { 'x-api-key': value } }, { bearer: value }];

describe.each(DIALECTS)('%s-style endpoint: errors', (dialect) => {
  it('no key, an unknown key or an empty credential header get 401 in the native shape; the key under another scheme, bare or in the api-key header too (the fake) [RAG-INVALID-KEY-401, RAG-ERROR-SHAPE, AUTH-RAG-KEY-HEADERS, RAG-KEY-HEADER-STRICT]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const native = body(dialect, model);
    const key = (await refusalKey()).value;
    // No project key in either header that carries one: refused.
    const refused: Auth[] = [
      { none: true },
      ...credentialOf(dialect, 'apk-not-a-key'),
      ...credentialOf(dialect, `${key}x`),
      { headers: { authorization: 'Bearer ' } },
      { headers: { 'api-key': 'apk-not-a-key' } },
    ];
    for (const auth of refused) expectRagError(dialect, await send(dialect, native, auth), 401);
    // The real key where the spec does not put it: what becomes of it is the fake's reading.
    const elsewhere: Auth[] = [
      { headers: { authorization: `Basic ${key}` } },
      { headers: { authorization: key } },
      { headers: { 'api-key': key } },
    ];
    for (const auth of elsewhere) {
      const res = await send(dialect, native, auth);
      assumed('RAG-KEY-HEADER-STRICT', () =>
        expectRagError(dialect, res, 401, undefined, {
          clause: 'RAG-KEY-HEADER-STRICT',
          documented: 'nothing',
        }),
      );
    }
  });

  it('a body that is not the native request shape gets 400 in the native shape [RAG-BAD-REQUEST-400, RAG-ERROR-SHAPE]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const { auth } = await refusalKey();
    const good = body(dialect, model);
    const { model: _m, ...noModel } = good;
    const { messages: _x, ...noMessages } = good;
    const bad: Record<string, unknown>[] = [
      {},
      noModel,
      noMessages,
      { ...good, model: 42 },
      { ...good, model: '' },
      { ...good, messages: [] },
      { ...good, messages: 'hello' },
      { ...good, messages: [{ role: 'wizard', content: 'hello' }] },
      { ...good, messages: [{ role: 'user' }] },
      { ...good, messages: [{ role: 'user', content: 42 }] },
      { ...good, temperature: dialect === 'openai' ? 2.5 : 1.5 },
      { ...good, temperature: 'warm' },
      { ...good, stream: 'yes' },
      { ...good, tools: [{ type: 'mystery' }] },
      { ...good, tools: 'all' },
      { ...good, tool_choice: { type: 'sometimes' } },
    ];
    if (dialect === 'openai') bad.push({ ...good, max_completion_tokens: 0 });
    else bad.push({ ...good, system: 42 }, { ...good, messages: [{ role: 'system', content: 'hi' }] });
    for (const native of bad) {
      const res = await send(dialect, native, auth);
      assumed('RAG-BAD-REQUEST-400', () =>
        expect(res.status, JSON.stringify(native).slice(0, 200)).toBe(400),
      );
      expectRagError(dialect, res, 400, undefined, { clause: 'RAG-BAD-REQUEST-400' });
    }
    if (dialect === 'openai') {
      // n = 2 is the native shape; the fake generates one choice only, and refuses it.
      const res = await send(dialect, { ...good, n: 2 }, auth);
      expectRagError(dialect, res, 400, undefined, {
        clause: 'RAG-OPENAI-ONE-CHOICE',
        documented: 'nothing',
      });
    }
  });

  it('malformed JSON, a JSON array and a non-JSON content type get 4xx in the native shape, never 5xx [RAG-BAD-REQUEST-400, RAG-ERROR-SHAPE]', async (ctx) => {
    await needRag(ctx, target(), dialect);
    const { auth } = await refusalKey();
    const op = operationOf(dialect);
    for (const raw of [
      { body: '{"model": "x", "messages": [', contentType: 'application/json' },
      { body: '[1, 2, 3]', contentType: 'application/json' },
      { body: '', contentType: 'application/json' },
    ]) {
      expectRagError(dialect, await target().call(op, { raw, auth }), 400);
    }
    const form = await target().call(op, {
      raw: { body: 'model=x&messages=y', contentType: 'text/plain' },
      auth,
    });
    assumed('RAG-BAD-REQUEST-400', () => expect([400, 415], form.text.slice(0, 200)).toContain(form.status));
    // Not JSON is a body that is not the native request shape: some 4xx, whichever the server picks.
    expectRagError(dialect, form, form.status === 415 ? 415 : 400, undefined, {
      clause: 'RAG-BAD-REQUEST-400',
      documented: 'refused',
    });
  });

  it('unknown paths under the dialect get 404 and other methods 405, in the native shape [RAG-UNKNOWN-ROUTE-NATIVE, RAG-ERROR-SHAPE]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const auth: Auth = { bearer: (await refusalKey()).value };
    const native = body(dialect, model);
    const [prefix, path, unknown] =
      dialect === 'openai'
        ? [
            '/openai',
            '/openai/chat/completions',
            ['/openai/completions', '/openai/v1/chat/completions', '/openai/embeddings'],
          ]
        : [
            '/anthropic',
            '/anthropic/v1/messages',
            ['/anthropic/v1/complete', '/anthropic/v1/messages/batches', '/anthropic/v1/models'],
          ];
    for (const p of [...unknown, `${prefix}/`, `${prefix}/nothing-here`]) {
      expectRagError(dialect, await target().raw(p, { auth, body: native }), 404);
    }
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      expectRagError(dialect, await target().raw(path, { method, auth }), 405);
    }
  });

  it('an organization below Professional gets 403 permission_error with the plan message; Professional answers [RAG-PLAN-PROFESSIONAL, PLAN-FREE, RAG-ERROR-SHAPE]', async (ctx) => {
    await needRag(ctx, target(), dialect);
    const t = target();
    // The organization on a plan: the control API on the fake, the states `organization` and `plan` elsewhere.
    const world = await ragWorldOf(ctx, t, { plan: 'free' });
    const model = t.control
      ? (await modelOfTier(t.control, dialect, 0)).value
      : (await tierZeroModels(ctx, t))[dialect];
    const native = body(dialect, model);
    for (const auth of credentialOf(dialect, world.key)) {
      expectRagError(dialect, await send(dialect, native, auth), 403, RAG_PLAN_REQUIRED);
    }
    if (t.control) await setPlanVia(t.control, world.organization_id, 'professional');
    else await putOnPlan(ctx, t, world.organization_id, 'professional');
    readAnswer(dialect, await send(dialect, native, world.auth));
  });
});

describe('three families, three credentials', () => {
  it('each family answers its own credential and refuses the others’: a Platform token on a RAG route gets the native 401, the project key as a Platform token gets the envelope 401, a Platform token as api-key gets the Integration 401 [CONV-FAMILIES, AUTH-WRONG-CREDENTIAL-KIND, RAG-INVALID-KEY-401, INTEGRATION-INVALID-KEY-401]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const models = {
      openai: await needRag(ctx, target(), 'openai'),
      anthropic: await needRag(ctx, target(), 'anthropic'),
    };
    const t = target();
    const token = t.config.tokens.owner!;
    const key = t.config.project_key!;

    // Each family with its own credential.
    expectSuccess(await t.call('getMyProjects', { body: {} }), 'getMyProjects');
    expectSuccess(
      await t.call('searchIndexDocumentByProjectKey', { body: { query: 'refund', limit: 1 } }),
      'searchIndexDocumentByProjectKey',
    );
    for (const dialect of DIALECTS) {
      const answered = await send(dialect, body(dialect, models[dialect]));
      stopIfCreditsSpent(t, answered, 'a RAG request with the project key');
      readAnswer(dialect, answered);
    }

    // A Platform token on the RAG endpoints: the native 401 of each dialect.
    for (const dialect of DIALECTS) {
      for (const auth of credentialOf(dialect, token)) {
        expectRagError(dialect, await send(dialect, body(dialect, models[dialect]), auth), 401);
      }
    }
    // The project key as a Platform token: an invalid token, the documented 401 in the envelope.
    expectError(await t.call('getMyProjects', { body: {}, auth: { bearer: key } }), 401, INVALID_TOKEN);
    // A Platform token as the Integration key: the fake's Integration 401 (its status and message are not shown).
    const asKey = await t.call('searchIndexDocumentByProjectKey', {
      body: { query: 'refund', limit: 1 },
      auth: { apiKey: token },
    });
    expectRefused(asKey);
    assumed('AUTH-WRONG-CREDENTIAL-KIND', () => expectError(asKey, 401, INVALID_KEY));
  });
});
