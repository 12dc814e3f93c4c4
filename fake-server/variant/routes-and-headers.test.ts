/**
 * The variant's headers, routes and caps (FAKE-VARIANT): no-rate-headers, version-path, org-base-url and
 * integration-caps, each against the default fake's answer to the same request.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { INTEGRATION_CAP_PER_HOUR } from '../domain/variant-integration-caps.js';
import { ANTHROPIC, anthropicBody, bothSides, OPENAI, openaiBody } from './variant.test-support.js';

const RATE = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

describe('no-rate-headers [FAKE-VARIANT, RATE-HEADERS, RAG-RATE-LIMIT-HEADERS, MODEL-RATE-COUNTERS]', () => {
  it('no X-RateLimit-* on Platform, project-key search and RAG answers (streams too); the default sends them', async () => {
    const { plain, variant } = bothSides('no-rate-headers');
    for (const [s, present] of [
      [plain, true],
      [variant, false],
    ] as const) {
      const answers = [
        await s.platform('/api/v1/getMyProjects'),
        await s.platform('/api/v1/getStats', { project_uid: 'nope' }),
        await s.integration('/api/v1/searchIndexDocument', { query: 'refund' }),
        await s.rag(OPENAI, openaiBody()),
        await s.rag(ANTHROPIC, anthropicBody({ stream: true })),
      ];
      for (const res of answers) for (const h of RATE) expect(h in res.headers).toBe(present);
    }
  });

  it('a 429 has neither X-RateLimit-* nor Retry-After in the variant; the default has both', async () => {
    const { plain, variant } = bothSides('no-rate-headers');
    for (const [s, present] of [
      [plain, true],
      [variant, false],
    ] as const) {
      for (let i = 0; i < 100; i++) await s.integration('/api/v1/searchIndexDocument', { query: 'refund' });
      const refused = await s.integration('/api/v1/searchIndexDocument', { query: 'refund' });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Rate limit exceeded. Your plan allows 100 requests per hour.');
      for (const h of [...RATE, 'retry-after']) expect(h in refused.headers).toBe(present);
    }
  });
});

describe('version-path [FAKE-VARIANT, VERSION-ONLY-V1]', () => {
  it('another version answers 400 Unsupported API version (404 Route not found by default); every answer says X-API-Version: v1', async () => {
    const { plain, variant } = bothSides('version-path');
    const a = await plain.platform('/api/v2/getMyProjects');
    expect([a.status, a.body]).toEqual([404, { type: 'RXERROR', message: 'Route not found' }]);
    expect(a.headers['x-api-version']).toBeUndefined();
    const b = await variant.platform('/api/v2/getMyProjects');
    expect([b.status, b.body]).toEqual([
      400,
      { type: 'RXERROR', message: "Unsupported API version 'v2'; this server serves v1" },
    ]);
    const org = await variant.platform('/org/api/v0/getOrganizationDetail');
    expect(org.status).toBe(400);
    for (const res of [
      b,
      org,
      await variant.platform('/api/v1/getMyProjects'),
      await variant.platform('/api/v1/nowhere'),
    ])
      expect(res.headers['x-api-version']).toBe('v1');
    const ok = await variant.platform('/api/v1/getMyProjects');
    expect(ok.status).toBe(200);
    expect(ok.headers.deprecation).toBeUndefined();
  });

  it('with other-error-statuses too, the version refusal stays 400', async () => {
    const { variant } = bothSides('version-path', 'other-error-statuses');
    expect((await variant.platform('/api/v2/getMyProjects')).status).toBe(400);
  });
});

describe('org-base-url [FAKE-VARIANT, ORG-BASE-URL-OPERATIONS]', () => {
  it('getMyProjects and getSupportedModels answer 404 at {org_base_url} (200 by default); the three others still answer there', async () => {
    const { plain, variant } = bothSides('org-base-url');
    for (const path of ['/org/api/v1/getMyProjects', '/org/api/v1/getSupportedModels/']) {
      expect((await plain.platform(path)).status).toBe(200);
      const res = await variant.platform(path);
      expect([res.status, res.body]).toEqual([404, { type: 'RXERROR', message: 'Route not found' }]);
      expect((await variant.platform(path.replace('/org', ''))).status).toBe(200);
    }
    for (const path of ['/org/api/v1/getOrganizationDetail', '/org/api/v1/getOrganizationMembers'])
      expect((await variant.platform(path)).status).toBe(200);
    const invite = await variant.platform('/org/api/v1/inviteOrganizationMember', {
      email: 'new.person@example.com',
      role: 'viewer',
    });
    expect(invite.status).toBe(200);
  });
});

describe('integration-caps [FAKE-VARIANT, RATE-INTEGRATION-OTHERS-UNCAPPED, FAKE-RATE-WINDOW-CONTROL]', () => {
  it(`createSession: request ${INTEGRATION_CAP_PER_HOUR + 1} within the hour gets 429 in the variant, not by default; a rate-limit reset or the next hour clears it`, async () => {
    const { plain, variant } = bothSides('integration-caps');
    const create = (s: typeof plain) => s.integration('/api/v1/createSession', { widget_uid: s.widgetUid });
    for (let i = 0; i < INTEGRATION_CAP_PER_HOUR; i++) {
      const [a, b] = await Promise.all([create(plain), create(variant)]);
      expect([a.status, b.status]).toEqual([200, 200]);
    }
    expect((await create(plain)).status).toBe(200);
    const refused = await create(variant);
    expect([refused.status, refused.body]).toEqual([
      429,
      { type: 'RXERROR', message: 'Rate limit exceeded. Please try again later.' },
    ]);
    expect(refused.headers['retry-after']).toBe('3600');
    // The other capped operations count apart.
    expect(
      (await variant.integration('/api/v1/getChatbotExecutionLogs', {})).headers['x-ratelimit-remaining'],
    ).toBe(String(INTEGRATION_CAP_PER_HOUR - 1));
    expect((await variant.control('post', '/rate-limits/reset')).status).toBe(200);
    expect((await create(variant)).status).toBe(200);
    for (let i = 1; i < INTEGRATION_CAP_PER_HOUR; i++) await create(variant);
    expect((await create(variant)).status).toBe(429);
    await variant.control('post', '/clock/advance', { hours: 1 });
    expect((await create(variant)).status).toBe(200);
  });

  it('sendMessage is capped too, counted after the key check (a bad key is 401, not counted)', async () => {
    const { variant } = bothSides('integration-caps');
    const bad = await request(variant.fake.app.callback())
      .post('/api/v1/sendMessage')
      .set('api-key', 'apk-nope')
      .send({});
    expect(bad.status).toBe(401);
    const res = await variant.integration('/api/v1/sendMessage', {});
    expect(res.status).toBe(400);
    expect(res.headers['x-ratelimit-limit']).toBe(String(INTEGRATION_CAP_PER_HOUR));
    expect(res.headers['x-ratelimit-remaining']).toBe(String(INTEGRATION_CAP_PER_HOUR - 1));
  });
});
