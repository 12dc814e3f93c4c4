/**
 * Which requests the variant touches (FAKE-VARIANT): the public API only (never the control API nor GET
 * /openapi.json), and on the RAG paths {base_url}/openai and {base_url}/anthropic (the prefixes themselves too) the
 * RAG rules, elsewhere the envelope's.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { side } from './variant.test-support.js';

describe('what the variant touches [FAKE-VARIANT, VERSION-ONLY-V1]', () => {
  it('the control API and GET /openapi.json answer as in the default fake: no version header, status or JSON text change', async () => {
    const s = side(['version-path', 'other-error-statuses', 'json-format']);
    const control = await s.control('get', '/nowhere');
    expect([control.status, control.text]).toEqual([404, '{"type":"RXERROR","message":"Route not found"}']);
    const openapi = await request(s.fake.app.callback()).get('/openapi.json');
    expect(openapi.status).toBe(200);
    expect(openapi.text.startsWith('{"openapi":"3.1.0",')).toBe(true);
    for (const res of [control, openapi]) expect(res.headers['x-api-version']).toBeUndefined();
    expect((await s.platform('/api/v1/nowhere')).headers['x-api-version']).toBe('v1');
  });

  it('a RAG prefix itself follows the RAG rules, a longer name the envelope’s [RAG-UNKNOWN-ROUTE-NATIVE, ERR-UNKNOWN-ROUTE]', async () => {
    const s = side(['rag-error-envelope', 'other-error-statuses']);
    for (const prefix of ['/api/v1/openai', '/api/v1/anthropic']) {
      const rag = await s.rag(prefix, {});
      expect([rag.status, rag.body]).toEqual([
        404,
        { type: 'RXERROR', message: `Unknown path: POST ${prefix}` },
      ]);
    }
    const platform = await s.rag('/api/v1/openaix', {});
    expect([platform.status, platform.body]).toEqual([400, { type: 'RXERROR', message: 'Route not found' }]);
  });
});
