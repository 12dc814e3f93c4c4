/**
 * The Anthropic-style wire format (POST {base_url}/anthropic/v1/messages): a native Messages request into the
 * neutral Conversation, and a ModelReply back into a native `message` body or its stream of named events
 * (RAG-ANTHROPIC-STREAM). Pure functions; the router writes the SSE framing.
 */
import type {
  AnthropicContentBlock,
  AnthropicCustomTool,
  AnthropicMessage,
  AnthropicMessageParam,
  AnthropicMessagesRequest,
  AnthropicStopReason,
  AnthropicStreamEvent,
  AnthropicToolChoice,
  AnthropicToolResultBlockParam,
} from '../../contract/requests/rag-anthropic.js';
import { invalidParams } from '../domain/errors.js';
import type {
  Conversation,
  ModelReply,
  StopReason,
  ToolCall,
  ToolChoice,
  ToolSpec,
  Turn,
} from '../rag/conversation.js';
import { jsonPieces, textPieces } from '../rag/stream-pieces.js';
import { PendingToolCalls } from '../rag/tool-results.js';
import { checkedToolChoice, declaredTools, type ToolRefusals } from './declared-tools.js';

/** A 400 whose message starts with the offending field's path, as the native API words it. */
const invalid = (path: string, message: string) =>
  // Stryker disable next-line ObjectLiteral,ArrayDeclaration: equivalent; the Anthropic error body shows no field details (sendRagError gives this dialect no param), only the message
  invalidParams([{ path, message }], path ? `${path}: ${message}` : message);

type Blocks = readonly { type: string; text?: string }[];

const textOfBlocks = (blocks: Blocks): string =>
  blocks
    .filter((b) => b.type === 'text')
    .map((b) => b.text ?? '')
    .join('\n');

const textOf = (content: string | Blocks | undefined): string =>
  content === undefined ? '' : typeof content === 'string' ? content : textOfBlocks(content);

function toolTurn(block: AnthropicToolResultBlockParam): Turn {
  return {
    role: 'tool',
    toolCallId: block.tool_use_id,
    text: textOf(block.content),
    isError: block.is_error ?? false,
  };
}

/**
 * Messages into turns. A user message's tool_result blocks become tool turns (first, as the native API wants them
 * first) and its text blocks one user turn; each tool_result must answer a tool_use of the assistant message just
 * before it.
 */
function turnsOf(messages: readonly AnthropicMessageParam[]): Turn[] {
  const turns: Turn[] = [];
  const pending = new PendingToolCalls();
  messages.forEach((m, i) => {
    if (m.role === 'assistant') {
      const blocks = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
      const toolCalls: ToolCall[] = blocks.flatMap((b) =>
        b.type === 'tool_use' ? [{ id: b.id, name: b.name, arguments: b.input }] : [],
      );
      pending.open(toolCalls);
      turns.push({ role: 'assistant', text: textOf(blocks), toolCalls });
      return;
    }
    if (typeof m.content === 'string') {
      turns.push({ role: 'user', text: m.content });
    } else {
      m.content.forEach((b, j) => {
        if (b.type !== 'tool_result') return;
        pending.answer(b.tool_use_id, () =>
          invalid(
            `messages.${i}.content.${j}`,
            `unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${b.tool_use_id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
          ),
        );
        turns.push(toolTurn(b));
      });
      const text = textOfBlocks(m.content);
      if (text !== '' || !m.content.some((b) => b.type === 'tool_result')) turns.push({ role: 'user', text });
    }
    pending.close();
  });
  return turns;
}

const userTool = (tool: AnthropicCustomTool): ToolSpec => ({
  name: tool.name,
  description: tool.description ?? '',
  parameters: tool.input_schema,
});

const toolRefusals: ToolRefusals = {
  secondKnowledgebase: () => invalid('tools', "only one 'service:knowledgebase' tool may be declared"),
  nothingToRequire: () => invalid('tool_choice', "tool_choice 'any' requires at least one tool in `tools`"),
  undeclared: (name) => invalid('tool_choice', `tool '${name}' is not declared in \`tools\``),
};

function toolChoiceOf(choice: AnthropicToolChoice | undefined): ToolChoice {
  switch (choice?.type) {
    case undefined:
    case 'auto':
      return { kind: 'auto' };
    case 'none':
      return { kind: 'none' };
    case 'any':
      return { kind: 'required' };
    case 'tool':
      return { kind: 'tool', name: choice.name };
  }
}

/** A validated native request as the neutral Conversation; a native-sounding 400 for what the schema cannot say. */
export function anthropicConversation(body: AnthropicMessagesRequest): Conversation {
  const { tools, knowledgebase } = declaredTools(body.tools, userTool, toolRefusals);
  return {
    dialect: 'anthropic',
    model: body.model,
    system: textOf(body.system),
    turns: turnsOf(body.messages),
    tools,
    knowledgebase,
    toolChoice: checkedToolChoice(toolChoiceOf(body.tool_choice), tools, toolRefusals),
    maxTokens: body.max_tokens,
    temperature: body.temperature ?? null,
    stopSequences: body.stop_sequences ?? [],
    stream: body.stream ?? false,
    includeUsage: false,
  };
}

// ---- Answers --------------------------------------------------------------------------------------------

const stopReasons: Record<StopReason, AnthropicStopReason> = {
  end: 'end_turn',
  max_tokens: 'max_tokens',
  tool_calls: 'tool_use',
  stop_sequence: 'stop_sequence',
};

export const anthropicStopReason = (stop: StopReason): AnthropicStopReason => stopReasons[stop];

const contentOf = (reply: ModelReply): AnthropicContentBlock[] =>
  reply.blocks.map((b) =>
    b.type === 'text'
      ? { type: 'text', text: b.text }
      : { type: 'tool_use', id: b.call.id, name: b.call.name, input: b.call.arguments },
  );

const stopSequenceOf = (reply: ModelReply): string | null =>
  reply.stop === 'stop_sequence' ? reply.stopSequence : null;

const usageOf = (input: number, output: number) => ({
  input_tokens: input,
  output_tokens: output,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
});

/** The non-streamed answer: a native `message` plus `sources`. */
export function anthropicMessage(reply: ModelReply): AnthropicMessage {
  return {
    id: `msg_${reply.id}`,
    type: 'message',
    role: 'assistant',
    model: reply.model,
    content: contentOf(reply),
    stop_reason: anthropicStopReason(reply.stop),
    stop_sequence: stopSequenceOf(reply),
    usage: usageOf(reply.usage.input, reply.usage.output),
    sources: reply.sources,
  };
}

/** One content block as its start, delta and stop events. */
function blockEvents(block: AnthropicContentBlock, index: number): AnthropicStreamEvent[] {
  const events: AnthropicStreamEvent[] = [];
  if (block.type === 'text') {
    events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
    for (const text of textPieces(block.text)) {
      events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
    }
  } else {
    events.push({ type: 'content_block_start', index, content_block: { ...block, input: {} } });
    for (const partial_json of jsonPieces(JSON.stringify(block.input))) {
      events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
    }
  }
  events.push({ type: 'content_block_stop', index });
  return events;
}

/**
 * The streamed answer as named events in the native order: message_start (empty content, stop_reason null,
 * output_tokens 0, `sources`: RAG-STREAM-SOURCES), a ping, each block's start/deltas/stop, message_delta with the
 * stop reason and the final usage, message_stop.
 */
export function anthropicEvents(reply: ModelReply): AnthropicStreamEvent[] {
  const { content, stop_reason, stop_sequence, usage, ...message } = anthropicMessage(reply);
  return [
    {
      type: 'message_start',
      message: {
        ...message,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: usageOf(reply.usage.input, 0),
      },
    },
    { type: 'ping' },
    ...content.flatMap(blockEvents),
    {
      type: 'message_delta',
      delta: { stop_reason, stop_sequence },
      usage: { output_tokens: usage.output_tokens, input_tokens: usage.input_tokens },
    },
    { type: 'message_stop' },
  ];
}
