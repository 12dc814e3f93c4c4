import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScriptedReply } from '../../contract/control/rag-script.js';
import type { PlanName } from '../../contract/index.js';
import { hourlyCaps } from '../../contract/index.js';
import { ragCredits } from '../../contract/requests/rag-usage.js';
import type { Conversation, ModelReply, ToolSpec } from '../rag/conversation.js';
import { conversation } from '../rag/conversation.test-support.js';
import { loadTokenizer, type Tokenizer } from '../rag/tokens.js';
import { Runtime } from '../runtime.js';
import type { ProjectKeyCaller } from './authentication.js';
import type { DomainContext } from './context.js';
import { messages } from './errors.js';
import { failure } from './errors.test-support.js';
import { searchKnowledgebase } from './knowledgebase.js';
import { createProjectKey } from './project-keys.js';
import { admitRag, authenticateRagKey, completeRag, ScriptedError } from './rag-completion.js';
import { queueReplies, scriptedReplies } from './rag-script.js';

let t: Tokenizer;
beforeAll(async () => {
  t = await loadTokenizer();
});

let runtime: Runtime;
let d: DomainContext;
let key: string;
let caller: ProjectKeyCaller;
beforeEach(() => {
  runtime = new Runtime();
  d = runtime.domain;
  key = runtime.seeded!.projectKeys.main!;
  caller = authenticateRagKey(d, { authorization: `Bearer ${key}` });
});

const weather: ToolSpec = {
  name: 'get_weather',
  description: 'Get the current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

const conv = (over: Partial<Conversation> = {}): Conversation =>
  conversation({
    turns: [{ role: 'user', text: 'How do I get a refund for my subscription?' }],
    knowledgebase: { limit: 3 },
    ...over,
  });

const complete = (over: Partial<Conversation> = {}): ModelReply => completeRag(d, caller, conv(over), t);
const textOf = (r: ModelReply) => r.blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
const callsOf = (r: ModelReply) => r.blocks.flatMap((b) => (b.type === 'tool_call' ? [b.call] : []));

describe('RAG key [RAG-INVALID-KEY-401, AUTH-RAG-KEY-HEADERS]', () => {
  it('takes the project key as Bearer or x-api-key', () => {
    expect(authenticateRagKey(d, { xApiKey: key }).project.id).toBe(caller.project.id);
    expect(authenticateRagKey(d, { authorization: `bearer ${key}` }).project.id).toBe(caller.project.id);
  });

  it('answers 401 to a missing or unknown key and to a platform token', () => {
    const platform = runtime.seeded!.tokens.owner!;
    for (const h of [{}, { xApiKey: '' }, { xApiKey: 'apk-nope' }, { authorization: `Bearer ${platform}` }]) {
      const err = failure(() => authenticateRagKey(d, h));
      expect([err.status, err.message]).toEqual([401, messages.invalidApiKey]);
    }
  });
});

describe('RAG hourly caps [RAG-RATE-LIMIT-HEADERS, RATE-HEADERS]', () => {
  const setPlan = (plan: PlanName, cap?: number) => {
    caller.organization.plan = plan;
    if (cap !== undefined) caller.organization.ragCapPerHour = cap;
  };
  const admitN = (n: number) => {
    for (let i = 0; i < n; i++) admitRag(d, caller);
  };

  it('Professional: the 200th request passes, the 201st gets 429 with Retry-After [RATE-RAG-PROFESSIONAL-200, RAG-RATE-LIMIT-NATIVE]', () => {
    setPlan('professional');
    admitN(199);
    expect(admitRag(d, caller)).toMatchObject({ limit: 200, remaining: 0 });
    d.clock.advance(60_000);
    const err = failure(() => admitRag(d, caller));
    expect([err.status, err.message]).toEqual([429, messages.rateLimited]);
    expect(err.headers?.['Retry-After']).toBe(String(3600 - 60));
    expect(err.headers?.['X-RateLimit-Limit']).toBe('200');
  });

  it('Advanced and Agency: 1000 an hour [RATE-RAG-ADVANCED-AGENCY-1000]', () => {
    for (const plan of ['advanced', 'agency'] as const) {
      d.limiter.reset();
      setPlan(plan);
      admitN(1000);
      expect(failure(() => admitRag(d, caller)).status).toBe(429);
    }
    expect(hourlyCaps.ragPerHour).toEqual({ professional: 200, advanced: 1000, agency: 1000 });
  });

  it('Enterprise: 1000 by default, else the organization cap [RATE-ENTERPRISE-CAP]', () => {
    setPlan('enterprise');
    expect(admitRag(d, caller).limit).toBe(1000);
    d.limiter.reset();
    setPlan('enterprise', 3);
    admitN(3);
    expect(failure(() => admitRag(d, caller)).status).toBe(429);
  });

  it('one counter per project, whatever the key or endpoint [RATE-RAG-SCOPE]', () => {
    setPlan('professional');
    const second = createProjectKey(d, caller.project).value;
    const viaSecond = authenticateRagKey(d, { xApiKey: second });
    admitN(150);
    for (let i = 0; i < 50; i++) admitRag(d, viaSecond);
    expect(failure(() => admitRag(d, viaSecond)).status).toBe(429);
    const other = authenticateRagKey(d, { xApiKey: runtime.seeded!.projectKeys.travel! });
    expect(admitRag(d, other).remaining).toBe(199);
  });

  it('the window reopens after an hour [RATE-WINDOW-FIXED-HOUR]', () => {
    setPlan('professional');
    admitN(200);
    d.clock.advance(3_600_000);
    expect(admitRag(d, caller).remaining).toBe(199);
  });

  it('below Professional: 403 with the plan message once the count passes [RAG-PLAN-PROFESSIONAL, PLAN-FREE]', () => {
    setPlan('free');
    const err = failure(() => admitRag(d, caller));
    expect([err.status, err.message]).toEqual([403, messages.ragPlan]);
  });

  it('a project over its cap gets 429 before the plan gate, even below Professional [RATE-CHECK-AFTER-CREDENTIAL]', () => {
    setPlan('professional');
    admitN(200);
    setPlan('free');
    const err = failure(() => admitRag(d, caller));
    expect([err.status, err.headers?.['X-RateLimit-Limit']]).toEqual([429, '200']);
    // A free project's refused requests count against the smallest cap too.
    d.limiter.reset();
    for (let i = 0; i < 200; i++) expect(failure(() => admitRag(d, caller)).status).toBe(403);
    expect(failure(() => admitRag(d, caller)).status).toBe(429);
  });

  it('a plan change within the window keeps the count under the new cap [RATE-WINDOW-FIXED-HOUR, RATE-RAG-SCOPE]', () => {
    setPlan('professional');
    admitN(200);
    setPlan('advanced');
    expect(admitRag(d, caller).remaining).toBe(799);
    setPlan('professional');
    expect(failure(() => admitRag(d, caller)).status).toBe(429);
  });
});

describe('RAG model checks', () => {
  it('a model not in the supported list gets 400 [RAG-UNKNOWN-MODEL, RAG-MODEL-FROM-LIST]', () => {
    const err = failure(() => complete({ model: 'gpt-9000' }));
    expect([err.status, err.message]).toEqual([400, messages.invalidModel('gpt-9000')]);
    expect(err.details?.map((e) => e.path)).toEqual(['model']);
  });

  it('a listed model of the wrong family gets 400 naming the served families [RAG-WRONG-FAMILY-400, RAG-OPENAI-FAMILIES, RAG-ANTHROPIC-FAMILIES]', () => {
    const onOpenai = failure(() => complete({ model: 'claude-3-5-haiku-latest' }));
    expect(onOpenai.status).toBe(400);
    expect(onOpenai.message).toContain('gpt-*, o1 and o3');
    expect(onOpenai.details?.map((e) => e.path)).toEqual(['model']);
    const onAnthropic = failure(() => complete({ dialect: 'anthropic', model: 'gpt-4o-mini' }));
    expect(onAnthropic.message).toContain('claude-*');
    for (const model of ['gpt-4o', 'o1', 'o3-mini']) expect(complete({ model }).model).toBe(model);
    expect(complete({ dialect: 'anthropic', model: 'claude-sonnet-4-5' }).model).toBe('claude-sonnet-4-5');
  });

  it('a tier-1 model on Professional is refused like an unknown one [MODELS-TIER1-RAG-PROFESSIONAL]', () => {
    caller.organization.plan = 'professional';
    const err = failure(() => complete({ model: 'gpt-4o' }));
    expect([err.status, err.message]).toEqual([400, messages.invalidModel('gpt-4o')]);
    expect(complete({ model: 'gpt-4o-mini' }).model).toBe('gpt-4o-mini');
  });
});

describe('RAG retrieval and the reply', () => {
  it('searches the project knowledgebase with the last user message, up to the tool limit [RAG-SERVER-RETRIEVAL, RAG-SOURCES-LIMIT, RAG-SOURCES-ITEM-SHAPE]', () => {
    const question = 'How do I get a refund for my subscription?';
    const expected = searchKnowledgebase(d, caller.project, { query: question, limit: 2 });
    const r = complete({ knowledgebase: { limit: 2 } });
    expect(expected).toHaveLength(2);
    expect(r.sources).toEqual(expected);
    expect(textOf(r)).toContain('[1]');
  });

  it('no knowledgebase tool, or only tool calls: sources is empty [RAG-SOURCES-ALWAYS]', () => {
    expect(complete({ knowledgebase: null }).sources).toEqual([]);
    const r = complete({ tools: [weather], turns: [{ role: 'user', text: 'Weather in Paris?' }] });
    expect(callsOf(r)).toMatchObject([{ name: 'get_weather', arguments: { city: 'Paris' } }]);
    expect([r.stop, r.sources]).toEqual(['tool_calls', []]);
  });

  it('tool call ids carry the dialect prefix and 24 seeded characters [RAG-USER-TOOLS-RETURNED]', () => {
    const ask = { tools: [weather], turns: [{ role: 'user' as const, text: 'Weather in Paris?' }] };
    expect(callsOf(complete(ask))[0]?.id).toMatch(/^call_[a-z0-9]{24}$/);
    expect(
      callsOf(complete({ ...ask, dialect: 'anthropic', model: 'claude-3-5-haiku-latest' }))[0]?.id,
    ).toMatch(/^toolu_[a-z0-9]{24}$/);
  });

  it('id, created and model; the same seed gives the same reply [FAKE-DETERMINISTIC-SEED]', () => {
    const r = complete();
    expect(r.id).toMatch(/^[a-z0-9]{24}$/);
    expect(r.created).toBe(Math.floor(d.clock.now() / 1000));
    expect(r.delivery).toEqual({ delayMs: 0, cut: null });
    const again = new Runtime();
    const c2 = authenticateRagKey(again.domain, { xApiKey: key });
    expect(completeRag(again.domain, c2, conv(), t)).toEqual(r);
  });
});

describe('RAG usage and credits [RAG-USAGE-TOKENIZER, RAG-BILLING-PER-TOKEN, RAG-CREDITS-PER-TOKEN-PRICE]', () => {
  it('counts tokens with o200k_base: system, turns and framing in, the answer out', () => {
    const system = 'You are terse.';
    const question = 'What are your opening hours?';
    const r = complete({ system, knowledgebase: null, turns: [{ role: 'user', text: question }] });
    const n = (s: string) => encode(s).length;
    expect(r.usage).toEqual({ input: n(system) + n(question) + 3 + 3, output: n(textOf(r)) });
  });

  it("deducts (input + output) × the model's price per 1k tokens, to 3 decimals, from the organization", () => {
    const before = caller.organization.credits;
    const used = caller.project.creditsUsed;
    const r = complete({ model: 'gpt-4.1' }); // 2 credits per 1k tokens
    const cost = Math.round((r.usage.input + r.usage.output) * 2) / 1000;
    expect(cost).toBeGreaterThan(0);
    expect(caller.organization.credits).toBeCloseTo(before - cost, 9);
    expect(caller.project.creditsUsed).toBeCloseTo(used + cost, 9);
    expect(ragCredits(r.usage.input + r.usage.output, 2)).toBe(cost);
  });

  it('a balance that cannot cover the answer gets 402, deducts nothing and keeps the scripted reply [CREDITS-EXHAUSTED]', () => {
    caller.organization.credits = 0.001;
    queueReplies(d, caller.project, [{ kind: 'text', text: 'scripted' }]);
    const err = failure(() => complete());
    expect([err.status, err.message]).toEqual([402, messages.insufficientCredits]);
    expect(caller.organization.credits).toBe(0.001);
    expect(caller.project.creditsUsed).toBe(0);
    expect(scriptedReplies(d, caller.project)).toHaveLength(1);
  });
});

describe('scripted replies [FAKE-MODEL-SCRIPT]', () => {
  const queue = (...replies: ScriptedReply[]) => queueReplies(d, caller.project, replies);

  it('an error is thrown with its status, message, retry headers and delay, and consumed', () => {
    queue(
      { kind: 'error', status: 429, retry_after: 2, retry_after_ms: 1500, delay_ms: 30 },
      { kind: 'error', status: 503, message: 'down for maintenance' },
    );
    const first = failure(() => complete());
    expect(first).toBeInstanceOf(ScriptedError);
    expect([first.status, first.message]).toEqual([429, messages.rateLimited]);
    expect(first.headers).toEqual({ 'Retry-After': '2', 'retry-after-ms': '1500' });
    expect((first as ScriptedError).delayMs).toBe(30);
    const second = failure(() => complete());
    expect([second.status, second.message, second.headers]).toEqual([503, 'down for maintenance', {}]);
    expect(scriptedReplies(d, caller.project)).toEqual([]);
    expect(textOf(complete())).toContain('[1]'); // then the default model again
  });

  it('text and tool-call replies replace the default answer, in order, on either endpoint', () => {
    queue(
      { kind: 'text', text: 'Scripted answer.', delay_ms: 250, cut: { after_events: 3, mode: 'reset' } },
      { kind: 'tool_call', calls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] },
    );
    const first = complete();
    expect([textOf(first), first.stop]).toEqual(['Scripted answer.', 'end']);
    expect(first.sources.length).toBeGreaterThan(0); // retrieval still runs for a text answer
    expect(first.delivery).toEqual({ delayMs: 250, cut: { afterEvents: 3, mode: 'reset' } });
    const second = complete({ dialect: 'anthropic', model: 'claude-3-5-haiku-latest' });
    expect(callsOf(second)).toEqual([
      { id: expect.stringMatching(/^toolu_/), name: 'get_weather', arguments: { city: 'Oslo' } },
    ]);
    expect([second.stop, second.sources]).toEqual(['tool_calls', []]);
    expect(scriptedReplies(d, caller.project)).toEqual([]);
  });

  it('a scripted text still obeys max tokens; a refused model leaves the queue alone [RAG-MAX-TOKENS]', () => {
    queue({ kind: 'text', text: 'one two three four five six seven eight nine ten' });
    expect(failure(() => complete({ model: 'nope' })).status).toBe(400);
    expect(scriptedReplies(d, caller.project)).toHaveLength(1);
    const r = complete({ maxTokens: 3 });
    expect([textOf(r), r.stop, r.usage.output]).toEqual(['one two three', 'max_tokens', 3]);
  });
});
