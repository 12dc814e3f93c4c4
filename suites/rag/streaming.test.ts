/**
 * Streamed RAG answers (`stream: true`): each dialect's SSE grammar and event order, where `sources` travels, and
 * that a stream accumulates to the very answer the same request gets unstreamed. The grammar checks live in
 * support/rag-stream.ts (every streamed read goes through them); the SSE itself is parsed by eventsource-parser.
 * The spec fixes streams by reference only ("compatible with two third-party SDK wire formats"): the native grammar
 * the SDKs parse is checked hard (streamAnswer binds it to RAG-OPENAI-STREAM-GRAMMAR or RAG-ANTHROPIC-STREAM-GRAMMAR
 * and gives undefined when it breaks, the test having failed there), and so is the finish reason of a turn that hands
 * tool calls over (RAG-USER-TOOLS-RETURNED); where `sources` travels, what a stream accumulates to and the fake's way
 * where the native format leaves it free are checked under the assumed clauses that state them.
 * The streams are asked of a fresh organization's project whose knowledgebase holds the support documents the
 * refund question is answered from (provider states 'organization' and 'knowledgebase documents',
 * support/fresh-quota.ts), so they spend nothing of the config key's RAG budget; where the target offers no such
 * states, of the configured project.
 */
import { describe, expect, it } from 'vitest';
import { ownRagKeyOfFile, supportDocuments } from '../support/fresh-quota.js';
import { needRag } from '../support/rag.js';
import { type Answer, answer } from '../support/rag-answer.js';
import { streamAnswer } from '../support/rag-stream.js';
import {
  type Ask,
  DIALECTS,
  dialectClauses,
  ORDER_TOOL,
  REFUND_QUESTION,
  SMALL_TALK,
  WEATHER_QUESTION,
  WEATHER_TOOL,
} from '../support/rag-wire.js';
import { scriptedWorldVia } from '../support/rag-world.js';
import { assumed, documented } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';

const target = useTarget();
const ownKey = ownRagKeyOfFile(target, supportDocuments());
const ownAuth = async () => (await ownKey())?.auth;

/** The user tools the tool-call stream declares. */
const TOOL_NAMES = [WEATHER_TOOL.name, ORDER_TOOL.name];

/** What must be equal between a stream and a body: everything but ids and timestamps. */
const comparable = (a: Answer) => ({
  model: a.model,
  text: a.text,
  toolCalls: a.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments })),
  stop: a.stop,
  usage: a.usage,
  sources: a.sources,
});

describe.each(DIALECTS)('%s-style streams', (dialect) => {
  it(`a text answer streams in the native grammar: ${dialect === 'openai' ? 'role first, content deltas, one finish_reason, a usage chunk, [DONE]' : 'message_start, one text block, message_delta, message_stop'} [${dialectClauses[dialect].streamGrammar}, ${dialectClauses[dialect].stream}]`, async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const read = await streamAnswer(
      target(),
      dialect,
      { model, messages: SMALL_TALK, maxTokens: 64 },
      await ownAuth(),
    );
    if (!read) return;
    // No tool is declared: nothing to hand over.
    expect(read.answer.toolCalls).toEqual([]);
    expect(read.answer.stop).not.toBe('tool_calls');
    assumed(dialectClauses[dialect].stream, () => {
      expect(read.answer.text.length).toBeGreaterThan(0);
      expect(read.answer.usage!.output).toBeGreaterThan(0);
    });
    assumed('RAG-RESPONSE-MODEL', () => expect(read.answer.model).toBe(model));
  });

  it(`a tool call streams as native fragments and ends as a tool call: ${dialect === 'openai' ? 'index, id, type and name, then argument pieces; finish_reason tool_calls' : 'a tool_use block with input_json_delta pieces; stop_reason tool_use'} [${dialectClauses[dialect].streamGrammar}, ${dialectClauses[dialect].stream}, RAG-USER-TOOLS-RETURNED, RAG-TOOL-CHOICE]`, async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const read = await streamAnswer(
      target(),
      dialect,
      {
        model,
        messages: WEATHER_QUESTION,
        tools: [WEATHER_TOOL, ORDER_TOOL],
        toolChoice: { name: WEATHER_TOOL.name },
        maxTokens: 300,
      },
      await ownAuth(),
    );
    if (!read) return;
    // Calls of declared tools, and a turn that hands calls over ends as the native tool turn, streamed too.
    documented('RAG-USER-TOOLS-RETURNED', () => {
      for (const call of read.answer.toolCalls) expect(TOOL_NAMES).toContain(call.name);
      if (read.answer.toolCalls.length > 0) expect(read.answer.stop).toBe('tool_calls');
    });
    // That the named tool is called at all is tool_choice's native meaning, read by the fake.
    assumed('RAG-TOOL-CHOICE', () => {
      expect(read.answer.toolCalls.length).toBeGreaterThan(0);
      for (const call of read.answer.toolCalls) expect(call.name).toBe(WEATHER_TOOL.name);
    });
  });

  it(`sources travel ${dialect === 'openai' ? 'on the first chunk' : 'on the message of message_start'}, once [RAG-STREAM-SOURCES, RAG-KB-TOOL]`, async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const auth = await ownAuth();
    for (const knowledgebase of [{ limit: 3 }, undefined]) {
      const read = await streamAnswer(
        target(),
        dialect,
        { model, messages: REFUND_QUESTION, knowledgebase, maxTokens: 300 },
        auth,
      );
      if (!read) return;
      assumed('RAG-STREAM-SOURCES', () =>
        expect(
          read.sourcesAt,
          `events carrying sources (knowledgebase ${JSON.stringify(knowledgebase)})`,
        ).toEqual([0]),
      );
      if (!knowledgebase) assumed('RAG-SOURCES-ALWAYS', () => expect(read.answer.sources).toEqual([]));
    }
  });

  it.for([
    ['plain text', { messages: SMALL_TALK, maxTokens: 64 }],
    ['a knowledgebase answer', { messages: REFUND_QUESTION, knowledgebase: { limit: 3 }, maxTokens: 600 }],
    ['an answer cut at max tokens', { messages: REFUND_QUESTION, knowledgebase: { limit: 3 }, maxTokens: 7 }],
    [
      'a tool call',
      {
        messages: WEATHER_QUESTION,
        tools: [WEATHER_TOOL],
        toolChoice: { name: WEATHER_TOOL.name },
        maxTokens: 300,
      },
    ],
  ] as [string, Omit<Ask, 'model'>][])(
    `streamed, %s accumulates to the unstreamed answer: text, tool calls, stop reason, usage, sources [RAG-STREAM-EQUALS-BODY, ${dialectClauses[dialect].stream}]`,
    async ([, ask], ctx) => {
      const model = await needRag(ctx, target(), dialect);
      const full: Ask = { model, temperature: 0, ...ask };
      const auth = await ownAuth();
      const body = await answer(target(), dialect, full, auth);
      const streamed = await streamAnswer(target(), dialect, full, auth);
      if (!streamed) return;
      assumed('RAG-STREAM-EQUALS-BODY', () => expect(comparable(streamed.answer)).toEqual(comparable(body)));
    },
  );

  it('scripted replies stream exactly as they answer unstreamed [FAKE-MODEL-SCRIPT, RAG-STREAM-EQUALS-BODY]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect, { control: 'a scripted model reply' });
    const text = {
      kind: 'text' as const,
      text: 'Scripted answer: your parcel left the warehouse this morning.',
    };
    const call = {
      kind: 'tool_call' as const,
      text: 'Checking.',
      calls: [{ name: ORDER_TOOL.name, arguments: { order_number: 'AL-7', urgent: true, items: [1, 2] } }],
    };
    const world = await scriptedWorldVia(target().control!, [text, text, call, call]);
    const ask: Ask = { model, messages: SMALL_TALK, tools: [ORDER_TOOL], maxTokens: 300 };
    for (const expected of [text, call]) {
      const body = await answer(target(), dialect, ask, world.auth);
      const streamed = await streamAnswer(target(), dialect, ask, world.auth);
      assumed('FAKE-MODEL-SCRIPT', () => expect(body.text).toBe(expected.text));
      if (!streamed) continue;
      assumed('RAG-STREAM-EQUALS-BODY', () => expect(comparable(streamed.answer)).toEqual(comparable(body)));
    }
  });
});

describe('OpenAI-style stream options', () => {
  it('without stream_options.include_usage no chunk carries usage [RAG-OPENAI-STREAM-USAGE]', async (ctx) => {
    const model = await needRag(ctx, target(), 'openai');
    const read = await streamAnswer(
      target(),
      'openai',
      { model, messages: SMALL_TALK, maxTokens: 32 },
      await ownAuth(),
      false,
    );
    if (!read) return;
    documented('RAG-OPENAI-STREAM-USAGE', () => expect(read.answer.usage).toBeNull());
  });
});
