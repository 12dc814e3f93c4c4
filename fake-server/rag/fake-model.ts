/**
 * The fake model's default behaviour (FAKE-MODEL-DEFAULT), deterministic: the same conversation and sources give
 * the same answer.
 *   - After tool results, it answers with them ("Based on get_weather: …"), citing retrieved chunks if any.
 *   - Else, when the last user message asks for what a declared user tool does (per tool_choice), it calls it.
 *   - Else it answers from the retrieved chunks, citing them [1], [2]; or, without the knowledgebase tool, says it
 *     answered without the knowledgebase.
 * A persona named in the system prompt signs text answers. `fitReply` then applies stop sequences and the output
 * token budget (RAG-MAX-TOKENS).
 */
import type { RagSource } from '../../contract/requests/rag-sources.js';
import { toolCallTokens, type UsageToolCall } from '../../contract/requests/rag-usage.js';
import { NOTHING_FOUND, personaOf } from './canned-agent.js';
import { citedAnswer, citedSentences } from './citations.js';
import type { Conversation, StopReason, Turn } from './conversation.js';
import type { Tokenizer } from './tokens.js';
import { toolArguments } from './tool-arguments.js';
import { pickTool } from './tool-match.js';

/** An answer before ids, stop sequences and the token budget: text (possibly '') and tool calls. */
export interface Draft {
  text: string;
  calls: UsageToolCall[];
}

type ToolResult = Extract<Turn, { role: 'tool' }>;

/** The text of the last user message ('' when there is none). */
export function lastUserText(conv: Conversation): string {
  for (let i = conv.turns.length - 1; i >= 0; i--) {
    const turn = conv.turns[i]!;
    if (turn.role === 'user') return turn.text;
  }
  return '';
}

/** The tool results that end the conversation (empty unless the last turn is a tool result). */
export function trailingToolResults(conv: Conversation): ToolResult[] {
  const results: ToolResult[] = [];
  for (let i = conv.turns.length - 1; i >= 0; i--) {
    const turn = conv.turns[i]!;
    if (turn.role !== 'tool') break;
    results.unshift(turn);
  }
  return results;
}

/** The default model's tool calls for this turn: none after tool results, else at most one picked tool. */
export function defaultToolCalls(conv: Conversation): UsageToolCall[] {
  if (trailingToolResults(conv).length > 0) return [];
  const message = lastUserText(conv);
  const match = pickTool(conv.tools, conv.toolChoice, message);
  if (!match) return [];
  return [{ name: match.tool.name, arguments: toolArguments(match.tool.parameters, message, match.word) }];
}

/** Whitespace collapsed and cut at a word boundary near `max` characters. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const TOOL_RESULT_CHARS = 300;

function toolName(conv: Conversation, toolCallId: string): string {
  for (const turn of conv.turns) {
    if (turn.role !== 'assistant') continue;
    const call = turn.toolCalls.find((c) => c.id === toolCallId);
    if (call) return call.name;
  }
  return 'the tool';
}

function toolResultsText(conv: Conversation, results: readonly ToolResult[]): string {
  return results
    .map((r) => {
      const name = toolName(conv, r.toolCallId);
      const body = clip(r.text, TOOL_RESULT_CHARS) || '(no output)';
      return r.isError ? `${name} reported an error: ${body}` : `Based on ${name}: ${body}`;
    })
    .join(' ');
}

/** The answer when the request declares no knowledgebase tool. */
export function withoutKnowledgebase(question: string): string {
  const asked = clip(question, 200);
  const intro =
    'I answered without the knowledgebase, since this request declares no service:knowledgebase tool.';
  return asked ? `${intro} You asked: "${asked}"` : intro;
}

/** The default model's text answer, given the chunks retrieved for this request (in `sources` order). */
export function defaultAnswer(conv: Conversation, sources: readonly RagSource[]): string {
  const results = trailingToolResults(conv);
  let text: string;
  if (results.length > 0) {
    text = [toolResultsText(conv, results), citedSentences(sources)].filter((s) => s !== '').join(' ');
  } else if (conv.knowledgebase) {
    text = sources.length > 0 ? citedAnswer(sources) : NOTHING_FOUND;
  } else {
    text = withoutKnowledgebase(lastUserText(conv));
  }
  const persona = personaOf(conv.system);
  return persona ? `${persona} here. ${text}` : text;
}

export interface FittedReply extends Draft {
  stop: StopReason;
  stopSequence: string | null;
}

/** The earliest stop sequence in `text`, if any (empty sequences never match). */
function firstStop(text: string, sequences: readonly string[]): { at: number; sequence: string } | null {
  let found: { at: number; sequence: string } | null = null;
  for (const sequence of sequences) {
    if (sequence === '') continue;
    const at = text.indexOf(sequence);
    if (at >= 0 && (!found || at < found.at)) found = { at, sequence };
  }
  return found;
}

/**
 * Applies stop sequences (text cut before the first one; no tool calls follow) and the output budget: the text is
 * truncated to `maxTokens`, then tool calls are kept while they fit. Output tokens never exceed the budget.
 */
export function fitReply(t: Tokenizer, conv: Conversation, draft: Draft): FittedReply {
  let { text, calls } = draft;
  let stop: StopReason = calls.length > 0 ? 'tool_calls' : 'end';
  let stopSequence: string | null = null;
  const hit = firstStop(text, conv.stopSequences);
  if (hit) {
    text = text.slice(0, hit.at);
    calls = [];
    stop = 'stop_sequence';
    stopSequence = hit.sequence;
  }
  if (conv.maxTokens !== null) {
    const max = conv.maxTokens;
    if (t.count(text) > max) {
      text = t.truncate(text, max);
      calls = [];
      stop = 'max_tokens';
      stopSequence = null;
    }
    let used = t.count(text);
    const kept: UsageToolCall[] = [];
    for (const call of calls) {
      const n = toolCallTokens(t, call);
      if (used + n > max) {
        stop = 'max_tokens';
        break;
      }
      kept.push(call);
      used += n;
    }
    calls = kept;
  }
  return { text, calls, stop, stopSequence };
}
