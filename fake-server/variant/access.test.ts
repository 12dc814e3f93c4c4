/**
 * The variant's access and request choices (FAKE-VARIANT): auth-not-shown and playground-history-field, against the
 * default fake's answers to the same requests.
 */
import { describe, expect, it } from 'vitest';
import { bothSides, type Side } from './variant.test-support.js';

const FORBIDDEN = { type: 'RXERROR', message: 'You do not have permission to perform this action' };

describe('auth-not-shown [FAKE-VARIANT, AUTH-GETSTATS-ASSUMED, AUTH-GETSUPPORTEDMODELS-ASSUMED, AUTH-BILLING-ROLE]', () => {
  it('getStats needs Owner or Editor: the viewer and operator tokens get 403 (200 by default)', async () => {
    const { plain, variant } = bothSides('auth-not-shown');
    for (const key of ['viewer', 'operator']) {
      const a = await plain.platform(
        '/api/v1/getStats',
        { project_uid: plain.projectUid },
        plain.tokens[key],
      );
      const b = await variant.platform(
        '/api/v1/getStats',
        { project_uid: variant.projectUid },
        variant.tokens[key],
      );
      expect([a.status, b.status, b.body]).toEqual([200, 403, FORBIDDEN]);
    }
    for (const key of ['owner', 'editor']) {
      const ok = await variant.platform(
        '/api/v1/getStats',
        { project_uid: variant.projectUid },
        variant.tokens[key],
      );
      expect(ok.status).toBe(200);
    }
  });

  it('getSupportedModels refuses the billing role with 403 (200 by default); every other token still gets it', async () => {
    const { plain, variant } = bothSides('auth-not-shown');
    const a = await plain.platform('/api/v1/getSupportedModels', {}, plain.tokens.billing);
    const b = await variant.platform('/api/v1/getSupportedModels', {}, variant.tokens.billing);
    expect([a.status, b.status, b.body]).toEqual([200, 403, FORBIDDEN]);
    for (const key of ['owner', 'viewer', 'trainer', 'fine_grained'])
      expect((await variant.platform('/api/v1/getSupportedModels', {}, variant.tokens[key])).status).toBe(
        200,
      );
  });
});

/** A playground session of the main project, and one call with the given body fields. */
async function playground(s: Side, fields: object) {
  const created = await s.platform('/api/v1/createPlaygroundAgentSession', { project_uid: s.projectUid });
  return s.platform('/api/v1/playgroundAgentResponse', {
    project_uid: s.projectUid,
    session_uid: created.body.data.session_uid,
    query: 'What did I just ask about?',
    ...fields,
  });
}

const tooMany = Array.from({ length: 51 }, (_, i) => ({ role: 'user', content: `question ${i}` }));

describe('playground-history-field [FAKE-VARIANT, PLAYGROUND-HISTORY-FIELD, PLAYGROUND-HISTORY-CONTEXT]', () => {
  it('51 items under `history` are refused, under `messages` ignored; the default the other way round', async () => {
    const { plain, variant } = bothSides('playground-history-field');
    const a = await playground(plain, { messages: tooMany });
    const b = await playground(variant, { messages: tooMany });
    expect([a.status, a.body.message]).toEqual([400, 'Invalid params']);
    expect(b.status).toBe(200);
    expect((await playground(plain, { history: tooMany })).status).toBe(200);
    const c = await playground(variant, { history: tooMany });
    expect([c.status, c.body.message]).toEqual([400, 'Invalid params']);
    expect(c.body.errors[0].path).toMatch(/^history/);
  });

  it('`history` is the conversation the reply sees, as `messages` is by default', async () => {
    const { plain, variant } = bothSides('playground-history-field');
    const earlier = [
      { role: 'user', content: 'How do refunds work for annual plans?' },
      { role: 'assistant', content: 'Annual plans can be refunded within 14 days.' },
    ];
    const a = await playground(plain, { messages: earlier });
    const b = await playground(variant, { history: earlier });
    const ignored = await playground(variant, { messages: earlier });
    expect(b.body.data.message).toBe(a.body.data.message);
    expect(ignored.body.data.message).not.toBe(a.body.data.message);
  });
});
