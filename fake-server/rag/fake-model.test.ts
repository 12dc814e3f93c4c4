import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RagSource } from '../../contract/requests/rag-sources.js';
import { outputTokens } from '../../contract/requests/rag-usage.js';
import { NOTHING_FOUND } from './canned-agent.js';
import { CITATION_OPENER, citedPositions } from './citations.js';
import type { Conversation, ToolChoice, ToolSpec, Turn } from './conversation.js';
import { conversation } from './conversation.test-support.js';
import { type Draft, defaultAnswer, defaultToolCalls, fitReply } from './fake-model.js';
import { loadTokenizer, type Tokenizer } from './tokens.js';

let t: Tokenizer;
beforeAll(async () => {
  t = await loadTokenizer();
});

const weather: ToolSpec = {
  name: 'get_weather',
  description: 'Get the current weather for a city',
  parameters: {
    type: 'object',
    properties: {
      city: { type: 'string' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    },
    required: ['city'],
  },
};
const orders: ToolSpec = {
  name: 'lookupOrder',
  description: 'Look up the status of a customer order by its number',
  parameters: {
    type: 'object',
    properties: { order_id: { type: 'integer' } },
    required: ['order_id'],
  },
};

const conv = (turns: Turn[] | string, over: Partial<Conversation> = {}): Conversation =>
  conversation({
    turns: typeof turns === 'string' ? [{ role: 'user', text: turns }] : turns,
    tools: [weather, orders],
    ...over,
  });

const source = (n: number, content: string): RagSource => ({
  point_id: `doc-${n}#0`,
  doc_id: `doc-${n}`,
  score: 10 - n,
  content,
});
const sources = [
  source(1, 'Refunds\n\nAsk for a refund within 14 days of your first charge. We return the full amount.'),
  source(2, 'Annual billing is charged once, up front. It costs ten months of the monthly price.'),
  source(3, 'Invoices can be downloaded from Settings.'),
];

describe('fake model: user tools [FAKE-MODEL-DEFAULT, RAG-USER-TOOLS-RETURNED]', () => {
  it('calls the tool whose name or description the message asks for, with arguments from the message', () => {
    expect(defaultToolCalls(conv('What is the weather in New York in fahrenheit?'))).toEqual([
      { name: 'get_weather', arguments: { city: 'New York', unit: 'fahrenheit' } },
    ]);
    expect(defaultToolCalls(conv('Where is my order 4521?'))).toEqual([
      { name: 'lookupOrder', arguments: { order_id: 4521 } },
    ]);
  });

  it('answers in text when no tool shares a significant word with the message', () => {
    expect(defaultToolCalls(conv('How do I get a refund?'))).toEqual([]);
    // Stop words and generic verbs ("get", "the", "current") alone never pick a tool.
    expect(defaultToolCalls(conv('Can you get me the current one?'))).toEqual([]);
  });

  it('a trailing s is ignored and name parts split on snake, camel and kebab case', () => {
    expect(defaultToolCalls(conv('orders please'))[0]?.name).toBe('lookupOrder');
    const kebab: ToolSpec = { name: 'send-invoice', description: '', parameters: {} };
    expect(defaultToolCalls(conv('send the invoices', { tools: [weather, kebab] }))[0]?.name).toBe(
      'send-invoice',
    );
  });

  it('the tool with the most shared words wins; its name counts more than its description', () => {
    const forecast: ToolSpec = {
      name: 'get_forecast',
      description: 'Weather forecast for the next days in a city',
      parameters: {},
    };
    expect(
      defaultToolCalls(conv('Weather forecast for Paris', { tools: [weather, forecast] }))[0]?.name,
    ).toBe('get_forecast');
  });
});

describe('fake model: tool_choice [RAG-TOOL-CHOICE]', () => {
  const choose = (text: string, toolChoice: ToolChoice) => defaultToolCalls(conv(text, { toolChoice }));

  it('none never calls a tool, even when the message asks for one', () => {
    expect(choose('What is the weather in Paris?', { kind: 'none' })).toEqual([]);
  });

  it('required calls the best match, else the first tool', () => {
    expect(choose('Where is order 7?', { kind: 'required' })[0]?.name).toBe('lookupOrder');
    expect(choose('Hello there', { kind: 'required' })).toEqual([
      { name: 'get_weather', arguments: { city: 'Hello there' } },
    ]);
  });

  it('a named tool is called whatever the message says', () => {
    expect(choose('What is the weather in Rome?', { kind: 'tool', name: 'lookupOrder' })).toEqual([
      { name: 'lookupOrder', arguments: { order_id: 1 } },
    ]);
  });

  it('after tool results the model answers instead of calling again [RAG-TOOL-RESULT-CONTINUES]', () => {
    const turns: Turn[] = [
      { role: 'user', text: 'What is the weather in Paris?' },
      {
        role: 'assistant',
        text: '',
        toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
      },
      { role: 'tool', toolCallId: 'call_1', text: '{"temp": 21, "sky": "clear"}', isError: false },
    ];
    const c = conv(turns, { toolChoice: { kind: 'required' } });
    expect(defaultToolCalls(c)).toEqual([]);
    expect(defaultAnswer(c, [])).toBe('Based on get_weather: {"temp": 21, "sky": "clear"}');
  });
});

describe('fake model: answers [FAKE-MODEL-DEFAULT]', () => {
  it('cites the top chunks with markers into sources, in sources order [RAG-SERVER-RETRIEVAL]', () => {
    const text = defaultAnswer(conv('refund?', { knowledgebase: { limit: 3 } }), sources);
    expect(text.startsWith(CITATION_OPENER)).toBe(true);
    expect(citedPositions(text)).toEqual([1, 2]);
    expect(text).toContain(
      'Ask for a refund within 14 days of your first charge. We return the full amount. [1]',
    );
    expect(text).not.toContain('Refunds Ask'); // the chunk's heading line is not quoted
    expect(text.indexOf('[1]')).toBeLessThan(text.indexOf('Annual billing'));
  });

  it('with the knowledgebase but nothing retrieved, says nothing was found', () => {
    expect(defaultAnswer(conv('quantum?', { knowledgebase: { limit: 3 } }), [])).toBe(NOTHING_FOUND);
  });

  it('without the knowledgebase tool, says the answer was given without it', () => {
    const text = defaultAnswer(conv('What are your opening hours?'), []);
    expect(text).toContain('without the knowledgebase');
    expect(text).toContain('What are your opening hours?');
  });

  it('tool results feed the answer with the knowledgebase citations when retrieval ran', () => {
    const turns: Turn[] = [
      { role: 'user', text: 'refund status of order 12' },
      { role: 'assistant', text: '', toolCalls: [{ id: 'c1', name: 'lookupOrder', arguments: {} }] },
      { role: 'tool', toolCallId: 'c1', text: 'x'.repeat(1000), isError: false },
    ];
    const text = defaultAnswer(conv(turns, { knowledgebase: { limit: 2 } }), sources.slice(0, 2));
    expect(text.startsWith('Based on lookupOrder: xxx')).toBe(true);
    expect(text.length).toBeLessThan(700); // the tool result is cut near 300 characters
    expect(citedPositions(text)).toEqual([1, 2]);
  });

  it('a persona in the system prompt signs text answers [AGENT-PROMPT-PERSONA]', () => {
    const c = conv('refund?', { system: 'You are Ava, the Acme assistant.', knowledgebase: { limit: 3 } });
    expect(defaultAnswer(c, sources).startsWith('Ava here. ')).toBe(true);
    expect(defaultAnswer({ ...c, system: 'Be concise.' }, sources).startsWith('Ava')).toBe(false);
  });

  it('the same conversation and sources give the same answer [FAKE-DETERMINISTIC-SEED]', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.boolean(), (question, kb) => {
        const c = conv(question, { knowledgebase: kb ? { limit: 3 } : null });
        expect(defaultAnswer(c, kb ? sources : [])).toBe(
          defaultAnswer(structuredClone(c), kb ? sources : []),
        );
        expect(defaultToolCalls(c)).toEqual(defaultToolCalls(structuredClone(c)));
      }),
      { numRuns: 100 },
    );
  });
});

describe('fake model: stop sequences and max tokens [RAG-MAX-TOKENS]', () => {
  const draft: Draft = { text: 'One. Two. Three. Four.', calls: [] };

  it('cuts the text before the earliest stop sequence and reports it', () => {
    const r = fitReply(t, conv('x', { stopSequences: ['Four', 'Two', ''] }), draft);
    expect(r).toEqual({ text: 'One. ', calls: [], stop: 'stop_sequence', stopSequence: 'Two' });
  });

  it('a stop sequence also ends the turn before any tool call', () => {
    const call = { name: 'get_weather', arguments: { city: 'Oslo' } };
    const r = fitReply(t, conv('x', { stopSequences: ['Two'] }), { text: draft.text, calls: [call] });
    expect(r.calls).toEqual([]);
    expect(r.stop).toBe('stop_sequence');
  });

  it('a tool call that does not fit the budget is dropped, with stop max_tokens', () => {
    const call = { name: 'get_weather', arguments: { city: 'New York' } };
    const cost = outputTokens(t, '', [call]);
    expect(fitReply(t, conv('x', { maxTokens: cost }), { text: '', calls: [call] }).stop).toBe('tool_calls');
    expect(fitReply(t, conv('x', { maxTokens: cost - 1 }), { text: '', calls: [call] })).toEqual({
      text: '',
      calls: [],
      stop: 'max_tokens',
      stopSequence: null,
    });
  });

  it('output tokens never exceed max tokens; the text is a prefix of the unbounded answer', () => {
    const c = conv('What are the refund rules?', { knowledgebase: { limit: 3 } });
    const full = defaultAnswer(c, sources);
    const calls = [{ name: 'lookupOrder', arguments: { order_id: 12 } }];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.boolean(), (maxTokens, withCall) => {
        const d: Draft = { text: full, calls: withCall ? calls : [] };
        const r = fitReply(t, { ...c, maxTokens }, d);
        expect(outputTokens(t, r.text, r.calls)).toBeLessThanOrEqual(maxTokens);
        expect(full.startsWith(r.text)).toBe(true);
        const fits = outputTokens(t, full, d.calls) <= maxTokens;
        expect(r.stop).toBe(fits ? (withCall ? 'tool_calls' : 'end') : 'max_tokens');
        if (fits) expect(r.text).toBe(full);
      }),
      { numRuns: 200 },
    );
  });
});
