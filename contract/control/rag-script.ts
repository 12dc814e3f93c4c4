/**
 * Scripted replies of the fake model (control API only, clause FAKE-MODEL-SCRIPT): what a client developer queues
 * for a project so that its next RAG requests get exactly these answers, errors, delays or broken streams.
 * One schema for the fake (which enforces it) and the suites (which send it).
 *
 *   POST   /_control/projects/:uid/rag/replies   {replies: ScriptedReply[]}  append to the queue; data: the queue
 *   GET    /_control/projects/:uid/rag/replies                               data: the queue
 *   DELETE /_control/projects/:uid/rag/replies                               empty the queue
 */
import { z } from 'zod';

/** Cut a stream after this many SSE events (a non-streamed request with a cut gets its connection reset). */
export const StreamCut = z.object({
  after_events: z.number().int().min(0),
  /** `end`: the response ends cleanly without its closing events; `reset`: the connection is destroyed. */
  mode: z.enum(['end', 'reset']).default('end'),
});
export type StreamCut = z.infer<typeof StreamCut>;

const delivery = {
  /** Wall-clock wait before the answer's first byte (for client timeout tests). */
  delay_ms: z.number().int().min(0).max(60_000).optional(),
  cut: StreamCut.optional(),
};

export const ScriptedToolCall = z.object({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
});
export type ScriptedToolCall = z.infer<typeof ScriptedToolCall>;

export const ScriptedReply = z.discriminatedUnion('kind', [
  /** The answer text (cut at the request's max tokens like any answer). */
  z.object({ kind: z.literal('text'), text: z.string(), ...delivery }),
  /** One or more calls of user-declared tools, optionally after some text. */
  z.object({
    kind: z.literal('tool_call'),
    calls: z.array(ScriptedToolCall).min(1),
    text: z.string().optional(),
    ...delivery,
  }),
  /** An error answer in the dialect's native shape. */
  z.object({
    kind: z.literal('error'),
    status: z.number().int().min(400).max(599),
    message: z.string().min(1).optional(),
    /** Sent as `retry-after` (seconds). */
    retry_after: z.number().int().min(0).optional(),
    /** Sent as `retry-after-ms`, which both official SDKs read before `retry-after`. */
    retry_after_ms: z.number().int().min(0).optional(),
    delay_ms: delivery.delay_ms,
  }),
]);
export type ScriptedReply = z.infer<typeof ScriptedReply>;

export const ScriptRepliesBody = z.object({ replies: z.array(ScriptedReply).min(1).max(1000) });
export type ScriptRepliesBody = z.infer<typeof ScriptRepliesBody>;
