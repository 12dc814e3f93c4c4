/** The control API's secret, through the fake's test seam: a wrong or missing secret is refused in the envelope. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { app, post, SECRET, useHttpLayerFake } from './http-layer.test-support.js';

useHttpLayerFake();

describe('the control API refuses a wrong secret [FAKE-CONTROL-SECRET, ERR-ENVELOPE]', () => {
  for (const [label, headers] of [
    ['no secret', {}],
    ['a wrong secret', { 'x-control-secret': 'guess' }],
    ['the secret in another header', { authorization: `Bearer ${SECRET}` }],
  ] as const) {
    it(`${label}: 401 in the envelope, and nothing changes`, async () => {
      const clockBefore = (await request(app()).get('/_control/clock').set('x-control-secret', SECRET)).body
        .data.now;
      await post('/api/v1/getMyProjects').send({});

      const advance = await request(app()).post('/_control/clock/advance').set(headers).send({ days: 3 });
      expect(advance.status).toBe(401);
      expect(advance.body).toEqual({ type: 'RXERROR', message: 'Invalid control secret' });
      const reset = await request(app()).post('/_control/reset').set(headers).send({});
      expect(reset.status).toBe(401);
      const read = await request(app()).get('/_control/journal').set(headers);
      expect(read.status).toBe(401);
      expect(read.body.data).toBeUndefined();

      const clockAfter = (await request(app()).get('/_control/clock').set('x-control-secret', SECRET)).body
        .data.now;
      expect(clockAfter).toBe(clockBefore);
      // The journal survived the refused reset.
      const journal = (await request(app()).get('/_control/journal').set('x-control-secret', SECRET)).body
        .data;
      expect(journal.some((e: { path: string }) => e.path === '/api/v1/getMyProjects')).toBe(true);
    });
  }

  it('another capitalisation of the prefix reaches no control route without the secret', async () => {
    for (const path of ['/_CONTROL/target', '/_Control/clock', '/_control/TARGET']) {
      const res = await request(app()).get(path);
      expect(res.status, path).not.toBe(200);
      expect(res.body.data, path).toBeUndefined();
    }
    const advance = await request(app()).post('/_CONTROL/clock/advance').send({ days: 3 });
    expect(advance.status).not.toBe(200);
  });
});
