import { describe, expect, it } from 'vitest';
import {
  OpenAIChatCompletion,
  OpenAIChatCompletionChunk,
  type OpenAIChatCompletionRequest,
  type OpenAIMessage,
} from '../../contract/requests/rag-openai.js';
import { refusal } from '../domain/errors.test-support.js';
import type { StopReason } from '../rag/conversation.js';
import {
  toolCall as call,
  conversation,
  replyBuilder,
  replySources,
  streamCases,
  text,
} from '../rag/conversation.test-support.js';
import { openaiChunks, openaiCompletion, openaiConversation } from './openai-wire.js';

const reply = replyBuilder('openai');
const sources = replySources;

const request = (extra: Partial<OpenAIChatCompletionRequest> = {}): OpenAIChatCompletionRequest => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'Hi' }],
  ...extra,
});

describe('openaiConversation [RAG-OPENAI-REQUEST]', () => {
  it('joins system and developer messages, reads text parts, ignores images, keeps tool calls and results', () => {
    const conv = openaiConversation(
      request({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'developer', content: [{ type: 'text', text: 'Cite sources.' }] },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is in this picture?' },
              { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
              { type: 'text', text: 'And the weather?' },
            ],
          },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: 'Sunny' }] },
          { role: 'assistant', content: [{ type: 'text', text: 'It is sunny.' }] },
          { role: 'user', content: 'Thanks' },
        ],
      }),
    );
    expect(conv.dialect).toBe('openai');
    expect(conv.system).toBe('Be brief.\n\nCite sources.');
    expect(conv.turns).toEqual([
      { role: 'user', text: 'What is in this picture?\nAnd the weather?' },
      {
        role: 'assistant',
        text: '',
        toolCalls: [{ id: 'call_1', name: 'weather', arguments: { city: 'Oslo' } }],
      },
      { role: 'tool', toolCallId: 'call_1', text: 'Sunny', isError: false },
      { role: 'assistant', text: 'It is sunny.', toolCalls: [] },
      { role: 'user', text: 'Thanks' },
    ]);
  });

  it('defaults: auto tool choice, no budget, no stop, not streamed', () => {
    expect(openaiConversation(request())).toEqual(conversation());
  });

  it('reads the budget (max_completion_tokens first), stop, temperature and stream options [RAG-MAX-TOKENS]', () => {
    const conv = openaiConversation(
      request({
        max_tokens: 50,
        max_completion_tokens: 20,
        stop: 'END',
        temperature: 0.5,
        stream: true,
        stream_options: { include_usage: true },
      }),
    );
    expect(conv).toMatchObject({
      maxTokens: 20,
      stopSequences: ['END'],
      temperature: 0.5,
      stream: true,
      includeUsage: true,
    });
    expect(openaiConversation(request({ max_tokens: 50, stop: ['a', 'b'] }))).toMatchObject({
      maxTokens: 50,
      stopSequences: ['a', 'b'],
    });
  });

  it('splits function tools from the knowledgebase tool [RAG-KB-TOOL, RAG-TOOL-CHOICE]', () => {
    const conv = openaiConversation(
      request({
        tools: [
          { type: 'service:knowledgebase', parameters: { limit: 4 } },
          {
            type: 'function',
            function: { name: 'weather', description: 'Weather', parameters: { type: 'object' } },
          },
          { type: 'function', function: { name: 'time' } },
        ],
        tool_choice: { type: 'function', function: { name: 'time' } },
      }),
    );
    expect(conv.knowledgebase).toEqual({ limit: 4 });
    expect(conv.tools).toEqual([
      { name: 'weather', description: 'Weather', parameters: { type: 'object' } },
      { name: 'time', description: '', parameters: {} },
    ]);
    expect(conv.toolChoice).toEqual({ kind: 'tool', name: 'time' });
    expect(openaiConversation(request({ tool_choice: 'none' })).toolChoice).toEqual({ kind: 'none' });
    expect(
      openaiConversation(
        request({ tools: [{ type: 'function', function: { name: 'x' } }], tool_choice: 'required' }),
      ).toolChoice,
    ).toEqual({ kind: 'required' });
  });

  describe('refuses, like the native API, with a 400 naming the param [RAG-BAD-REQUEST-400]', () => {
    const assistantCall = (args: string): OpenAIMessage => ({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'f', arguments: args } }],
    });

    it('tool call arguments that are not a JSON object, each in its own words', () => {
      const param = 'messages[1].tool_calls[0].function.arguments';
      const cases = [
        ['{not json', 'are not valid JSON'],
        ['[1,2]', 'must be a JSON object'],
        ['42', 'must be a JSON object'],
        ['null', 'must be a JSON object'],
      ] as const;
      for (const [args, says] of cases) {
        const r = refusal(() =>
          openaiConversation(request({ messages: [{ role: 'user', content: 'x' }, assistantCall(args)] })),
        );
        expect(r).toMatchObject({ status: 400, param });
        expect(r.message).toBe(`Invalid '${param}': the arguments of tool call 'call_9' ${says}.`);
      }
    });

    it('a tool message that answers no tool call of the assistant message before it', () => {
      const orphan = refusal(() =>
        openaiConversation(
          request({
            messages: [
              { role: 'user', content: 'x' },
              { role: 'tool', tool_call_id: 'call_9', content: 'r' },
            ],
          }),
        ),
      );
      expect(orphan).toMatchObject({ status: 400, param: 'messages[1].tool_call_id' });
      expect(orphan.message).toMatch(/tool_call_id.*call_9/);
      const wrongId = refusal(() =>
        openaiConversation(
          request({
            messages: [assistantCall('{}'), { role: 'tool', tool_call_id: 'call_other', content: 'r' }],
          }),
        ),
      );
      expect(wrongId).toMatchObject({ status: 400, param: 'messages[1].tool_call_id' });
      const afterUser = refusal(() =>
        openaiConversation(
          request({
            messages: [
              assistantCall('{}'),
              { role: 'user', content: 'hm' },
              { role: 'tool', tool_call_id: 'call_9', content: 'r' },
            ],
          }),
        ),
      );
      expect(afterUser).toMatchObject({ status: 400, param: 'messages[2].tool_call_id' });
    });

    it('two knowledgebase tools, saying only one may be declared', () => {
      const kb = { type: 'service:knowledgebase', parameters: { limit: 3 } } as const;
      expect(refusal(() => openaiConversation(request({ tools: [kb, kb] })))).toMatchObject({
        status: 400,
        param: 'tools',
        message: "Invalid 'tools': only one 'service:knowledgebase' tool may be declared.",
      });
    });

    it('a named tool choice that is not declared, and `required` with no function tool, each saying why [RAG-TOOL-CHOICE]', () => {
      expect(
        refusal(() =>
          openaiConversation(request({ tool_choice: { type: 'function', function: { name: 'ghost' } } })),
        ),
      ).toMatchObject({
        status: 400,
        param: 'tool_choice',
        message: "Invalid value for 'tool_choice': function 'ghost' is not declared in 'tools'.",
      });
      expect(
        refusal(() =>
          openaiConversation(
            request({
              tools: [{ type: 'service:knowledgebase', parameters: { limit: 3 } }],
              tool_choice: 'required',
            }),
          ),
        ),
      ).toMatchObject({
        status: 400,
        param: 'tool_choice',
        message:
          "Invalid value for 'tool_choice': 'required' is only allowed when 'tools' declares a function.",
      });
    });
  });
});

describe('openaiCompletion [RAG-RESPONSE-NATIVE, RAG-SOURCES-ALWAYS]', () => {
  it('a text answer: native chat.completion with sources', () => {
    const body = openaiCompletion(reply([text('Returns take 30 days.')]));
    expect(OpenAIChatCompletion.parse(body)).toBeTruthy();
    expect(body).toMatchObject({
      id: 'chatcmpl-abc123',
      object: 'chat.completion',
      created: 1_767_603_600,
      model: 'gpt-4o-mini',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Returns take 30 days.', refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 120, completion_tokens: 17, total_tokens: 137 },
      sources,
    });
    expect(body.choices[0]!.message).not.toHaveProperty('tool_calls');
  });

  it('tool calls: content null, arguments as JSON strings, finish_reason tool_calls [RAG-USER-TOOLS-RETURNED]', () => {
    const body = openaiCompletion(reply([call('call_a', 'weather', { city: 'Oslo' })], 'tool_calls'));
    expect(OpenAIChatCompletion.parse(body)).toBeTruthy();
    expect(body.choices[0]).toMatchObject({
      message: {
        content: null,
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } },
        ],
      },
      finish_reason: 'tool_calls',
    });
  });

  it('maps every stop reason [RAG-MAX-TOKENS]', () => {
    const finish = (stop: StopReason) => openaiCompletion(reply([text('x')], stop)).choices[0]!.finish_reason;
    expect(finish('end')).toBe('stop');
    expect(finish('stop_sequence')).toBe('stop');
    expect(finish('max_tokens')).toBe('length');
    expect(finish('tool_calls')).toBe('tool_calls');
  });
});

/** What a client builds from the chunks, by the native accumulation rules. */
function accumulate(chunks: ReturnType<typeof openaiChunks>) {
  let content: string | null = null;
  let role: string | undefined;
  let finish: string | null = null;
  let usage: unknown = null;
  let sources: unknown;
  const calls: { id?: string; type?: string; function: { name: string; arguments: string } }[] = [];
  for (const chunk of chunks) {
    if (chunk.sources) sources = chunk.sources;
    if (chunk.usage) usage = chunk.usage;
    for (const choice of chunk.choices) {
      const d = choice.delta;
      if (d.role) role = d.role;
      if (d.content) content = (content ?? '') + d.content;
      for (const t of d.tool_calls ?? []) {
        calls[t.index] ??= { function: { name: '', arguments: '' } };
        const c = calls[t.index]!;
        if (t.id) c.id = t.id;
        if (t.type) c.type = t.type;
        if (t.function?.name) c.function.name = t.function.name;
        if (t.function?.arguments) c.function.arguments += t.function.arguments;
      }
      if (choice.finish_reason) finish = choice.finish_reason;
    }
  }
  return {
    message: { role, content, ...(calls.length > 0 ? { tool_calls: calls } : {}), refusal: null },
    finish,
    usage,
    sources,
  };
}

describe('openaiChunks [RAG-OPENAI-STREAM, RAG-STREAM-SOURCES, RAG-STREAM-EQUALS-BODY]', () => {
  const replies = streamCases('openai');

  for (const [label, r] of replies) {
    for (const includeUsage of [false, true]) {
      it(`${label}${includeUsage ? ', with usage' : ''}: every chunk parses and they accumulate to the body`, () => {
        const chunks = openaiChunks(r, includeUsage);
        for (const c of chunks) OpenAIChatCompletionChunk.parse(c);
        const body = openaiCompletion(r);
        const acc = accumulate(chunks);
        expect(acc.message).toEqual(body.choices[0]!.message);
        expect(acc.finish).toBe(body.choices[0]!.finish_reason);
        expect(acc.sources).toEqual(body.sources);
        expect(acc.usage).toEqual(includeUsage ? body.usage : null);
        expect(new Set(chunks.map((c) => c.id))).toEqual(new Set([body.id]));
      });
    }
  }

  it('role and sources first, then content, then per call its header fragment and argument pieces, then the finish', () => {
    const r = reply(
      [text('One two three four.'), call('call_a', 'weather', { city: 'A very long city name indeed' })],
      'tool_calls',
    );
    const chunks = openaiChunks(r, false);
    const deltas = chunks.map((c) => c.choices[0]?.delta);
    expect(chunks[0]).toMatchObject({
      sources,
      choices: [{ delta: { role: 'assistant', content: '' }, finish_reason: null }],
    });
    expect(chunks.slice(1).every((c) => !('sources' in c))).toBe(true);
    expect(deltas.slice(1, 3)).toEqual([{ content: 'One two three ' }, { content: 'four.' }]);
    expect(deltas[3]).toEqual({
      tool_calls: [
        { index: 0, id: 'call_a', type: 'function', function: { name: 'weather', arguments: '' } },
      ],
    });
    const argPieces = deltas.slice(4, -1);
    expect(argPieces.length).toBeGreaterThan(1);
    for (const d of argPieces) expect(Object.keys(d!.tool_calls![0]!)).toEqual(['index', 'function']);
    expect(chunks.at(-1)!.choices[0]).toMatchObject({ delta: {}, finish_reason: 'tool_calls' });
    expect(chunks.every((c) => !('usage' in c))).toBe(true);
  });

  it('with include_usage: usage null on every chunk, and a last chunk with no choices carries it', () => {
    const chunks = openaiChunks(reply([text('Hi')]), true);
    expect(chunks.slice(0, -1).every((c) => c.usage === null && c.choices.length === 1)).toBe(true);
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 120, completion_tokens: 17, total_tokens: 137 },
    });
  });
});
