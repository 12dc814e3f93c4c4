/** The rate-limit routes of the control API: window length and mode, what a reset restores, counters. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServerOptions, DEFAULT_ADMIN_SECRET as SECRET } from '../index.js';

function control(options: FakeServerOptions = {}) {
  const fake = createFakeServer(options);
  const agent = request(fake.app.callback());
  const owner = fake.targetConfig('http://127.0.0.1:4010').tokens.owner!;
  return {
    get: (path: string) => agent.get(`/_control${path}`).set('x-control-secret', SECRET),
    post: (path: string, body: unknown = {}) =>
      agent
        .post(`/_control${path}`)
        .set('x-control-secret', SECRET)
        .send(body as object),
    /** One Platform request with the seeded owner token. */
    call: () => agent.post('/api/v1/getSupportedModels').set('authorization', `Bearer ${owner}`).send({}),
  };
}

const HOUR = 3_600_000;

describe('rate-limit control routes [FAKE-RATE-WINDOW-CONTROL]', () => {
  it('GET shows the window, what a reset restores and the live counts; reset clears them', async () => {
    const c = control();
    expect((await c.call()).status).toBe(200);
    const { data } = (await c.get('/rate-limits')).body;
    expect(data).toMatchObject({ window_ms: HOUR, mode: 'fixed', reset_window: { ms: HOUR, mode: 'fixed' } });
    const [key, counter] = Object.entries(data.counters)[0] as [string, Record<string, number>];
    expect(key).toMatch(/^token:\d+$/);
    expect(counter).toEqual({ count: 1, start: counter.start, reset_at: (counter.start ?? 0) + HOUR });
    const cleared = await c.post('/rate-limits/reset');
    expect(cleared.body.data.counters).toEqual({});
  });

  it('POST window sets ms and/or mode until the next reset; bad bodies get 400 and change nothing', async () => {
    const c = control();
    const set = await c.post('/rate-limits/window', { ms: 60_000, mode: 'sliding' });
    expect(set.body.data).toMatchObject({ window_ms: 60_000, mode: 'sliding' });
    expect((await c.post('/rate-limits/window', { mode: 'fixed' })).body.data).toMatchObject({
      window_ms: 60_000,
      mode: 'fixed',
    });
    for (const bad of [{}, { ms: 999 }, { ms: 1500.5 }, { mode: 'rolling' }, { ms: '60000' }])
      expect((await c.post('/rate-limits/window', bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await c.get('/rate-limits')).body.data).toMatchObject({ window_ms: 60_000, mode: 'fixed' });
    await c.post('/reset');
    expect((await c.get('/rate-limits')).body.data).toMatchObject({ window_ms: HOUR, mode: 'fixed' });
  });

  it('the start-up window (createFakeServer rateWindow) survives resets; a reset with rate_window replaces it', async () => {
    const c = control({ rateWindow: { ms: 120_000, mode: 'sliding' } });
    expect((await c.get('/rate-limits')).body.data).toMatchObject({ window_ms: 120_000, mode: 'sliding' });
    await c.post('/rate-limits/window', { ms: 5_000 });
    await c.post('/reset', { seed: 1 });
    expect((await c.get('/rate-limits')).body.data).toMatchObject({ window_ms: 120_000, mode: 'sliding' });
    await c.post('/reset', { rate_window: { mode: 'fixed' } });
    await c.post('/reset');
    expect((await c.get('/rate-limits')).body.data).toMatchObject({
      window_ms: 120_000,
      mode: 'fixed',
      reset_window: { ms: 120_000, mode: 'fixed' },
    });
    expect((await c.post('/reset', { rate_window: { ms: 10 } })).status).toBe(400);
  });

  it('createFakeServer refuses a window it cannot use', () => {
    expect(() => createFakeServer({ rateWindow: { ms: 500 } })).toThrow(RangeError);
  });
});
