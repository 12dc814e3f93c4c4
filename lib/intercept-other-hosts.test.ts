/** Requests for hosts an interception does not serve: refused (default, loopback aside) or passed through. */
import http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ChatbotApiInterception, interceptChatbotApi, RefusedHostError } from './index.js';
import { watchNetwork } from './network-watch.test-support.js';

const net = watchNetwork();
const handles: ChatbotApiInterception[] = [];
afterEach(() => {
  for (const h of handles.splice(0)) h.restore();
});
const intercept = (...args: Parameters<typeof interceptChatbotApi>) => {
  const h = interceptChatbotApi(...args);
  handles.push(h);
  return h;
};

// The one real server of these tests: what a passed-through request reaches.
let local: http.Server;
let port: number;
beforeAll(async () => {
  local = http.createServer((_req, res) => res.end('from the local server'));
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  port = (local.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => local.close(() => resolve())));

/** A host that is not loopback by name yet resolves to 127.0.0.1, so a passed-through request stays local. */
const toLocal: LookupFunction = (_host, options, callback) => {
  if (options.all)
    (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
      { address: '127.0.0.1', family: 4 },
    ]);
  else callback(null, '127.0.0.1', 4);
};

function getVia(host: string, lookup?: LookupFunction): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host, port, path: '/hello', ...(lookup ? { lookup } : {}) }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c;
      });
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
  });
}

describe('other hosts while intercepting [LIB-INTERCEPT-OTHER-HOSTS]', () => {
  it('refuse (the default): fetch and node:http to another host reject with an error naming it and the base URL [LIB-INTERCEPT-OTHER-HOSTS]', async () => {
    intercept({ baseUrl: 'https://chatbot.example.test' });
    const viaFetch = await fetch('https://api.other.example/v1/things').catch((e: unknown) => e);
    expect(viaFetch).toBeInstanceOf(RefusedHostError);
    expect((viaFetch as Error).message).toContain('https://api.other.example/v1/things');
    expect((viaFetch as Error).message).toContain('only https://chatbot.example.test is intercepted');
    const viaHttp = await getVia('service.other.example', toLocal).catch((e: unknown) => e);
    expect(viaHttp).toBeInstanceOf(RefusedHostError);
    expect((viaHttp as Error).message).toContain(`http://service.other.example:${port}/hello`);
    expect(net.connects()).toBe(0);
  });

  it('refuse leaves loopback hosts alone: a local server is still reached [LIB-INTERCEPT-OTHER-HOSTS]', async () => {
    intercept({ baseUrl: 'https://chatbot.example.test' });
    expect(await getVia('127.0.0.1')).toBe('from the local server');
    const res = await fetch(`http://localhost:${port}/hello`);
    expect(await res.text()).toBe('from the local server');
    expect(net.connects()).toBeGreaterThan(0);
  });

  it('passthrough: another host reaches the network as usual, and the base URL is still the fake [LIB-INTERCEPT-OTHER-HOSTS]', async () => {
    const h = intercept({ baseUrl: 'https://chatbot.example.test', otherHosts: 'passthrough' });
    expect(await getVia('service.other.example', toLocal)).toBe('from the local server');
    expect(net.connects()).toBeGreaterThan(0);
    const res = await fetch(`${h.target.base_url}/getMyProjects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.target.tokens.owner}` },
    });
    expect(res.status).toBe(200);
  });

  it('two interceptions that disagree: refuse wins until the refusing one is restored [LIB-INTERCEPT-OTHER-HOSTS, LIB-INTERCEPT-RESTORE]', async () => {
    intercept({ baseUrl: 'https://a.example.test', otherHosts: 'passthrough' });
    const refusing = intercept({ baseUrl: 'https://b.example.test' });
    const refused = await getVia('service.other.example', toLocal).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RefusedHostError);
    expect((refused as Error).message).toContain(
      'https://a.example.test, https://b.example.test are intercepted',
    );
    refusing.restore();
    expect(await getVia('service.other.example', toLocal)).toBe('from the local server');
  });
});
