/**
 * What no route answered (fallback.ts): a known operation path with another method than POST is 405 with Allow,
 * matched as the routers match it (any case, trailing slashes); an organization-level operation at {org_base_url}
 * too, a project-level one there is unknown; anything else is 404; an answered request is left as it is.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../index.js';

const app = () => createFakeServer().app.callback();

describe('the fallback of the routers [ERR-METHOD-NOT-ALLOWED, ERR-UNKNOWN-ROUTE]', () => {
  it.each([
    '/api/v1/getMyProjects',
    '/API/V1/GETMYPROJECTS',
    '/api/v1/getMyProjects//',
    '/org/api/v1/getMyProjects',
    '/org/api/v1/getOrganizationMembers/',
  ])('GET %s: 405, use POST', async (path) => {
    const res = await request(app()).get(path);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.body).toEqual({ type: 'RXERROR', message: 'Method GET not allowed; use POST' });
  });

  it.each(['/org/api/v1/getSessions', '/api/v1/getMyProjectz', '/api/v2/getMyProjects', '/'])(
    'GET %s: 404 Route not found',
    async (path) => {
      const res = await request(app()).get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ type: 'RXERROR', message: 'Route not found' });
    },
  );

  it('a POST to a known path, at either base, is the route’s to answer, never the fallback’s', async () => {
    const res = await request(app()).post('/api/v1/getSupportedModels').send({});
    expect(res.status).toBe(401);
    expect(res.body.message).not.toBe('Route not found');
    const org = await request(app()).post('/org/api/v1/getMyProjects').send({});
    expect(org.status).toBe(401);
    const projectLevel = await request(app()).post('/api/v1/getSessions').send({});
    expect(projectLevel.status).toBe(401);
  });

  it('a POST of a project-level operation at {org_base_url} is unknown there', async () => {
    const res = await request(app()).post('/org/api/v1/getSessions').send({});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ type: 'RXERROR', message: 'Route not found' });
  });
});
