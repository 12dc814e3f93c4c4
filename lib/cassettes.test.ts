/**
 * The library's record and replay: a client's requests to a base URL are recorded from a real deployment (the fake
 * on a port stands in for one), then replayed with that deployment gone, through fetch and the official SDK.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, describe, expect, it } from 'vitest';
import { readCassettes } from '../recording/cassette.js';
import { recordChatbotApi, replayChatbotApi } from './cassettes.js';
import { startFake } from './start-fake.js';

const BASE = 'https://chatbot.recorded.test';
const dir = mkdtempSync(join(tmpdir(), 'lib-cassettes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ask = (key: string) => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user' as const, content: 'How do refunds work?' }],
  tools: [
    { type: 'service:knowledgebase', parameters: { limit: 2 } },
  ] as unknown as OpenAI.Chat.ChatCompletionTool[],
  key,
});

async function session(key: string, token: string) {
  const projects = await fetch(`${BASE}/api/v1/getMyProjects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ limit: 1 }),
  });
  const client = new OpenAI({ baseURL: `${BASE}/api/v1/openai`, apiKey: key, maxRetries: 0 });
  const { key: _k, ...body } = ask(key);
  let text = '';
  for await (const chunk of await client.chat.completions.create({ ...body, stream: true })) {
    text += chunk.choices[0]?.delta?.content ?? '';
  }
  return { status: projects.status, projects: await projects.json(), text };
}

describe('library record and replay [RECORD-CASSETTES, REPLAY-OFFLINE, RECORD-REDACTION]', () => {
  let recorded: Awaited<ReturnType<typeof session>>;
  let token = '';
  let key = '';

  it('records a client session with a deployment into a cassette, credentials redacted', async () => {
    const fake = await startFake({ clock: 'frozen' });
    token = fake.target.tokens.owner!;
    key = fake.target.project_key!;
    const rec = recordChatbotApi({ baseUrl: BASE, upstream: fake.url, dir, cassette: 'client/session' });
    try {
      recorded = await session(key, token);
    } finally {
      rec.restore();
      await fake.close();
    }
    expect(recorded.status).toBe(200);
    expect(recorded.text.length).toBeGreaterThan(0);
    const text = JSON.stringify(readCassettes(dir).get('client/session'));
    expect(text).not.toContain(token.slice(7));
    expect(text).not.toContain(key.slice(4));
    expect(readCassettes(dir).get('client/session')?.interactions).toHaveLength(2);
  });

  it('replays it with the deployment gone: the same answers, streamed through the official SDK', async () => {
    const replay = replayChatbotApi({ baseUrl: BASE, dir, cassette: 'client/session' });
    try {
      expect(await session(key, token)).toEqual(recorded);
    } finally {
      replay.restore();
    }
  });

  it('refuses a request the cassette does not hold, naming the closest recorded one [REPLAY-MISS-CLOSEST]', async () => {
    const replay = replayChatbotApi({ baseUrl: BASE, dir, cassette: 'client/session' });
    try {
      const miss = fetch(`${BASE}/api/v1/getMyProjects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ limit: 2 }),
      });
      const err = (await miss.catch((e: unknown) => e)) as Error & { cause?: Error };
      expect(`${err.message} ${err.cause?.message}`).toMatch(
        /closest: cassette "client\/session", interaction #0.*body/i,
      );
    } finally {
      replay.restore();
    }
  });
});

describe('recordChatbotApi: upstream is an origin [RECORD-CASSETTES]', () => {
  const record = (upstream: string) => () =>
    recordChatbotApi({ baseUrl: `${BASE}/api/v1`, upstream, dir, cassette: 'client/refused' });

  it('a path, a query or a fragment in upstream is refused with a TypeError naming it, before anything is intercepted', async () => {
    expect(record('https://staging.example.com/api/v1')).toThrow(
      /^recordChatbotApi: upstream is an origin \(scheme, host and port\), not https:\/\/staging\.example\.com\/api\/v1: drop the path \/api\/v1/,
    );
    expect(record('https://staging.example.com?x=1')).toThrow(/drop the query \?x=1/);
    expect(record('https://staging.example.com#top')).toThrow(/drop the fragment #top/);
    expect(record('staging.example.com')).toThrow(/upstream "staging\.example\.com" is no URL/);
    expect(record('ftp://staging.example.com')).toThrow(/is not http or https/);
    expect(record('https://staging.example.com/api/v1')).toThrow(TypeError);
    // Nothing was intercepted: the base URL is not served.
    await expect(fetch(`${BASE}/api/v1/getMyProjects`, { method: 'POST' })).rejects.toThrow();
  });

  it('an origin with or without its trailing slash is taken', () => {
    for (const upstream of ['http://127.0.0.1:9', 'http://127.0.0.1:9/']) {
      const rec = record(upstream)();
      rec.restore();
    }
  });
});
