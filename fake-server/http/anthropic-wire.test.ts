import { describe, expect, it } from 'vitest';
import {
  AnthropicMessage,
  type AnthropicMessagesRequest,
  AnthropicStreamEvent,
} from '../../contract/requests/rag-anthropic.js';
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
import { anthropicConversation, anthropicEvents, anthropicMessage } from './anthropic-wire.js';

const reply = replyBuilder('anthropic');
const sources = replySources;

const request = (extra: Partial<AnthropicMessagesRequest> = {}): AnthropicMessagesRequest => ({
  model: 'claude-haiku-4-5',
  max_tokens: 256,
  messages: [{ role: 'user', content: 'Hi' }],
  ...extra,
});

type AnthropicUserContent = Exclude<
  Extract<AnthropicMessagesRequest['messages'][number], { role: 'user' }>['content'],
  string
>;

const weatherTool = { name: 'weather', description: 'Weather', input_schema: { type: 'object' as const } };

describe('anthropicConversation [RAG-ANTHROPIC-REQUEST]', () => {
  it('reads system blocks, text and tool_result blocks, and assistant tool_use blocks', () => {
    const conv = anthropicConversation(
      request({
        system: [
          { type: 'text', text: 'Be brief.' },
          { type: 'text', text: 'Cite sources.' },
        ],
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Checking.' },
              { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Oslo' } },
              { type: 'tool_use', id: 'toolu_2', name: 'weather', input: { city: 'Bergen' } },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny' },
              {
                type: 'tool_result',
                tool_use_id: 'toolu_2',
                content: [
                  { type: 'text', text: 'Rain' },
                  { type: 'text', text: 'and wind' },
                ],
                is_error: true,
              },
              { type: 'text', text: 'Summarise please.' },
            ],
          },
          { role: 'assistant', content: 'Oslo sunny, Bergen unknown.' },
        ],
      }),
    );
    expect(conv.dialect).toBe('anthropic');
    expect(conv.system).toBe('Be brief.\nCite sources.');
    expect(conv.turns).toEqual([
      { role: 'user', text: 'Weather in Oslo?' },
      {
        role: 'assistant',
        text: 'Checking.',
        toolCalls: [
          { id: 'toolu_1', name: 'weather', arguments: { city: 'Oslo' } },
          { id: 'toolu_2', name: 'weather', arguments: { city: 'Bergen' } },
        ],
      },
      { role: 'tool', toolCallId: 'toolu_1', text: 'Sunny', isError: false },
      { role: 'tool', toolCallId: 'toolu_2', text: 'Rain\nand wind', isError: true },
      { role: 'user', text: 'Summarise please.' },
      { role: 'assistant', text: 'Oslo sunny, Bergen unknown.', toolCalls: [] },
    ]);
  });

  /** The turns of a question, an assistant tool_use toolu_1, and a user message of `content`. */
  const turnsAfterToolUse = (content: AnthropicUserContent) =>
    anthropicConversation(
      request({
        messages: [
          { role: 'user', content: 'Weather?' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} }] },
          { role: 'user', content },
        ],
      }),
    ).turns;

  it('a user message of tool results only gives tool turns and no empty user turn', () => {
    const turns = turnsAfterToolUse([{ type: 'tool_result', tool_use_id: 'toolu_1' }]);
    expect(turns.at(-1)).toEqual({ role: 'tool', toolCallId: 'toolu_1', text: '', isError: false });
    expect(turns).toHaveLength(3);
  });

  it('tool results beside blocks without text (an image) give no empty user turn either', () => {
    const turns = turnsAfterToolUse([
      { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
    ]);
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('a user message of blocks without text and without tool results (an image) is still a user turn', () => {
    const conv = anthropicConversation(
      request({
        messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'url', url: 'x' } }] }],
      }),
    );
    expect(conv.turns).toEqual([{ role: 'user', text: '' }]);
  });

  it('reads max_tokens, stop_sequences, temperature, stream; system string [RAG-MAX-TOKENS]', () => {
    expect(
      anthropicConversation(
        request({ system: 'Sys', max_tokens: 7, stop_sequences: ['END'], temperature: 0.3, stream: true }),
      ),
    ).toMatchObject({
      system: 'Sys',
      maxTokens: 7,
      stopSequences: ['END'],
      temperature: 0.3,
      stream: true,
      includeUsage: false,
      toolChoice: { kind: 'auto' },
      knowledgebase: null,
    });
    expect(anthropicConversation(request())).toEqual(
      conversation({ dialect: 'anthropic', model: 'claude-haiku-4-5', maxTokens: 256 }),
    );
  });

  it('custom tools, the knowledgebase tool and every tool_choice [RAG-KB-TOOL, RAG-TOOL-CHOICE]', () => {
    const tools: AnthropicMessagesRequest['tools'] = [
      { type: 'service:knowledgebase', parameters: { limit: 2 } },
      weatherTool,
      { type: 'custom', name: 'time', input_schema: { type: 'object', properties: {} } },
    ];
    const conv = anthropicConversation(request({ tools }));
    expect(conv.knowledgebase).toEqual({ limit: 2 });
    expect(conv.tools).toEqual([
      { name: 'weather', description: 'Weather', parameters: { type: 'object' } },
      { name: 'time', description: '', parameters: { type: 'object', properties: {} } },
    ]);
    const choice = (tool_choice: AnthropicMessagesRequest['tool_choice']) =>
      anthropicConversation(request({ tools, tool_choice })).toolChoice;
    expect(choice({ type: 'auto' })).toEqual({ kind: 'auto' });
    expect(choice({ type: 'any' })).toEqual({ kind: 'required' });
    expect(choice({ type: 'none' })).toEqual({ kind: 'none' });
    expect(choice({ type: 'tool', name: 'time' })).toEqual({ kind: 'tool', name: 'time' });
  });

  describe('refuses, like the native API, with a 400 [RAG-BAD-REQUEST-400]', () => {
    it('a tool_result that answers no tool_use of the previous message', () => {
      const r = refusal(() =>
        anthropicConversation(
          request({
            messages: [
              { role: 'user', content: 'x' },
              {
                role: 'assistant',
                content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} }],
              },
              { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'r' }] },
            ],
          }),
        ),
      );
      expect(r.status).toBe(400);
      expect(r.message).toMatch(/^messages\.2\.content\.0: .*toolu_9/);
      const first = refusal(() =>
        anthropicConversation(
          request({
            messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1' }] }],
          }),
        ),
      );
      expect(first.status).toBe(400);
    });

    it('two knowledgebase tools, an undeclared named tool, `any` with no custom tool [RAG-TOOL-CHOICE]', () => {
      const kb = { type: 'service:knowledgebase', parameters: { limit: 3 } } as const;
      expect(refusal(() => anthropicConversation(request({ tools: [kb, kb] }))).message).toBe(
        "tools: only one 'service:knowledgebase' tool may be declared",
      );
      expect(
        refusal(() =>
          anthropicConversation(
            request({ tools: [weatherTool], tool_choice: { type: 'tool', name: 'ghost' } }),
          ),
        ).message,
      ).toMatch(/^tool_choice: .*ghost/);
      expect(
        refusal(() => anthropicConversation(request({ tools: [kb], tool_choice: { type: 'any' } }))),
      ).toMatchObject({
        status: 400,
        message: "tool_choice: tool_choice 'any' requires at least one tool in `tools`",
      });
    });
  });
});

describe('anthropicMessage [RAG-RESPONSE-NATIVE, RAG-SOURCES-ALWAYS]', () => {
  it('text and tool_use blocks, stop_reason, usage and sources; parses with the contract', () => {
    const body = anthropicMessage(
      reply([text('Checking.'), call('toolu_a', 'weather', { city: 'Oslo' })], 'tool_calls'),
    );
    expect(AnthropicMessage.parse(body)).toBeTruthy();
    expect(body).toMatchObject({
      id: 'msg_abc123',
      type: 'message',
      role: 'assistant',
      model: 'claude-haiku-4-5',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'toolu_a', name: 'weather', input: { city: 'Oslo' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 120, output_tokens: 17 },
      sources,
    });
  });

  it('maps every stop reason, and names the stop sequence only when one ended the answer [RAG-MAX-TOKENS]', () => {
    const stop = (s: StopReason, seq: string | null = null) => {
      const b = anthropicMessage(reply([text('x')], s, { stopSequence: seq }));
      return [b.stop_reason, b.stop_sequence];
    };
    expect(stop('end')).toEqual(['end_turn', null]);
    expect(stop('max_tokens')).toEqual(['max_tokens', null]);
    expect(stop('tool_calls')).toEqual(['tool_use', null]);
    expect(stop('stop_sequence', 'END')).toEqual(['stop_sequence', 'END']);
    // A reply that ran into max_tokens (or ended) keeps stop_sequence null, whatever sequence it was given.
    expect(stop('max_tokens', 'END')).toEqual(['max_tokens', null]);
    expect(stop('end', 'END')).toEqual(['end_turn', null]);
  });
});

/** What a client builds from the events, by the native accumulation rules. */
function accumulate(events: ReturnType<typeof anthropicEvents>) {
  let message: Record<string, unknown> | undefined;
  const content: Record<string, unknown>[] = [];
  const json: string[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'message_start':
        message = structuredClone(e.message) as Record<string, unknown>;
        break;
      case 'content_block_start':
        content[e.index] = { ...e.content_block };
        json[e.index] = '';
        break;
      case 'content_block_delta':
        if (e.delta.type === 'text_delta') content[e.index]!.text += e.delta.text;
        else json[e.index] += e.delta.partial_json;
        break;
      case 'content_block_stop':
        if (content[e.index]!.type === 'tool_use') content[e.index]!.input = JSON.parse(json[e.index]!);
        break;
      case 'message_delta':
        message = {
          ...message,
          stop_reason: e.delta.stop_reason,
          stop_sequence: e.delta.stop_sequence,
          usage: { ...(message!.usage as object), ...e.usage },
        };
        break;
    }
  }
  return { ...message, content };
}

describe('anthropicEvents [RAG-ANTHROPIC-STREAM, RAG-STREAM-SOURCES, RAG-STREAM-EQUALS-BODY]', () => {
  const replies = streamCases('anthropic');

  for (const [label, r] of replies) {
    it(`${label}: every event parses and they accumulate to the body`, () => {
      const events = anthropicEvents(r);
      for (const e of events) AnthropicStreamEvent.parse(e);
      expect(accumulate(events)).toEqual(anthropicMessage(r));
    });
  }

  it('the native order: message_start (sources, no content, output 0), ping, blocks, message_delta, message_stop', () => {
    const events = anthropicEvents(
      reply(
        [text('One two three four.'), call('toolu_a', 'weather', { city: 'A very long city name indeed' })],
        'tool_calls',
      ),
    );
    expect(events[0]).toMatchObject({
      type: 'message_start',
      message: {
        id: 'msg_abc123',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 120, output_tokens: 0 },
        sources,
      },
    });
    expect(events.map((e) => (e.type === 'content_block_delta' ? `delta:${e.delta.type}` : e.type))).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'delta:text_delta',
      'delta:text_delta',
      'content_block_stop',
      'content_block_start',
      'delta:input_json_delta',
      'delta:input_json_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[6]).toEqual({
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id: 'toolu_a', name: 'weather', input: {} },
    });
    expect(events.at(-2)).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { output_tokens: 17, input_tokens: 120 },
    });
  });
});
