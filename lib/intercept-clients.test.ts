/** global fetch, node:http and node:https against the intercepted fake, with no port and no connection. */
import http from 'node:http';
import https from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChatbotApiInterception, interceptChatbotApi } from './index.js';
import { watchNetwork } from './network-watch.test-support.js';

const net = watchNetwork();
let handle: ChatbotApiInterception | undefined;
afterEach(() => handle?.restore());

function expectNoNetwork() {
  expect({ listens: net.listens(), connects: net.connects(), servers: net.servers() }).toEqual({
    listens: 0,
    connects: 0,
    servers: 0,
  });
}

interface Answer {
  status: number;
  body: string;
}

/** One request with node:http or node:https, the body written in two pieces (no Content-Length). */
function nodeRequest(url: string, init: { method: string; headers?: Record<string, string>; body?: Buffer }) {
  const client = url.startsWith('https:') ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const req = client.request(url, { method: init.method, headers: init.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (init.body) {
      req.write(init.body.subarray(0, 1));
      req.write(init.body.subarray(1));
    }
    req.end();
  });
}

describe('interceptChatbotApi: every Node HTTP client, no port [LIB-INTERCEPT]', () => {
  it('global fetch: POST {base_url}/getMyProjects with the owner token gets the 200 envelope [LIB-INTERCEPT]', async () => {
    handle = interceptChatbotApi({ baseUrl: 'https://chatbot.example.test' });
    const { base_url, tokens } = handle.target;
    expect(base_url).toBe('https://chatbot.example.test/api/v1');
    const res = await fetch(`${base_url}/getMyProjects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { type: string; data: { name: string }[] };
    expect(json.type).toBe('RXSUCCESS');
    expect(json.data.length).toBeGreaterThan(0);
    expectNoNetwork();
  });

  it('node:http and node:https requests get the same answers as fetch [LIB-INTERCEPT]', async () => {
    for (const baseUrl of ['http://plain.example.test', 'https://secure.example.test:8443/chatbot']) {
      handle = interceptChatbotApi({ baseUrl });
      const { base_url, tokens } = handle.target;
      expect(base_url).toBe(`${baseUrl}/api/v1`);
      const viaNode = await nodeRequest(`${base_url}/getMyProjects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
        body: Buffer.from('{}'),
      });
      const viaFetch = await fetch(`${base_url}/getMyProjects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.owner}` },
      });
      expect(viaNode.status, baseUrl).toBe(200);
      expect(JSON.parse(viaNode.body)).toEqual(await viaFetch.json());
      handle.restore();
    }
    expectNoNetwork();
  });

  it('bad input still gets the envelope: malformed JSON and binary bodies 400, an oversized body 413, HEAD 405 [LIB-INTERCEPT]', async () => {
    handle = interceptChatbotApi({ baseUrl: 'https://chatbot.example.test' });
    const { base_url, tokens } = handle.target;
    const headers = { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' };
    const url = `${base_url}/getMyProjects`;
    const malformed = await fetch(url, { method: 'POST', headers, body: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      type: 'RXERROR',
      message: 'Invalid params: the body is not valid JSON',
    });
    const viaNode = await nodeRequest(url, { method: 'POST', headers, body: Buffer.from('{oops') });
    expect(viaNode.status).toBe(400);
    expect(JSON.parse(viaNode.body).type).toBe('RXERROR');
    // Bytes that are not UTF-8 reach the fake as sent (nock would hand over a hex string).
    const binary = await fetch(url, {
      method: 'POST',
      headers,
      body: new Uint8Array([0xff, 0xfe, 0x00, 0x7b]),
    });
    expect(binary.status).toBe(400);
    expect(((await binary.json()) as { type: string }).type).toBe('RXERROR');
    const oversized = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toEqual({ type: 'RXERROR', message: 'Request body too large' });
    const head = await fetch(url, { method: 'HEAD', headers: { authorization: `Bearer ${tokens.owner}` } });
    expect(head.status).toBe(405);
    expect(await head.text()).toBe('');
    expectNoNetwork();
  });

  it('node:https reads a RAG stream event by event; a scripted reset aborts the response instead of ending it [LIB-INTERCEPT-STREAMING]', async () => {
    handle = interceptChatbotApi({ baseUrl: 'https://chatbot.example.test' });
    const { base_url, project_key, project_uid } = handle.target;
    await handle.control.scriptReplies(project_uid!, [
      { kind: 'text', text: 'Three words here.' },
      { kind: 'text', text: 'Cut after two events.', cut: { after_events: 2, mode: 'reset' } },
    ]);
    const stream = () =>
      new Promise<{ pieces: string[]; outcome: string }>((resolve) => {
        const pieces: string[] = [];
        const req = https.request(
          `${base_url}/openai/chat/completions`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${project_key}`, 'content-type': 'application/json' },
          },
          (res) => {
            res.on('data', (c: Buffer) => pieces.push(c.toString()));
            res.on('end', () => resolve({ pieces, outcome: 'end' }));
            res.on('error', (e) => resolve({ pieces, outcome: `error: ${e.message}` }));
          },
        );
        req.on('error', (e) => resolve({ pieces, outcome: `error: ${e.message}` }));
        req.end(
          JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
        );
      });
    const whole = await stream();
    expect(whole.outcome).toBe('end');
    expect(whole.pieces.length).toBeGreaterThan(3);
    expect(whole.pieces.at(-1)).toContain('data: [DONE]');
    const cut = await stream();
    expect(cut.outcome).toMatch(/^error: /);
    expect(cut.pieces.join('')).not.toContain('[DONE]');
    expectNoNetwork();
  });

  it('an https base URL is https to the fake: GET /openapi.json names the intercepted origin [LIB-INTERCEPT, FAKE-OPENAPI-DOCUMENT]', async () => {
    handle = interceptChatbotApi({ baseUrl: 'https://chatbot.example.test' });
    const doc = (await (await fetch('https://chatbot.example.test/openapi.json')).json()) as {
      servers: { variables: { base_url: { default: string } } }[];
    };
    expect(doc.servers[0]?.variables.base_url.default).toBe(handle.target.base_url);
    expectNoNetwork();
  });

  it('a path of the origin outside the base URL prefix gets a 404 envelope, not the fake [LIB-INTERCEPT]', async () => {
    handle = interceptChatbotApi({ baseUrl: 'https://chatbot.example.test/v2/' });
    expect(handle.baseUrl).toBe('https://chatbot.example.test/v2');
    const { tokens } = handle.target;
    const outside = await fetch('https://chatbot.example.test/api/v1/getMyProjects', {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(outside.status).toBe(404);
    expect(((await outside.json()) as { message: string }).message).toContain(
      'outside https://chatbot.example.test/v2',
    );
  });
});
