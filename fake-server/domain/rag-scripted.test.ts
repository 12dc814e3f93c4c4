/** RAG answers around the scripted queue: scripted errors, tool-call-only answers, and the queue as it empties. */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Conversation, ModelReply, ToolSpec } from '../rag/conversation.js';
import { conversation } from '../rag/conversation.test-support.js';
import { loadTokenizer, type Tokenizer } from '../rag/tokens.js';
import { Runtime } from '../runtime.js';
import type { ProjectKeyCaller } from './authentication.js';
import type { DomainContext } from './context.js';
import { messages } from './errors.js';
import { authenticateRagKey, completeRag, ScriptedError, scriptedError } from './rag-completion.js';
import { consumeReply, queueReplies, scriptedReplies } from './rag-script.js';

let t: Tokenizer;
beforeAll(async () => {
  t = await loadTokenizer();
});

let d: DomainContext;
let key: string;
let caller: ProjectKeyCaller;
beforeEach(() => {
  const runtime = new Runtime();
  d = runtime.domain;
  key = runtime.seeded!.projectKeys.main!;
  caller = authenticateRagKey(d, { xApiKey: key });
});

const weather: ToolSpec = {
  name: 'get_weather',
  description: 'Get the current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const complete = (over: Partial<Conversation> = {}): ModelReply =>
  completeRag(d, caller, conversation({ knowledgebase: { limit: 3 }, ...over }), t);

describe('the RAG key [AUTH-RAG-KEY-HEADERS]', () => {
  it('an x-api-key with spaces around it is the key', () => {
    expect(authenticateRagKey(d, { xApiKey: `  ${key}\t` }).project.id).toBe(caller.project.id);
  });
});

describe('scripted errors [FAKE-MODEL-SCRIPT]', () => {
  it('a status without its own message gets "Request failed" below 500 and "Server error" above', () => {
    const messageOf = (status: number) => scriptedError({ kind: 'error', status }).message;
    expect([418, 499].map(messageOf)).toEqual(['Request failed', 'Request failed']);
    expect([501, 599].map(messageOf)).toEqual(['Server error', 'Server error']);
    expect([429, 500].map(messageOf)).toEqual([messages.rateLimited, 'Internal server error']);
    expect(scriptedError({ kind: 'error', status: 418, message: 'teapot' }).message).toBe('teapot');
  });

  it('is a ScriptedError with its status, retry headers and delay', () => {
    const err = scriptedError({
      kind: 'error',
      status: 529,
      retry_after: 3,
      retry_after_ms: 2500,
      delay_ms: 40,
    });
    expect(err).toBeInstanceOf(ScriptedError);
    expect(err.name).toBe('ScriptedError');
    expect([err.status, err.headers, err.delayMs]).toEqual([
      529,
      { 'Retry-After': '3', 'retry-after-ms': '2500' },
      40,
    ]);
  });
});

describe('answers and the queue [RAG-USER-TOOLS-RETURNED, FAKE-MODEL-SCRIPT]', () => {
  it('an answer that only calls a tool has no text block and retrieves nothing', () => {
    const r = complete({ tools: [weather], turns: [{ role: 'user', text: 'Weather in Paris?' }] });
    expect(r.blocks.map((b) => b.type)).toEqual(['tool_call']);
    expect(r.sources).toEqual([]);
  });

  it('the last scripted reply taken leaves no queue behind; consuming with none queued changes nothing', () => {
    queueReplies(d, caller.project, [{ kind: 'text', text: 'one' }]);
    expect(d.state.ragScripts.has(caller.project.id)).toBe(true);
    complete({ turns: [{ role: 'user', text: 'Hello?' }] });
    expect(d.state.ragScripts.has(caller.project.id)).toBe(false);
    expect(() => consumeReply(d, caller.project)).not.toThrow();
    expect(scriptedReplies(d, caller.project)).toEqual([]);
  });
});
