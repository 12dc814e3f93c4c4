/**
 * Test support (imported by tests only): builders of the neutral types of conversation.ts, shared by the tests of
 * the wire adapters, the fake model and the domain's completeRag.
 */
import type { RagSource } from '../../contract/requests/rag-sources.js';
import type { Conversation, Dialect, ModelReply, ReplyBlock, StopReason } from './conversation.js';

/** The Conversation of a bare OpenAI-style request (one user message `Hi`, nothing declared), with `over` on top. */
export function conversation(over: Partial<Conversation> = {}): Conversation {
  return {
    dialect: 'openai',
    model: 'gpt-4o-mini',
    system: '',
    turns: [{ role: 'user', text: 'Hi' }],
    tools: [],
    knowledgebase: null,
    toolChoice: { kind: 'auto' },
    maxTokens: null,
    temperature: null,
    stopSequences: [],
    stream: false,
    includeUsage: false,
    ...over,
  };
}

/** The sources every built reply carries unless told otherwise. */
export const replySources: RagSource[] = [
  { point_id: 'doc-1#0', doc_id: 'doc-1', score: 3.5, content: 'Returns are accepted within 30 days.' },
  { point_id: 'doc-2#1', doc_id: 'doc-2', score: 1.25, content: 'Shipping takes two days.' },
];

export const text = (t: string): ReplyBlock => ({ type: 'text', text: t });

export const toolCall = (id: string, name: string, args: Record<string, unknown>): ReplyBlock => ({
  type: 'tool_call',
  call: { id, name, arguments: args },
});

/** What the domain answers on each endpoint: a model of its family and the prefix of its tool call ids. */
const endpoints: Record<Dialect, { model: string; callPrefix: string }> = {
  openai: { model: 'gpt-4o-mini', callPrefix: 'call_' },
  anthropic: { model: 'claude-haiku-4-5', callPrefix: 'toolu_' },
};

/**
 * A builder of ModelReplies as the domain gives them on `dialect`'s endpoint: id `abc123`, 120 tokens in and 17
 * out, `replySources`, no delay or cut; `extra` on top.
 */
export function replyBuilder(dialect: Dialect) {
  return (blocks: ReplyBlock[], stop: StopReason = 'end', extra: Partial<ModelReply> = {}): ModelReply => ({
    id: 'abc123',
    created: 1_767_603_600,
    model: endpoints[dialect].model,
    blocks,
    stop,
    stopSequence: null,
    sources: replySources,
    usage: { input: 120, output: 17 },
    delivery: { delayMs: 0, cut: null },
    ...extra,
  });
}

/**
 * The labelled replies every stream test of an adapter runs: text with a multi-byte character, text then two
 * tool calls (nested arguments), nothing at all (and no sources), and an answer ended by a stop sequence.
 */
export function streamCases(dialect: Dialect): [string, ModelReply][] {
  const reply = replyBuilder(dialect);
  const { callPrefix } = endpoints[dialect];
  return [
    [
      'text',
      reply([text('Returns are accepted within 30 days of delivery, as the policy says. 👍 Keep it.')]),
    ],
    [
      'text then two tool calls',
      reply(
        [
          text('Let me check.'),
          toolCall(`${callPrefix}a`, 'weather', {
            city: 'Zürich',
            days: [1, 2, 3],
            detail: { units: 'metric' },
          }),
          toolCall(`${callPrefix}b`, 'time', {}),
        ],
        'tool_calls',
      ),
    ],
    ['nothing at all', reply([], 'max_tokens', { sources: [] })],
    ['a stop sequence', reply([text('Up to here')], 'stop_sequence', { stopSequence: 'END' })],
  ];
}
