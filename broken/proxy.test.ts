/**
 * The breaking proxy on its own, in front of a small upstream: it forwards every address of a target config (other
 * origins under a prefix), changes nothing without a rule, and applies a rule to requests, answers and the events of
 * a stream; switching rules starts fresh and resets the request count; a rule per file starts afresh with each file;
 * observing, it changes nothing while recording which files each rule would have changed something in.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TargetConfig } from '../contract/index.js';
import { editJson, refusal } from './bodies.js';
import { FILE_SWITCH_PATH, laneOf } from './file-switch.js';
import { type BreakingProxy, startBreakingProxy } from './proxy.js';
import { startProxyLanes } from './proxy-lanes.js';
import type { BreakingRule } from './rule.js';

const servers: Server[] = [];
let proxy: BreakingProxy;
const upstreams: string[] = [];

/** An upstream that echoes what it got as JSON, or streams two events on /stream. */
async function upstream(name: string): Promise<string> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url?.endsWith('/reset')) {
        req.socket.destroy();
        return;
      }
      if (req.url?.endsWith('/stream')) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: one\ndata: {"n":1}\n\n');
        res.end('data: [DONE]\n\n');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          name,
          url: req.url,
          auth: req.headers.authorization ?? null,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = async (url: string, body = '{}') => {
  const res = await request(url, { method: 'POST', body, headers: { authorization: 'Bearer api-v1-x' } });
  return { status: res.statusCode, type: res.headers['content-type'], text: await res.body.text() };
};

const rule: BreakingRule = {
  id: 'test-rule',
  name: 'a test rule',
  clause: 'CONV-SUCCESS-ENVELOPE',
  section: 'conventions and envelopes',
  caughtBy: 'suites/conventions/envelope.test.ts',
  start: () => {
    let seen = 0;
    return {
      request: (req) =>
        req.path === '/refused' ? refusal(403, 'no') : editJson(req, (b) => ({ ...b, added: true })),
      response: (res) => editJson(res, (b) => ({ ...b, seen: ++seen })),
      event: (e) => (e.event === 'one' ? { ...e, data: '{"n":2}' } : e),
    };
  },
};

beforeAll(async () => {
  const main = await upstream('main');
  const other = await upstream('other');
  upstreams.push(main, other);
  proxy = await startBreakingProxy(
    TargetConfig.parse({
      base_url: `${main}/api/v1`,
      org_base_url: `${main}/org/api/v1`,
      provider_states: { url: `${other}/_states` },
    }),
  );
});

afterAll(async () => {
  await proxy.close();
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

describe('breaking proxy', () => {
  it('moves every address onto the proxy, another origin under a prefix, and forwards unchanged without a rule', async () => {
    const { base_url, org_base_url, provider_states } = proxy.config;
    expect(base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(org_base_url).toBe(base_url.replace('/api/v1', '/org/api/v1'));
    expect(provider_states?.url).toBe(base_url.replace('/api/v1', '/~1/_states'));
    proxy.use(undefined);
    expect(JSON.parse((await post(`${base_url}/getMyProjects?x=1`, '{"a":1}')).text)).toEqual({
      name: 'main',
      url: '/api/v1/getMyProjects?x=1',
      auth: 'Bearer api-v1-x',
      body: '{"a":1}',
    });
    expect(JSON.parse((await post(`${provider_states!.url}`)).text)).toMatchObject({
      name: 'other',
      url: '/_states',
    });
    expect(proxy.requests()).toBe(2);
  });

  it('a connection the target resets is reset for the client too, not answered with a 502 of its own', async () => {
    proxy.use(undefined);
    await expect(post(`${proxy.config.base_url}/reset`)).rejects.toThrow(/other side closed|socket|reset/i);
    expect(JSON.parse((await post(`${proxy.config.base_url}/op`)).text)).toMatchObject({ name: 'main' });
  });

  it('applies the active rule to requests, answers and stream events; a new use starts fresh', async () => {
    proxy.use(rule);
    const first = JSON.parse((await post(`${proxy.config.base_url}/op`)).text);
    expect(first).toMatchObject({ body: '{"added":true}', seen: 1 });
    expect(JSON.parse((await post(`${proxy.config.base_url}/op`)).text).seen).toBe(2);
    const refused = await post(`${proxy.config.base_url}/refused`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toEqual({ type: 'RXERROR', message: 'no' });
    const stream = await post(`${proxy.config.base_url}/stream`);
    expect(stream.type).toMatch(/^text\/event-stream/);
    expect(stream.text).toBe('event: one\ndata: {"n":2}\n\ndata: [DONE]\n\n');
    expect(proxy.requests()).toBe(3);
    proxy.use(rule);
    expect(JSON.parse((await post(`${proxy.config.base_url}/op`)).text).seen).toBe(1);
    expect(proxy.requests()).toBe(1);
  });
});

/** A test file announcing itself to `to` (the proxy by default), as broken/file-switch.setup.ts does. */
const enter = async (file: string, to: BreakingProxy = proxy) => {
  const res = await request(`${new URL(to.config.base_url).origin}${FILE_SWITCH_PATH}`, {
    method: 'POST',
    body: file,
  });
  await res.body.text();
  expect(res.statusCode).toBe(204);
};

describe('breaking proxy, rule per file and observing [HARNESS-BLAST-RADIUS]', () => {
  it('a rule per file starts afresh with each file it is the rule of, and other files run unbroken', async () => {
    proxy.useByFile(
      new Map([
        ['/r/a.test.ts', rule],
        ['/r/c.test.ts', rule],
      ]),
    );
    await enter('/r/a.test.ts');
    expect(JSON.parse((await post(`${proxy.config.base_url}/op`)).text).seen).toBe(1);
    expect(JSON.parse((await post(`${proxy.config.base_url}/op`)).text).seen).toBe(2);
    await enter('/r/b.test.ts');
    expect(JSON.parse((await post(`${proxy.config.base_url}/op`)).text).seen).toBeUndefined();
    await enter('/r/c.test.ts');
    expect(JSON.parse((await post(`${proxy.config.base_url}/op`)).text).seen).toBe(1);
    expect(proxy.requestsOf(rule)).toBe(3);
  });

  it('observing, every answer and stream reaches the client as the upstream sent it; the touched files are recorded', async () => {
    const quiet: BreakingRule = { ...rule, id: 'quiet', start: () => ({ request: (r) => r }) };
    const observation = proxy.observe([rule, quiet]);
    await enter('/r/a.test.ts');
    const plain = await post(`${proxy.config.base_url}/op`, '{"a":1}');
    expect(JSON.parse(plain.text)).toEqual({
      name: 'main',
      url: '/api/v1/op',
      auth: 'Bearer api-v1-x',
      body: '{"a":1}',
    });
    await enter('/r/b.test.ts');
    expect((await post(`${proxy.config.base_url}/stream`)).text).toBe(
      'event: one\ndata: {"n":1}\n\ndata: [DONE]\n\n',
    );
    expect(observation.touchedFiles(rule)).toEqual(['/r/a.test.ts', '/r/b.test.ts']);
    expect(observation.touchedFiles(quiet)).toEqual([]);
    expect(proxy.requests()).toBe(2);
  });
});

describe('breaking proxy lanes [HARNESS-BLAST-RADIUS]', () => {
  it('a worker takes the lane of its pool id', () => {
    const lanes = JSON.stringify([
      { origin: 'http://127.0.0.1:1', target: '/t/1.json' },
      { origin: 'http://127.0.0.1:2', target: '/t/2.json' },
    ]);
    expect([undefined, '1', '2', '3'].map((id) => laneOf(lanes, id)?.target)).toEqual([
      '/t/1.json',
      '/t/1.json',
      '/t/2.json',
      '/t/1.json',
    ]);
  });

  it('a proxy per target, driven as one: rules reach every lane, observations and counts add up', async () => {
    const lanes = await startProxyLanes(
      upstreams.map((u) => TargetConfig.parse({ base_url: `${u}/api/v1` })),
    );
    try {
      const [a, b] = lanes.lanes as [BreakingProxy, BreakingProxy];
      lanes.useByFile(
        new Map([
          ['/r/a.test.ts', rule],
          ['/r/b.test.ts', rule],
        ]),
      );
      await enter('/r/a.test.ts', a);
      await enter('/r/b.test.ts', b);
      expect(JSON.parse((await post(`${a.config.base_url}/op`)).text)).toMatchObject({
        name: 'main',
        seen: 1,
      });
      expect(JSON.parse((await post(`${b.config.base_url}/op`)).text)).toMatchObject({
        name: 'other',
        seen: 1,
      });
      expect([lanes.requests(), lanes.requestsOf(rule)]).toEqual([2, 2]);
      const observed = lanes.observe([rule]);
      await enter('/r/a.test.ts', a);
      await post(`${a.config.base_url}/op`);
      await enter('/r/b.test.ts', b);
      await post(`${b.config.base_url}/op`);
      expect(observed.touchedFiles(rule)).toEqual(['/r/a.test.ts', '/r/b.test.ts']);
      expect(observed.changes(rule)).toBe(2);
    } finally {
      await lanes.close();
    }
  });
});
