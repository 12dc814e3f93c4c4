/** The control handle of an interception: what it changes is what the next intercepted request sees. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ChatbotApiInterception, FakeControlError, interceptChatbotApi } from './index.js';

let handle: ChatbotApiInterception;
beforeEach(() => {
  handle = interceptChatbotApi({ baseUrl: 'https://chatbot.example.test' });
});
afterEach(() => handle.restore());

/** One unstreamed completion through fetch: its answer text and `created` (virtual seconds). */
async function ask(content = 'Hello'): Promise<{ text: string; created: number }> {
  const { base_url, project_key } = handle.target;
  const res = await fetch(`${base_url}/openai/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${project_key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }] }),
  });
  expect(res.status).toBe(200);
  const json = (await res.json()) as { created: number; choices: { message: { content: string } }[] };
  return { text: json.choices[0]!.message.content, created: json.created };
}

describe('control through interception [LIB-INTERCEPT-CONTROL]', () => {
  it('scriptReplies: the next answers are the scripted ones, then the default model again; clear drops the rest [LIB-INTERCEPT-CONTROL, FAKE-MODEL-SCRIPT]', async () => {
    const uid = handle.target.project_uid!;
    const queued = await handle.control.scriptReplies(uid, [
      { kind: 'text', text: 'Scripted one.' },
      { kind: 'text', text: 'Scripted two.' },
      { kind: 'text', text: 'Scripted three.' },
    ]);
    expect(queued).toHaveLength(3);
    expect((await ask()).text).toBe('Scripted one.');
    expect((await ask()).text).toBe('Scripted two.');
    expect(await handle.control.scriptedReplies(uid)).toEqual([{ kind: 'text', text: 'Scripted three.' }]);
    expect(await handle.control.clearScriptedReplies(uid)).toBe(1);
    expect((await ask()).text).not.toMatch(/^Scripted/);
  });

  it('the clock is frozen by default and advanceClock moves what the next answer carries [LIB-INTERCEPT-CONTROL]', async () => {
    const before = await ask();
    expect(await handle.control.now()).toBe(new Date(before.created * 1000).toISOString());
    expect((await ask()).created).toBe(before.created);
    const now = await handle.control.advanceClock({ hours: 2, minutes: 30 });
    expect(Date.parse(now) - before.created * 1000).toBe(2.5 * 3600 * 1000);
    expect((await ask()).created).toBe(before.created + 2.5 * 3600);
    await handle.control.setClock(new Date(Date.parse(now) + 1000));
    expect((await ask()).created).toBe(before.created + 2.5 * 3600 + 1);
  });

  it('journal records the intercepted requests; reset rebuilds the state from the seed and the target follows it [LIB-INTERCEPT-CONTROL, FAKE-REQUEST-JOURNAL]', async () => {
    await ask();
    const journal = await handle.control.journal();
    expect(journal.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/v1/openai/chat/completions',
      status: 200,
    });
    await handle.control.clearJournal();
    expect(await handle.control.journal()).toEqual([]);
    const owner = handle.target.tokens.owner;
    const fresh = await handle.control.reset({ seed: 7 });
    expect(fresh.tokens.owner).not.toBe(owner);
    expect(handle.target.tokens.owner).toBe(fresh.tokens.owner);
    expect(fresh.base_url).toBe('https://chatbot.example.test/api/v1');
    expect(fresh.control?.url).toBe('https://chatbot.example.test/_control');
    const res = await fetch(`${fresh.base_url}/getMyProjects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fresh.tokens.owner}` },
    });
    expect(res.status).toBe(200);
  });

  it('the generic get/post/delete reach any control route; a refused call rejects with its status and message [LIB-INTERCEPT-CONTROL]', async () => {
    const tokens = await handle.control.get<{ id: number }[]>('/tokens');
    expect(tokens.length).toBeGreaterThan(0);
    const error = await handle.control.post('/clock/advance', { hours: -1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FakeControlError);
    expect(error).toMatchObject({ status: 400 });
    await expect(handle.control.delete('/projects/no-such-project/rag/replies')).rejects.toThrow(
      /404: Project not found/,
    );
  });

  it('the control API is also reachable over intercepted HTTP at target.control.url with the secret [LIB-INTERCEPT-CONTROL, FAKE-CONTROL-SECRET]', async () => {
    const control = handle.target.control!;
    const res = await fetch(`${control.url}/clock/advance`, {
      method: 'POST',
      headers: { 'x-control-secret': control.secret, 'content-type': 'application/json' },
      body: JSON.stringify({ days: 1 }),
    });
    expect(res.status).toBe(200);
    expect(await handle.control.now()).toBe('2026-01-06T09:00:00.000Z');
  });
});
