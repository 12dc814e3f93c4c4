/**
 * Tokens on the RAG endpoints: the output budget (max tokens) and the usage counts, recomputed here with a real
 * o200k_base tokenizer (gpt-tokenizer) and the usage formula the contract writes down (contract/requests/rag-usage.ts).
 * The spec shows neither how max tokens cut an answer nor how usage is counted: those checks are the fake's choices,
 * each under its assumed clause; what is hard is the native answer itself.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it, type TestContext } from 'vitest';
import {
  inputTokens,
  outputTokens,
  type TokenCounter,
  type UsagePrompt,
} from '../../contract/requests/rag-usage.js';
import { ownRagKey } from '../support/fresh-quota.js';
import { needRag } from '../support/rag.js';
import { type Answer, answer, chunksOf } from '../support/rag-answer.js';
import { streamAnswer } from '../support/rag-stream.js';
import {
  type Ask,
  DIALECTS,
  ORDER_TOOL,
  type RagDialect,
  REFUND_QUESTION,
  SMALL_TALK,
  turnsOf,
  WEATHER_QUESTION,
  WEATHER_TOOL,
  withToolResults,
} from '../support/rag-wire.js';
import { scriptedWorldVia } from '../support/rag-world.js';
import { assumed } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';

const target = useTarget();

/** Special-token text counts as plain text, as the fake counts it. */
const o200k: TokenCounter = {
  count: (text) => (text === '' ? 0 : countTokens(text, { disallowedSpecial: new Set() })),
};

const LONG_QUESTION = `${REFUND_QUESTION} Please explain it in detail, in at least one hundred words.`;

/**
 * The key of the tests that run without a control API: a fresh organization's where the target offers it, so this
 * file spends none of the config key's RAG budget; else the config's key (support/fresh-quota.ts). Its knowledgebase
 * is empty: what these tests check holds for any answer.
 */
const ownKey = (ctx: TestContext) => ownRagKey(ctx, target());

/**
 * The usage prompt of an Ask with the sources its answer retrieved (read as the fake's chunks), as
 * RAG-USAGE-TOKENIZER counts it.
 */
function promptOf(ask: Ask, sources: UsagePrompt['sources']): UsagePrompt {
  return {
    system: ask.system ?? '',
    turns: turnsOf(ask).map((t) =>
      t.role === 'assistant' ? { text: t.text ?? '', toolCalls: t.toolCalls ?? [] } : { text: t.text },
    ),
    tools: ask.tools ?? [],
    sources,
  };
}

const outputOf = (a: Answer) => outputTokens(o200k, a.text, a.toolCalls);

describe.each(DIALECTS)('%s-style endpoint: max tokens', (dialect: RagDialect) => {
  const fields =
    dialect === 'openai' ? (['max_completion_tokens', 'max_tokens'] as const) : (['max_tokens'] as const);

  it.for(fields)(
    'an answer never has more output tokens than %s allows; an answer cut there says so in its stop reason [RAG-MAX-TOKENS]',
    async (field, ctx) => {
      const model = await needRag(ctx, target(), dialect);
      const auth = await ownKey(ctx);
      for (const max of [1, 6]) {
        const ask: Ask = {
          model,
          messages: LONG_QUESTION,
          knowledgebase: { limit: 3 },
          maxTokens: max,
          openaiMaxField: field,
        };
        const a = await answer(target(), dialect, ask, auth);
        assumed('RAG-MAX-TOKENS', () => {
          expect(a.usage!.output, `max ${max}`).toBeLessThanOrEqual(max);
          expect(a.stop, `max ${max}: a long answer is cut`).toBe('max_tokens');
        });
        const streamed = await streamAnswer(target(), dialect, ask, auth);
        if (!streamed) continue;
        assumed('RAG-MAX-TOKENS', () => {
          expect(streamed.answer.usage!.output).toBeLessThanOrEqual(max);
          expect(streamed.answer.stop).toBe('max_tokens');
        });
      }
    },
  );

  it('the fake cuts its answer to a prefix of the uncut answer, within the budget [RAG-MAX-TOKENS, FAKE-MODEL-DEFAULT, RAG-USAGE-TOKENIZER]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect, { control: 'the fake model' });
    const ask: Ask = { model, messages: LONG_QUESTION, knowledgebase: { limit: 3 }, maxTokens: 2000 };
    const full = await answer(target(), dialect, ask);
    const fullTokens = o200k.count(full.text);
    assumed('FAKE-MODEL-DEFAULT', () => {
      expect(full.stop).toBe('end');
      expect(fullTokens).toBeGreaterThan(12);
    });
    for (const max of [1, 5, 12, Math.max(fullTokens - 1, 1)]) {
      const cut = await answer(target(), dialect, { ...ask, maxTokens: max });
      assumed('RAG-MAX-TOKENS', () => {
        expect(cut.stop, `max ${max}`).toBe('max_tokens');
        expect(o200k.count(cut.text)).toBeLessThanOrEqual(max);
      });
      assumed('FAKE-MODEL-DEFAULT', () =>
        expect(full.text.startsWith(cut.text), `max ${max}: "${cut.text}" is a prefix`).toBe(true),
      );
      assumed('RAG-USAGE-TOKENIZER', () => expect(cut.usage!.output).toBe(o200k.count(cut.text)));
    }
    const exact = await answer(target(), dialect, { ...ask, maxTokens: Math.max(fullTokens, 1) });
    assumed('FAKE-MODEL-DEFAULT', () => {
      expect(exact.text, 'a budget of exactly the answer’s tokens cuts nothing').toBe(full.text);
      expect(exact.stop).toBe('end');
    });
  });

  it('scripted text and tool calls obey the budget too: a call that does not fit is dropped [RAG-MAX-TOKENS, FAKE-MODEL-SCRIPT]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect, { control: 'a scripted model reply' });
    const script = 'One two three four five six seven eight nine ten eleven twelve thirteen fourteen.';
    const bigCall = { name: ORDER_TOOL.name, arguments: { order_number: 'AL-1042-'.repeat(20) } };
    const world = await scriptedWorldVia(target().control!, [
      { kind: 'text', text: script },
      { kind: 'tool_call', calls: [bigCall] },
    ]);
    const ask: Ask = { model, messages: SMALL_TALK, tools: [ORDER_TOOL], maxTokens: 5 };
    const text = await answer(target(), dialect, ask, world.auth);
    assumed('FAKE-MODEL-SCRIPT', () => {
      expect(script.startsWith(text.text)).toBe(true);
      expect(text.usage!.output).toBe(o200k.count(text.text));
    });
    assumed('RAG-MAX-TOKENS', () => {
      expect(text.usage!.output).toBeLessThanOrEqual(5);
      expect(text.stop).toBe('max_tokens');
    });
    const call = await answer(target(), dialect, ask, world.auth);
    assumed('FAKE-MODEL-SCRIPT', () =>
      expect(call.toolCalls, 'the call that does not fit is dropped').toEqual([]),
    );
    assumed('RAG-MAX-TOKENS', () => {
      expect(call.stop).toBe('max_tokens');
      expect(call.usage!.output).toBeLessThanOrEqual(5);
    });
  });
});

describe.each(DIALECTS)('%s-style endpoint: usage from a real tokenizer', (dialect: RagDialect) => {
  it('output tokens are the o200k_base tokens of the answer text [RAG-USAGE-TOKENIZER]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const auth = await ownKey(ctx);
    for (const ask of [
      { model, messages: SMALL_TALK, maxTokens: 100 },
      { model, messages: REFUND_QUESTION, knowledgebase: { limit: 3 }, maxTokens: 600 },
    ] satisfies Ask[]) {
      const a = await answer(target(), dialect, ask, auth);
      expect(a.toolCalls).toEqual([]);
      assumed('RAG-USAGE-TOKENIZER', () => expect(a.usage!.output, a.text).toBe(o200k.count(a.text)));
    }
  });

  it('input tokens count the system prompt, every message, the tool declarations and the retrieved chunks; output tokens count tool calls by name and JSON arguments [RAG-USAGE-TOKENIZER]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect, { control: 'the fake model' });
    const asks: Ask[] = [
      { model, messages: SMALL_TALK, maxTokens: 200 },
      {
        model,
        system: 'You are Ada, a patient support agent for Acme Ledger.',
        messages: SMALL_TALK,
        maxTokens: 200,
      },
      { model, messages: REFUND_QUESTION, knowledgebase: { limit: 4 }, maxTokens: 800 },
      { model, messages: WEATHER_QUESTION, tools: [WEATHER_TOOL, ORDER_TOOL], maxTokens: 300 },
    ];
    const answers: Answer[] = [];
    for (const ask of asks) {
      const a = await answer(target(), dialect, ask);
      answers.push(a);
      assumed('RAG-USAGE-TOKENIZER', () =>
        expect(a.usage, JSON.stringify(ask)).toEqual({
          input: inputTokens(o200k, promptOf(ask, chunksOf(a))),
          output: outputOf(a),
        }),
      );
    }
    assumed('FAKE-MODEL-DEFAULT', () => {
      expect(answers[2]!.sources.length, 'the knowledgebase answer retrieved chunks').toBeGreaterThan(0);
      expect(answers[3]!.toolCalls.length, 'the weather question called the tool').toBe(1);
    });

    // The round trip: the assistant's tool call and the tool result are counted as turns.
    const first = asks[3]!;
    const calls = answers[3]!.toolCalls;
    const sunny = '{"conditions":"sunny","temperature_c":18}';
    const followUp = withToolResults(
      first,
      calls,
      calls.map(() => sunny),
      answers[3]!.text,
    );
    const next = await answer(target(), dialect, followUp);
    assumed('RAG-USAGE-TOKENIZER', () =>
      expect(next.usage).toEqual({
        input: inputTokens(o200k, promptOf(followUp, chunksOf(next))),
        output: outputOf(next),
      }),
    );
  });

  it('the usage of a scripted tool call is the tokens of its text plus each call’s name and JSON arguments [RAG-USAGE-TOKENIZER, FAKE-MODEL-SCRIPT]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect, { control: 'a scripted model reply' });
    const calls = [
      { name: ORDER_TOOL.name, arguments: { order_number: 'AL-1042', note: 'ünïcødé ✓' } },
      { name: WEATHER_TOOL.name, arguments: { city: 'São Paulo', days: [1, 2, 3] } },
    ];
    const world = await scriptedWorldVia(target().control!, [{ kind: 'tool_call', text: 'Looking.', calls }]);
    const a = await answer(
      target(),
      dialect,
      { model, messages: SMALL_TALK, tools: [WEATHER_TOOL, ORDER_TOOL], maxTokens: 500 },
      world.auth,
    );
    assumed('FAKE-MODEL-SCRIPT', () =>
      expect(a.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments }))).toEqual(calls),
    );
    assumed('RAG-USAGE-TOKENIZER', () =>
      expect(a.usage!.output).toBe(outputTokens(o200k, 'Looking.', calls)),
    );
  });
});
