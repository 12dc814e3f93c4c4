/** The spec's success and error envelopes. Every non-RAG response body is one of these. */
import { z } from 'zod';

export const SUCCESS = 'RXSUCCESS' as const;
export const ERROR = 'RXERROR' as const;

export const ErrorEnvelope = z.object({
  type: z.literal(ERROR),
  message: z.string(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const successEnvelope = <D extends z.ZodType>(data: D) =>
  z.object({
    type: z.literal(SUCCESS),
    message: z.string(),
    data,
    total: z.number().int().optional(),
  });

/** A success envelope that carries no data (message-only operations). */
export const MessageOnlyEnvelope = z.object({
  type: z.literal(SUCCESS),
  message: z.string(),
  data: z.unknown().optional(),
  total: z.number().int().optional(),
});
