/** startFake: the fake on an ephemeral 127.0.0.1 port of this process. */
import { setTimeout as wait } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RunningFake, startFake } from './index.js';
import { watchNetwork } from './network-watch.test-support.js';

const net = watchNetwork();
let fake: RunningFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('startFake [LIB-START-FAKE]', () => {
  it('listens on 127.0.0.1 at an ephemeral port; its target config points there and answers over HTTP [LIB-START-FAKE]', async () => {
    fake = await startFake();
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fake.url).not.toBe('http://127.0.0.1:4010');
    expect(net.listens()).toBe(1);
    expect(net.servers()).toBeGreaterThan(0);
    const { base_url, org_base_url, tokens, control } = fake.target;
    expect(base_url).toBe(`${fake.url}/api/v1`);
    expect(org_base_url).toBe(`${fake.url}/org/api/v1`);
    expect(control?.url).toBe(`${fake.url}/_control`);
    const res = await fetch(`${base_url}/getMyProjects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { type: string }).type).toBe('RXSUCCESS');
  });

  it('close() frees the port and a second call is harmless [LIB-START-FAKE]', async () => {
    fake = await startFake();
    const { base_url } = fake.target;
    await fake.close();
    await fake.close();
    // The handle goes a turn or two of the event loop after the close callback.
    await vi.waitFor(() => expect(net.servers()).toBe(0));
    await expect(fetch(`${base_url}/getMyProjects`, { method: 'POST' })).rejects.toThrow();
  });

  it('the clock ticks with real time by default, as npm start; clock: "frozen" holds it [LIB-START-FAKE, LIB-INTERCEPT-CONTROL]', async () => {
    fake = await startFake();
    const t0 = Date.parse(await fake.control.now());
    // The one wait of these tests: ticking means moving with wall time, which only wall time can show.
    await wait(30);
    expect(Date.parse(await fake.control.now()) - t0).toBeGreaterThanOrEqual(25);
    await fake.close();
    fake = await startFake({ clock: 'frozen', seed: 3 });
    const frozen = await fake.control.now();
    await wait(30);
    expect(await fake.control.now()).toBe(frozen);
    expect(await fake.control.advanceClock({ minutes: 1 })).toBe(
      new Date(Date.parse(frozen) + 60_000).toISOString(),
    );
  });

  it('takes the fake options: seed, empty fixtures, admin secret, base path [LIB-START-FAKE]', async () => {
    const seeded = await startFake({ seed: 42 });
    const owner42 = seeded.target.tokens.owner;
    await seeded.close();
    fake = await startFake({ fixtures: 'empty', adminSecret: 's3cret', basePath: '/v9' });
    expect(owner42).toBeDefined();
    expect(fake.target.tokens.owner).toBeUndefined();
    expect(fake.target.base_url).toBe(`${fake.url}/v9`);
    expect(fake.target.control?.secret).toBe('s3cret');
    const wrong = await fetch(`${fake.url}/_control/clock`, { headers: { 'x-control-secret': 'nope' } });
    expect(wrong.status).toBe(401);
    // The control handle knows the secret; a reset back to the default fixtures finds the documents.
    const config = await fake.control.reset({ fixtures: 'default', seed: 42 });
    expect(config.tokens.owner).toBe(owner42);
    const search = await fetch(`${config.base_url}/openai/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.project_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'How does two-factor authentication work?' }],
        tools: [{ type: 'service:knowledgebase', parameters: { limit: 2 } }],
      }),
    });
    expect(((await search.json()) as { sources: unknown[] }).sources.length).toBeGreaterThan(0);
  });
});
