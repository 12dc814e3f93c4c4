/**
 * The fake as a team service, on the real process (issue 35): off loopback it refuses the published default secret;
 * `--admin-secret random` makes a fresh one; `GET /_health` answers without a credential; SIGTERM lets a request in
 * flight finish before the process exits 0.
 */
import { describe, expect, it } from 'vitest';
import { spawnFake } from '../persistence/fake-process.test-support.js';
import { spawnFakeProcess } from '../process.js';
import { DEFAULT_ADMIN_SECRET } from './secret.js';

describe('the fake on a network [FAKE-ADMIN-SECRET-SAFE]', () => {
  it('--host 0.0.0.0 with the default secret: one line naming the flag and the variable, exit 4, nothing listens', async () => {
    const started = spawnFake(['--host', '0.0.0.0', '--port', '0'], {});
    expect(await started.exited).toBe(4);
    const lines = started.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^npm start: refusing to listen on 0\.0\.0\.0 with the published default control secret: .*--admin-secret SECRET \(or FAKE_ADMIN_SECRET\), or --admin-secret random/,
    );
  }, 60_000);

  it('refuses the default given on purpose too, and a LAN address as well as 0.0.0.0', async () => {
    for (const args of [
      ['--host', '0.0.0.0', '--admin-secret', DEFAULT_ADMIN_SECRET],
      ['--host', '192.168.1.20'],
    ]) {
      const started = spawnFake([...args, '--port', '0'], { FAKE_ADMIN_SECRET: '' });
      expect(await started.exited).toBe(4);
    }
  }, 60_000);

  it('--admin-secret random: starts, prints the secret once, and the target file carries it', async () => {
    const fake = spawnFakeProcess({ args: ['--admin-secret', 'random'] });
    try {
      const target = await fake.ready(30_000);
      const secret = target.control?.secret;
      expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(secret).not.toBe(DEFAULT_ADMIN_SECRET);
      expect(fake.output().split(secret as string)).toHaveLength(2);
      const asked = (value: string) =>
        fetch(`${target.control?.url}/clock`, { headers: { 'x-control-secret': value } }).then(
          (r) => r.status,
        );
      expect(await asked(secret as string)).toBe(200);
      expect(await asked(DEFAULT_ADMIN_SECRET)).toBe(401);
    } finally {
      await fake.stop();
    }
  }, 60_000);
});

describe('readiness and a graceful stop [FAKE-HEALTH]', () => {
  it('GET /_health answers ready with the version and seed, without a credential and nothing secret', async () => {
    const fake = spawnFakeProcess({ args: ['--seed', '7'] });
    try {
      const target = await fake.ready(30_000);
      const res = await fetch(new URL('/_health', target.base_url));
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual({ status: 'ready', version: expect.stringMatching(/^\d+\.\d+\.\d+/), seed: 7 });
      expect(JSON.stringify(body)).not.toContain(target.control?.secret as string);
      expect((await fetch(new URL('/_health', target.base_url), { method: 'POST' })).status).toBe(405);
    } finally {
      await fake.stop();
    }
  }, 60_000);

  it('SIGTERM: a request in flight gets its answer, then the process exits 0', async () => {
    const fake = spawnFakeProcess();
    const target = await fake.ready(30_000);
    const control = {
      'x-control-secret': target.control?.secret as string,
      'content-type': 'application/json',
    };
    // Every API request waits 1.5 s before it is handled (FAKE-FAULT-INJECTION).
    const fault = await fetch(`${target.control?.url}/faults`, {
      method: 'POST',
      headers: control,
      body: JSON.stringify({ latency_ms: 1_500 }),
    });
    expect(fault.status).toBeLessThan(300);
    const inFlight = fetch(`${target.base_url}/getSupportedModels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.tokens.owner}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await new Promise((r) => setTimeout(r, 300));
    fake.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { type?: string }).type).toBe('RXSUCCESS');
    expect(await fake.exited).toBe(0);
  }, 60_000);
});
