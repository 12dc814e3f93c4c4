/**
 * Fault injection (the fake's control API only, FAKE-FAULT-INJECTION): rules that make the public API slow, fail,
 * drop connections or break streams, so client developers can test their retries and error handling.
 */
import { z } from 'zod';

export const INJECTED_ERROR_STATUSES = [429, 500, 502, 503, 504] as const;

/** The fields of a rule, before the checks across fields. */
const FaultRuleFields = z.strictObject({
  /** An operation id of the operation table (e.g. `sendMessage`, `openaiChatCompletions`), or `*` for all. */
  operation: z.string().min(1).default('*'),
  /** Wall-clock delay before the request is handled (also before an injected error or reset). */
  latency_ms: z.number().int().min(0).max(60_000).optional(),
  /** Answer this status instead (the envelope, or the RAG dialect's native error), with `retry-after` if given. */
  error: z
    .strictObject({
      status: z.union(INJECTED_ERROR_STATUSES.map((s) => z.literal(s))),
      retry_after: z.number().int().min(0).max(3600).optional(),
    })
    .optional(),
  /** Drop the connection without an answer. */
  reset: z.literal(true).optional(),
  /** On a streamed RAG answer: after N events, end the stream early (`truncate`) or send a malformed event. */
  stream: z
    .strictObject({
      after_events: z.number().int().min(0).max(10_000),
      mode: z.enum(['truncate', 'malformed']),
    })
    .optional(),
  /** Share of the matching requests the rule fires on, spread evenly (0.25: the 4th, 8th, …); default 1. */
  rate: z.number().min(0).max(1).default(1),
  /** Fire on the next N matching requests only, then retire; default: until deleted or reset. */
  next: z.number().int().min(1).max(1_000_000).optional(),
});

/** POST /_control/faults: one rule. */
export const FaultRuleInput = FaultRuleFields.refine(
  (r) => r.latency_ms !== undefined || r.error || r.reset || r.stream,
  {
    message: 'give at least one of latency_ms, error, reset, stream',
  },
).refine((r) => [r.error, r.reset, r.stream].filter(Boolean).length <= 1, {
  message: 'give at most one of error, reset, stream',
});
export type FaultRuleInput = z.infer<typeof FaultRuleInput>;

/** A rule as the control API shows it (POST, GET and DELETE /_control/faults): its id and its counters. */
export const FaultRule = FaultRuleFields.extend({
  id: z.number().int().min(1),
  /** Matching requests seen, and how many the rule fired on. */
  matched: z.number().int().min(0),
  fired: z.number().int().min(0),
});
export type FaultRule = z.infer<typeof FaultRule>;
