/** restore(): exactly this interception goes; others keep working; twice is harmless. */
import http from 'node:http';
import type { LookupFunction } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChatbotApiInterception, interceptChatbotApi, RefusedHostError } from './index.js';

const handles: ChatbotApiInterception[] = [];
afterEach(() => {
  for (const h of handles.splice(0)) h.restore();
});
const intercept = (baseUrl: string) => {
  const h = interceptChatbotApi({ baseUrl });
  handles.push(h);
  return h;
};

const projects = (h: ChatbotApiInterception) =>
  fetch(`${h.target.base_url}/getMyProjects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.target.tokens.owner}` },
  });

describe('restore() [LIB-INTERCEPT-RESTORE]', () => {
  it('two interceptions side by side are two fakes; restoring one leaves the other serving [LIB-INTERCEPT-RESTORE]', async () => {
    const a = intercept('https://a.example.test');
    const b = intercept('http://b.example.test:8080/chatbot');
    await a.control.advanceClock({ days: 1 });
    expect(await a.control.now()).not.toBe(await b.control.now());
    expect((await projects(a)).status).toBe(200);
    expect((await projects(b)).status).toBe(200);
    a.restore();
    // No longer intercepted: with b refusing other hosts, a's base URL is now just another host.
    const gone = await projects(a).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(RefusedHostError);
    expect((gone as Error).message).toContain('only http://b.example.test:8080/chatbot is intercepted');
    expect((await projects(b)).status).toBe(200);
    a.restore();
    expect((await projects(b)).status).toBe(200);
  });

  it('after restore() the same origin can be intercepted again, by a fresh fake [LIB-INTERCEPT-RESTORE]', async () => {
    const first = intercept('https://chatbot.example.test');
    await first.control.advanceClock({ hours: 5 });
    first.restore();
    const second = intercept('https://chatbot.example.test');
    expect(await second.control.now()).toBe('2026-01-05T09:00:00.000Z');
    expect((await projects(second)).status).toBe(200);
  });

  it('intercepting an origin an active interception serves throws, naming it [LIB-INTERCEPT-RESTORE]', () => {
    intercept('https://chatbot.example.test/one');
    expect(() => intercept('https://chatbot.example.test/two')).toThrow(
      /https:\/\/chatbot\.example\.test is already intercepted \(as https:\/\/chatbot\.example\.test\/one\)/,
    );
    expect(() => intercept('ftp://chatbot.example.test')).toThrow(/http: or https:/);
  });

  it('nothing is left behind once every interception is restored: the host goes to the network again [LIB-INTERCEPT-RESTORE]', async () => {
    const h = intercept('http://gone.example.test');
    expect((await projects(h)).status).toBe(200);
    h.restore();
    // Reaching the network starts with a name lookup: this one records the host and fails, so no DNS is needed.
    const looked: string[] = [];
    const lookup: LookupFunction = (host, _options, callback) => {
      looked.push(host);
      callback(Object.assign(new Error(`no lookup in this test: ${host}`), { code: 'ENOTFOUND' }), '', 4);
    };
    const after = await new Promise<unknown>((resolve) => {
      http
        .get({ host: 'gone.example.test', path: '/api/v1/getMyProjects', lookup }, resolve)
        .on('error', resolve);
    });
    expect(after).toMatchObject({ code: 'ENOTFOUND' });
    expect(looked).toEqual(['gone.example.test']);
  });
});
