/** Record through `recordingFetch`, replay through `replayingFetch`: same answers offline, clear refusals. */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCassettes } from './cassette.js';
import { recordingFetch, replayingFetch } from './fetch.js';
import { CassetteRecorder } from './recorder.js';
import { Redactor } from './redaction.js';
import { CassetteReplayer, ReplayMiss } from './replayer.js';

const TOKEN = 'api-v1-recordmeb3f1c0a9e2b7d4c3a8e6f';
let server: Server;
let origin = '';
let dir = '';
let hits = 0;

/** A tiny deployment: echoes JSON, counts requests, streams SSE, and resets a connection mid-body. */
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cassettes-'));
  server = createServer((req, res) => {
    hits += 1;
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: {"n":1}\n\n');
        setTimeout(() => res.end('data: [DONE]\n\n'), 5);
      } else if (req.url === '/reset') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('partial');
        setTimeout(() => res.destroy(), 5);
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ hits, echo: body, auth: req.headers.authorization }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const recorder = new CassetteRecorder(
    dir,
    'suites/a.test.ts',
    { name: 't', kind: 'real' },
    new Redactor({ secrets: [TOKEN] }),
  );
  const reads: Promise<unknown>[] = [];
  const f = recordingFetch(
    () => recorder,
    () => 'a test [RECORD-CASSETTES]',
    fetch,
    (p) => reads.push(p),
  );
  const json = {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
  };
  for (const n of [1, 2])
    await (await f(`${origin}/echo`, { ...json, body: JSON.stringify({ a: 1, b: [n] }) })).text();
  await (await f(`${origin}/echo`, { ...json, body: '{"b":[1],"a":1}' })).text();
  await (await f(`${origin}/stream`)).text();
  await (await f(`${origin}/reset`)).text().catch(() => 'reset');
  await Promise.all(reads);
  recorder.save();
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe('record and replay [RECORD-CASSETTES, REPLAY-OFFLINE]', () => {
  it('writes one cassette with every interaction in order, the token redacted', () => {
    const cassette = readCassettes(dir).get('suites/a.test.ts');
    expect(cassette?.interactions.map((i) => i.request.path)).toEqual([
      '/echo',
      '/echo',
      '/echo',
      '/stream',
      '/reset',
    ]);
    expect(JSON.stringify(cassette)).not.toContain(TOKEN.slice(7));
    expect(cassette?.interactions[4]?.response?.ended).toBe('reset');
    expect(cassette?.interactions[0]?.test).toBe('a test [RECORD-CASSETTES]');
  });

  it('replays the recorded answers with the deployment gone: identical requests in recorded order, JSON as data', async () => {
    const before = hits;
    const replayer = new CassetteReplayer(dir);
    const f = replayingFetch(replayer, () => 'suites/a.test.ts');
    const json = {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    };
    // the third recorded request had the same data with its keys in another order: it matches the first unused one
    type Echo = { hits: number; auth: string };
    const echo = async (body: string) =>
      (await (await f(`${origin}/echo`, { ...json, body })).json()) as Echo;
    const first = await echo('{"b":[1],"a":1}');
    const second = await echo(JSON.stringify({ a: 1, b: [2] }));
    const third = await echo(JSON.stringify({ a: 1, b: [1] }));
    expect([first.hits, second.hits, third.hits]).toEqual([1, 2, 3]);
    expect(first.auth).toMatch(/^Bearer api-v1-redacted/);
    expect(await (await f(`${origin}/stream`)).text()).toBe('data: {"n":1}\n\ndata: [DONE]\n\n');
    const reset = await f(`${origin}/reset`);
    await expect(reset.text()).rejects.toThrow(/terminated/);
    expect(hits).toBe(before);
  });

  it('refuses a request nothing matches, naming the closest recorded request and what differs [REPLAY-MISS-CLOSEST]', async () => {
    const f = replayingFetch(new CassetteReplayer(dir), () => 'suites/a.test.ts');
    const miss = f(`${origin}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ a: 2, b: [1] }),
    });
    await expect(miss).rejects.toThrow(ReplayMiss);
    await expect(miss).rejects.toThrow(
      /closest: cassette "suites\/a\.test\.ts", interaction #\d+ \(test "a test \[RECORD-CASSETTES\]"\): body/i,
    );
  });

  it('matches a request whose credential was tampered with (not a declared one) by everything else, in order [REPLAY-OFFLINE]', async () => {
    const f = replayingFetch(new CassetteReplayer(dir), () => 'suites/a.test.ts');
    const tampered = { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}x` };
    const send = async () =>
      (
        (await (
          await f(`${origin}/echo`, { method: 'POST', headers: tampered, body: '{"a":1,"b":[1]}' })
        ).json()) as {
          hits: number;
        }
      ).hits;
    // Two recorded requests had that body (#0 and #2): the tampered ones take them in recorded order, then none is left.
    expect([await send(), await send()]).toEqual([1, 3]);
    await expect(send()).rejects.toThrow(
      /Closest: cassette "suites\/a\.test\.ts", interaction #0 .*header authorization/,
    );
  });

  it('says when the identical request was already replayed, and when a cassette does not exist [REPLAY-MISS-CLOSEST]', async () => {
    const replayer = new CassetteReplayer(dir);
    const f = replayingFetch(replayer, () => 'suites/a.test.ts');
    await (await f(`${origin}/stream`)).text();
    await expect(f(`${origin}/stream`)).rejects.toThrow(/already replayed/);
    const other = replayingFetch(replayer, () => 'suites/b.test.ts');
    await expect(other(`${origin}/stream`)).rejects.toThrow(
      /there is no cassette "suites\/b\.test\.ts".*Closest: cassette "suites\/a\.test\.ts"/s,
    );
  });
});
