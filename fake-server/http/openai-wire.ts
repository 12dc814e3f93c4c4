/**
 * The OpenAI-style wire format (POST {base_url}/openai/chat/completions): a native Chat Completions request into
 * the neutral Conversation, and a ModelReply back into a native `chat.completion` body or a stream of
 * `chat.completion.chunk` objects (RAG-OPENAI-STREAM). Pure functions; the router writes the SSE framing.
 */
import type {
  OpenAIChatCompletion,
  OpenAIChatCompletionChunk,
  OpenAIChatCompletionRequest,
  OpenAIFinishReason,
  OpenAIFunctionTool,
  OpenAIImagePart,
  OpenAIMessage,
  OpenAITextPart,
  OpenAIToolCall,
  OpenAIToolChoice,
} from '../../contract/requests/rag-openai.js';
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

/** A 400 whose `param` (the error detail's path) names the offending field, as the native API does. */
const invalid = (param: string, message: string) => invalidParams([{ path: param, message }], message);

/** The system fingerprint every answer of the fake carries. */
export const SYSTEM_FINGERPRINT = 'fp_chatbot_fake';

type TextContent = string | readonly (OpenAITextPart | OpenAIImagePart)[] | null | undefined;

/** Text of a content string or of its text parts (other parts, such as images, are not read). */
function textOf(content: TextContent): string {
  if (content == null) return '';
  if (typeof content === 'string') return content;
  return content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
}

function parseArguments(call: OpenAIToolCall, param: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(call.function.arguments);
  } catch {
    throw invalid(param, `Invalid '${param}': the arguments of tool call '${call.id}' are not valid JSON.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid(
      param,
      `Invalid '${param}': the arguments of tool call '${call.id}' must be a JSON object.`,
    );
  }
  return parsed as Record<string, unknown>;
}

interface Transcript {
  system: string[];
  turns: Turn[];
}

/** Messages into the system prompt and turns; a tool message must answer the assistant turn just before it. */
function transcript(messages: readonly OpenAIMessage[]): Transcript {
  const out: Transcript = { system: [], turns: [] };
  const pending = new PendingToolCalls();
  messages.forEach((m, i) => {
    if (m.role !== 'tool') pending.close();
    switch (m.role) {
      case 'system':
      case 'developer':
        out.system.push(textOf(m.content));
        return;
      case 'user':
        out.turns.push({ role: 'user', text: textOf(m.content) });
        return;
      case 'assistant': {
        const toolCalls: ToolCall[] = (m.tool_calls ?? []).map((call, j) => ({
          id: call.id,
          name: call.function.name,
          arguments: parseArguments(call, `messages[${i}].tool_calls[${j}].function.arguments`),
        }));
        pending.open(toolCalls);
        out.turns.push({ role: 'assistant', text: textOf(m.content), toolCalls });
        return;
      }
      case 'tool': {
        pending.answer(m.tool_call_id, () =>
          invalid(
            `messages[${i}].tool_call_id`,
            `Invalid parameter: 'tool_call_id' of '${m.tool_call_id}' does not answer a tool call of the preceding assistant message: messages with role 'tool' must be a response to a preceding message with 'tool_calls'.`,
          ),
        );
        out.turns.push({ role: 'tool', toolCallId: m.tool_call_id, text: textOf(m.content), isError: false });
        return;
      }
    }
  });
  return out;
}

const userTool = (tool: OpenAIFunctionTool): ToolSpec => ({
  name: tool.function.name,
  description: tool.function.description ?? '',
  parameters: tool.function.parameters ?? {},
});

const toolRefusals: ToolRefusals = {
  secondKnowledgebase: () =>
    invalid('tools', "Invalid 'tools': only one 'service:knowledgebase' tool may be declared."),
  nothingToRequire: () =>
    invalid(
      'tool_choice',
      "Invalid value for 'tool_choice': 'required' is only allowed when 'tools' declares a function.",
    ),
  undeclared: (name) =>
    invalid('tool_choice', `Invalid value for 'tool_choice': function '${name}' is not declared in 'tools'.`),
};

function toolChoiceOf(choice: OpenAIToolChoice | undefined): ToolChoice {
  if (choice === undefined || choice === 'auto') return { kind: 'auto' };
  if (choice === 'none') return { kind: 'none' };
  if (choice === 'required') return { kind: 'required' };
  return { kind: 'tool', name: choice.function.name };
}

/** A validated native request as the neutral Conversation; a native-sounding 400 for what the schema cannot say. */
export function openaiConversation(body: OpenAIChatCompletionRequest): Conversation {
  const { system, turns } = transcript(body.messages);
  const { tools, knowledgebase } = declaredTools(body.tools, userTool, toolRefusals);
  const stop = body.stop ?? [];
  return {
    dialect: 'openai',
    model: body.model,
    system: system.join('\n\n'),
    turns,
    tools,
    knowledgebase,
    toolChoice: checkedToolChoice(toolChoiceOf(body.tool_choice), tools, toolRefusals),
    maxTokens: body.max_completion_tokens ?? body.max_tokens ?? null,
    temperature: body.temperature ?? null,
    stopSequences: typeof stop === 'string' ? [stop] : [...stop],
    stream: body.stream ?? false,
    includeUsage: body.stream_options?.include_usage ?? false,
  };
}

// ---- Answers --------------------------------------------------------------------------------------------

const finishReasons: Record<StopReason, OpenAIFinishReason> = {
  end: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  tool_calls: 'tool_calls',
};

export const openaiFinishReason = (stop: StopReason): OpenAIFinishReason => finishReasons[stop];

const replyText = (reply: ModelReply): string =>
  reply.blocks.map((b) => (b.type === 'text' ? b.text : '')).join('');

const replyCalls = (reply: ModelReply): ToolCall[] =>
  reply.blocks.flatMap((b) => (b.type === 'tool_call' ? [b.call] : []));

const nativeCall = (call: ToolCall): OpenAIToolCall => ({
  id: call.id,
  type: 'function',
  function: { name: call.name, arguments: JSON.stringify(call.arguments) },
});

const usageOf = (reply: ModelReply) => ({
  prompt_tokens: reply.usage.input,
  completion_tokens: reply.usage.output,
  total_tokens: reply.usage.input + reply.usage.output,
});

const header = (reply: ModelReply) => ({
  id: `chatcmpl-${reply.id}`,
  created: reply.created,
  model: reply.model,
  system_fingerprint: SYSTEM_FINGERPRINT,
});

/** The non-streamed answer: a native `chat.completion` plus `sources`. */
export function openaiCompletion(reply: ModelReply): OpenAIChatCompletion {
  const text = replyText(reply);
  const calls = replyCalls(reply);
  const { id, created, model, system_fingerprint } = header(reply);
  return {
    id,
    object: 'chat.completion',
    created,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text === '' ? null : text,
          ...(calls.length > 0 ? { tool_calls: calls.map(nativeCall) } : {}),
          refusal: null,
        },
        finish_reason: openaiFinishReason(reply.stop),
        logprobs: null,
      },
    ],
    usage: usageOf(reply),
    system_fingerprint,
    sources: reply.sources,
  };
}

type Delta = OpenAIChatCompletionChunk['choices'][number]['delta'];

/**
 * The streamed answer as chunks: role first (with `sources`, RAG-STREAM-SOURCES), then content pieces, then per
 * tool call a fragment with index, id, type and name followed by argument pieces, then an empty delta with the
 * finish reason; with `includeUsage` every chunk has `usage: null` and a last chunk with no choices has the usage.
 * The SSE writer adds `data: [DONE]`.
 */
export function openaiChunks(reply: ModelReply, includeUsage: boolean): OpenAIChatCompletionChunk[] {
  const base = {
    ...header(reply),
    object: 'chat.completion.chunk' as const,
    ...(includeUsage ? { usage: null } : {}),
  };
  const chunk = (delta: Delta, finish: OpenAIFinishReason | null = null): OpenAIChatCompletionChunk => ({
    ...base,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });

  const chunks: OpenAIChatCompletionChunk[] = [
    { ...chunk({ role: 'assistant', content: '', refusal: null }), sources: reply.sources },
  ];
  for (const piece of textPieces(replyText(reply))) chunks.push(chunk({ content: piece }));
  replyCalls(reply).forEach((call, index) => {
    chunks.push(
      chunk({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
      }),
    );
    for (const piece of jsonPieces(JSON.stringify(call.arguments))) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  chunks.push(chunk({}, openaiFinishReason(reply.stop)));
  if (includeUsage) chunks.push({ ...base, choices: [], usage: usageOf(reply) });
  return chunks;
}
