/**
 * The variant's error statuses and shapes (FAKE-VARIANT): invalid-params-422, other-error-statuses,
 * credits-exhausted and rag-error-envelope. Each test sends the same request to the default fake and to a variant.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_SECRET } from '../index.js';
import {
  ANTHROPIC,
  anthropicBody,
  bothSides,
  newSession,
  OPENAI,
  openaiBody,
  type Side,
} from './variant.test-support.js';

describe('invalid-params-422 [FAKE-VARIANT, ERR-INVALID-PARAMS-STATUS, ERR-MALFORMED-JSON, ERR-BODY-NOT-OBJECT, ERR-JSON-NO-COERCION, USAGE-LIMIT-UNKNOWN-TYPE, AUTH-CHECK-ORDER, MODEL-SETTINGS]', () => {
  it('a bad body answers 422, the message naming the field, without `errors`; the default answers 400 with `errors`', async () => {
    const { plain, variant } = bothSides('invalid-params-422');
    const before = await plain.integration('/api/v1/getChatbotExecutionLogs', { limit: 101 });
    expect(before.status).toBe(400);
    expect(before.body).toEqual({
      type: 'RXERROR',
      message: 'Invalid params',
      errors: [{ path: 'limit', message: expect.any(String) }],
    });
    const after = await variant.integration('/api/v1/getChatbotExecutionLogs', { limit: 101 });
    expect(after.status).toBe(422);
    expect(after.body).toEqual({
      type: 'RXERROR',
      message: `Invalid params: limit: ${before.body.errors[0].message}`,
    });
  });

  it('covers malformed JSON, a body that is not an object and a coerced type; RAG 400s keep their native shape', async () => {
    const { plain, variant } = bothSides('invalid-params-422');
    for (const [s, status] of [
      [plain, 400],
      [variant, 422],
    ] as const) {
      const bad = await request(s.fake.app.callback())
        .post('/api/v1/getMyProjects')
        .set('authorization', `Bearer ${s.tokens.owner}`)
        .set('content-type', 'application/json')
        .send('{"limit": ');
      expect(bad.status).toBe(status);
      expect(bad.body.message).toBe('Invalid params: the body is not valid JSON');
      const array = await s.platform('/api/v1/getMyProjects', [1, 2] as unknown as object);
      expect(array.status).toBe(status);
      expect(array.body.message).toMatch(/^Invalid params/);
      const coerced = await s.platform('/api/v1/setProjectUsageLimit', {
        project_uid: s.projectUid,
        limits: [{ limit_type: 'bogus', limit: 1 }],
      });
      expect(coerced.status).toBe(status);
      const rag = await s.rag(OPENAI, { messages: [] });
      expect(rag.status).toBe(400);
      expect(rag.body.error.type).toBe('invalid_request_error');
    }
  });
});

describe('other-error-statuses [FAKE-VARIANT, AUTH-UNKNOWN-PROJECT, SEND-MESSAGE-UNKNOWN-SESSION, INTEGRATION-WIDGET-MISMATCH, ERR-UNKNOWN-ROUTE, ERR-METHOD-NOT-ALLOWED, ERR-BODY-TOO-LARGE, ERR-UNSUPPORTED-MEDIA-TYPE, AUTH-NOT-MEMBER-STATUS, AUTH-PLATFORM-PLAN-STATUS, INTEGRATION-PLAN-STATUS, SEARCH-KEY-PLAN-STATUS, STATS-DATE-STATUS, SET-MODEL-INVALID-STATUS, CONV-PATH-MATCHING]', () => {
  /** [label, request, default status, variant status, message] */
  const cases: [string, (s: Side) => request.Test, number, number, string | RegExp][] = [
    [
      'unknown project',
      (s) => s.platform('/api/v1/getStats', { project_uid: 'nope' }),
      404,
      400,
      'Project not found',
    ],
    [
      'unknown session',
      (s) =>
        s.integration('/api/v1/sendMessage', { widget_uid: s.widgetUid, session_uid: '1', message: 'hi' }),
      404,
      400,
      'Session not found',
    ],
    [
      'unknown widget',
      (s) => s.integration('/api/v1/createSession', { widget_uid: 'nope' }),
      404,
      400,
      'Widget not found',
    ],
    ['unknown route', (s) => s.platform('/api/v1/nowhere'), 404, 400, 'Route not found'],
    [
      'another method',
      (s) => request(s.fake.app.callback()).get('/api/v1/getMyProjects'),
      405,
      404,
      'Method GET not allowed; use POST',
    ],
    [
      'a body too large',
      (s) =>
        request(s.fake.app.callback())
          .post('/api/v1/getMyProjects')
          .set('authorization', `Bearer ${s.tokens.owner}`)
          .set('content-type', 'application/json')
          .send(`{"search": "${'x'.repeat(1_100_000)}"}`),
      413,
      400,
      'Request body too large',
    ],
    [
      'an unsupported media type',
      (s) =>
        request(s.fake.app.callback())
          .post('/api/v1/getMyProjects')
          .set('authorization', `Bearer ${s.tokens.owner}`)
          .set('content-type', 'text/plain')
          .send('hello'),
      415,
      400,
      /^Unsupported content type/,
    ],
    [
      'the creator not a member of the project',
      (s) => s.form('/api/v1/getSessions', { project_uid: s.hrProjectUid }, s.tokens.editor),
      403,
      400,
      'User is not a member of the project',
    ],
    [
      'a bad stats date',
      (s) => s.platform('/api/v1/getStats', { project_uid: s.projectUid, from: 'soon' }),
      400,
      422,
      "Invalid 'from' date format",
    ],
    [
      'a model not in the list',
      (s) => s.platform('/api/v1/updateProjectSettings', { project_uid: s.projectUid, model: 'gpt-0' }),
      400,
      422,
      "Invalid model 'gpt-0'. Model not found in available models list.",
    ],
  ];

  for (const [label, send, before, after, message] of cases) {
    it(`${label}: ${before} by default, ${after} in the variant, same message`, async () => {
      const { plain, variant } = bothSides('other-error-statuses');
      const a = await send(plain);
      const b = await send(variant);
      expect([a.status, b.status]).toEqual([before, after]);
      expect(a.body.type).toBe('RXERROR');
      expect(b.body).toEqual(a.body);
      expect(b.body.message).toMatch(message);
      if (before === 405) {
        expect(a.headers.allow).toBe('POST');
        expect(b.headers.allow).toBeUndefined();
      }
    });
  }

  it('plan errors move to 400; a missing permission keeps its documented 403, a bad token its 401, Invalid params its 400', async () => {
    const { plain, variant } = bothSides('other-error-statuses');
    for (const [s, planStatus] of [
      [plain, 403],
      [variant, 400],
    ] as const) {
      const plan = await s.control('post', '/organizations/1/plan', { plan: 'professional' });
      expect(plan.status).toBe(200);
      const platform = await s.platform('/api/v1/getMyProjects');
      expect([platform.status, platform.body.message]).toEqual([
        planStatus,
        'The Platform API requires the Advanced plan or above',
      ]);
      await s.control('post', '/organizations/1/plan', { plan: 'free' });
      const search = await s.integration('/api/v1/searchIndexDocument', { query: 'refund' });
      expect([search.status, search.body.message]).toEqual([
        planStatus,
        'The Query Knowledgebase API requires the Professional plan or above',
      ]);
      await s.control('post', '/organizations/1/plan', { plan: 'advanced' });
      const denied = await s.platform(
        '/api/v1/inviteOrganizationMember',
        { email: 'a@b.example', role: 'viewer' },
        s.tokens.viewer,
      );
      expect([denied.status, denied.body.message]).toEqual([
        403,
        'You do not have permission to perform this action',
      ]);
      const badToken = await s.platform('/api/v1/getMyProjects', {}, 'api-v1-nope');
      expect(badToken.status).toBe(401);
      const invalid = await s.platform('/api/v1/getMyProjects', { limit: 0 });
      expect([invalid.status, invalid.body.message]).toEqual([400, 'Invalid params']);
    }
  });
});

/** Put the seeded organization's balance at 0 credits. */
const broke = async (s: Side) => {
  const res = await s.control('post', '/organizations/1/credits', { credits: 0 });
  expect(res.status).toBe(200);
};

describe('credits-exhausted [FAKE-VARIANT, CREDITS-EXHAUSTED]', () => {
  it('sendMessage without credits: 402 `Insufficient credits` by default, 403 `Not enough credits` in the variant', async () => {
    const { plain, variant } = bothSides('credits-exhausted');
    const answers = [];
    for (const s of [plain, variant]) {
      await broke(s);
      const uid = await newSession(s);
      answers.push(
        await s.integration('/api/v1/sendMessage', {
          widget_uid: s.widgetUid,
          session_uid: uid,
          message: 'Hello',
        }),
      );
    }
    expect(answers.map((r) => [r.status, r.body])).toEqual([
      [402, { type: 'RXERROR', message: 'Insufficient credits' }],
      [403, { type: 'RXERROR', message: 'Not enough credits' }],
    ]);
  });

  it('on the RAG endpoints, in the native shape: 402 by default, 403 permission_error in the variant', async () => {
    const { plain, variant } = bothSides('credits-exhausted');
    await broke(plain);
    await broke(variant);
    const a = await plain.rag(OPENAI, openaiBody());
    const b = await variant.rag(OPENAI, openaiBody());
    expect([a.status, a.body.error.message]).toEqual([402, 'Insufficient credits']);
    expect([b.status, b.body.error.message, b.body.error.type]).toEqual([
      403,
      'Not enough credits',
      'permission_error',
    ]);
  });

  it('a scripted 402 error reply keeps its status: the test that scripted it decides [FAKE-MODEL-SCRIPT]', async () => {
    const { variant } = bothSides('credits-exhausted');
    const scripted = await variant.control('post', `/projects/${variant.projectUid}/rag/replies`, {
      replies: [{ kind: 'error', status: 402 }],
    });
    expect(scripted.status).toBe(200);
    const res = await variant.rag(OPENAI, openaiBody());
    expect(res.status).toBe(402);
    expect(res.body.error.message).not.toBe('Not enough credits');
  });

  it('with other-error-statuses too, the credits error stays 403 (not the 402 → 400 of the status table)', async () => {
    const { variant } = bothSides('credits-exhausted', 'other-error-statuses');
    await broke(variant);
    const uid = await newSession(variant);
    const res = await variant.integration('/api/v1/sendMessage', {
      widget_uid: variant.widgetUid,
      session_uid: uid,
      message: 'Hi',
    });
    expect([res.status, res.body.message]).toEqual([403, 'Not enough credits']);
  });
});

describe('rag-error-envelope [FAKE-VARIANT, RAG-ERROR-SHAPE, RAG-INVALID-KEY-401, RAG-BAD-REQUEST-400, RAG-UNKNOWN-MODEL, RAG-UNKNOWN-ROUTE-NATIVE, RAG-ANTHROPIC-MAX-TOKENS-REQUIRED]', () => {
  it('RAG errors answer the RXERROR envelope with the native status and message; the default answers the native shapes', async () => {
    const { plain, variant } = bothSides('rag-error-envelope');
    const sends: ((s: Side) => request.Test)[] = [
      (s) =>
        request(s.fake.app.callback())
          .post(OPENAI)
          .set('authorization', 'Bearer apk-nope')
          .send(openaiBody()),
      (s) => s.rag(OPENAI, openaiBody({ model: 'gpt-0' })),
      (s) => s.rag(ANTHROPIC, anthropicBody({ max_tokens: undefined })),
      (s) => s.rag('/api/v1/openai/models', {}),
    ];
    for (const send of sends) {
      const a = await send(plain);
      const b = await send(variant);
      expect(a.status).toBeGreaterThanOrEqual(400);
      expect(b.status).toBe(a.status);
      expect(a.body.type).not.toBe('RXERROR');
      expect(b.body).toEqual({ type: 'RXERROR', message: a.body.error.message });
    }
  });

  it('a RAG success keeps its native shape; Platform errors are untouched', async () => {
    const { variant } = bothSides('rag-error-envelope');
    const ok = await variant.rag(OPENAI, openaiBody());
    expect([ok.status, ok.body.object]).toEqual([200, 'chat.completion']);
    const platform = await variant.platform('/api/v1/getStats', { project_uid: 'nope' });
    expect([platform.status, platform.body]).toEqual([
      404,
      { type: 'RXERROR', message: 'Project not found' },
    ]);
  });

  it('an injected fault keeps its status and Retry-After [FAKE-FAULT-INJECTION]', async () => {
    const { variant } = bothSides('rag-error-envelope', 'no-rate-headers');
    const rule = await request(variant.fake.app.callback())
      .post('/_control/faults')
      .set('x-control-secret', DEFAULT_ADMIN_SECRET)
      .send({ operation: 'openaiChatCompletions', error: { status: 503, retry_after: 7 } });
    expect(rule.status).toBeLessThan(300);
    const res = await variant.rag(OPENAI, openaiBody());
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.body).toEqual({ type: 'RXERROR', message: 'Injected fault: 503' });
  });
});
