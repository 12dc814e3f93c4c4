/**
 * The OpenAPI document is built once per origin and kept (FAKE-OPENAPI-DOCUMENT): the work is counted in builds, so
 * a clean-up cannot quietly rebuild it on every request, nor keep one per origin without bound.
 */
import Koa from 'koa';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { buildOpenApiDocument } from '../../contract/openapi.js';
import { openApiRoute } from './openapi-route.js';

describe('GET /openapi.json, built once per origin [FAKE-OPENAPI-DOCUMENT]', () => {
  it('builds the document on the first request of an origin only, keeping at most 16 origins', async () => {
    const build = vi.fn(buildOpenApiDocument);
    const app = new Koa()
      .use(openApiRoute({ basePath: '/api/v1', orgBasePath: '/org/api/v1' }, build))
      .callback();
    const get = async (port: number) => {
      const res = await request(app).get('/openapi.json').set('host', `127.0.0.1:${port}`);
      expect(res.status).toBe(200);
      expect(res.body.servers[0].variables.base_url.default).toBe(`http://127.0.0.1:${port}/api/v1`);
    };
    await get(5000);
    await get(5000);
    expect(build).toHaveBeenCalledTimes(1);

    for (let port = 5001; port < 5016; port += 1) await get(port); // 16 origins now kept
    expect(build).toHaveBeenCalledTimes(16);
    for (let port = 5000; port < 5016; port += 1) await get(port);
    expect(build).toHaveBeenCalledTimes(16);

    // A 17th origin is answered, built afresh each time, and not kept.
    await get(5016);
    await get(5016);
    expect(build).toHaveBeenCalledTimes(18);
  });
});
