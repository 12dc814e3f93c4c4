/**
 * Tool-result pairing, the same rule on both endpoints (RAG-TOOL-RESULT-CONTINUES): a tool result must answer a
 * tool call of the assistant message just before it (OpenAI: the `tool` messages right after it; Anthropic: the
 * `tool_result` blocks of the next user message). Each adapter words the refusal as its native API does.
 */
import type { ToolCall } from './conversation.js';

export class PendingToolCalls {
  #ids: ReadonlySet<string> = new Set();

  /** An assistant message: its tool calls are the ones the next results may answer. */
  open(calls: readonly ToolCall[]): void {
    this.#ids = new Set(calls.map((c) => c.id));
  }

  /** A message that carries no result for them: nothing is left to answer. */
  close(): void {
    this.#ids = new Set();
  }

  /** A result for the call `id`: throws `refuse()` unless it answers an open call. */
  answer(id: string, refuse: () => Error): void {
    if (!this.#ids.has(id)) throw refuse();
  }
}
