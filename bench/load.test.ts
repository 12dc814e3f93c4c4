import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRounds } from './load.js';

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((_req, res) => res.end('{}'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('interleaved rounds [HARNESS-BENCH]', () => {
  it('charge each server the CPU its process used during its own rounds, per request; none without a pid', async () => {
    const asked: number[] = [];
    let clock = 0;
    // Each reading moves the clock 10 ms: a round of pid 7 costs 10 ms between its two readings.
    const cpuMs = async (pid: number) => {
      asked.push(pid);
      clock += 10;
      return clock;
    };
    const spec = { url, variants: [{ headers: {}, body: '{}' }] };
    const out = await runRounds(
      { a: spec, b: spec },
      { connections: 2, warmupS: 0, durationS: 0.2, rounds: 3 },
      { a: 7 },
      cpuMs,
    );
    expect(asked).toEqual([7, 7, 7, 7, 7, 7]);
    expect(out.a.requests).toBeGreaterThan(0);
    expect(out.a.cpuUsPerRequest).toBeCloseTo((3 * 10 * 1000) / out.a.requests);
    expect(out.b.cpuUsPerRequest).toBeNull();
  });
});
