import { validate } from '@readme/openapi-parser';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { operations } from '../../contract/operations.js';
import { createFakeServer } from '../index.js';

const app = () => createFakeServer({ fixtures: 'empty' }).app.callback();

describe('GET /openapi.json [FAKE-OPENAPI-DOCUMENT]', () => {
  it('serves a valid OpenAPI 3.1 document with every operation, its servers ({base_url}, {org_base_url}) pointing at this fake', async () => {
    const res = await request(app()).get('/openapi.json').set('host', '127.0.0.1:4567');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    expect((await validate(structuredClone(doc))).valid).toBe(true);
    const ids = Object.values(doc.paths as Record<string, { post: { 'x-operation-ids': string[] } }>).flatMap(
      (item) => item.post['x-operation-ids'],
    );
    expect(new Set(ids)).toEqual(new Set(operations.map((o) => o.id)));
    expect(doc.servers[0].variables.base_url.default).toBe('http://127.0.0.1:4567/api/v1');
    const orgPath = doc.paths['/getOrganizationDetail'] as {
      servers: { variables: Record<string, unknown> }[];
    };
    expect(orgPath.servers.map((s) => s.variables)).toContainEqual({
      org_base_url: { default: 'http://127.0.0.1:4567/org/api/v1' },
    });
  });

  it('answers only GET and HEAD there; a POST falls through to the unknown-route 404', async () => {
    expect((await request(app()).head('/openapi.json')).status).toBe(200);
    expect((await request(app()).post('/openapi.json').send({})).status).toBe(404);
  });
});
