/** Both SSE grammars: a streamed tool call that does not end as a tool call. */
import type { BreakingRule, StreamEvent } from '../rule.js';
import { ANTHROPIC_PATH, OPENAI_PATH } from './rag.js';

const editData = (event: StreamEvent, edit: (data: Record<string, unknown>) => boolean): StreamEvent => {
  try {
    const data = JSON.parse(event.data) as Record<string, unknown>;
    return edit(data) ? { ...event, data: JSON.stringify(data) } : event;
  } catch {
    return event; // `[DONE]` and other non-JSON data
  }
};

export const streamRules: BreakingRule[] = [
  {
    id: 'openai-stream-tool-calls-stop',
    name: 'an OpenAI-style stream that hands over tool calls ends with finish_reason `stop`, not `tool_calls`',
    clause: 'RAG-USER-TOOLS-RETURNED',
    section: 'SSE grammars',
    caughtBy: 'suites/rag/streaming.test.ts',
    start: () => ({
      event: (event, req) =>
        req.path !== OPENAI_PATH
          ? event
          : editData(event, (data) => {
              let changed = false;
              for (const choice of (data.choices ?? []) as { finish_reason?: unknown }[]) {
                if (choice.finish_reason === 'tool_calls') {
                  choice.finish_reason = 'stop';
                  changed = true;
                }
              }
              return changed;
            }),
    }),
  },
  {
    id: 'anthropic-stream-tool-use-end-turn',
    name: 'an Anthropic-style stream that hands over tool_use blocks ends with stop_reason `end_turn`, not `tool_use`',
    clause: 'RAG-USER-TOOLS-RETURNED',
    section: 'SSE grammars',
    caughtBy: 'suites/rag/streaming.test.ts',
    start: () => ({
      event: (event, req) =>
        req.path !== ANTHROPIC_PATH || event.event !== 'message_delta'
          ? event
          : editData(event, (data) => {
              const delta = data.delta as { stop_reason?: unknown } | undefined;
              if (delta?.stop_reason !== 'tool_use') return false;
              delta.stop_reason = 'end_turn';
              return true;
            }),
    }),
  },
];
