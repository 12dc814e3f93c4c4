/**
 * The one pipeline every Platform and Project Integration operation runs, in this order: authenticate the
 * credential, count the request against its hourly caps (their window in the answer's headers), the plan and access
 * gates, read and parse the body, then the operation's resolver and the success envelope. Each family says how it
 * does each step (platform-router.ts, integration-router.ts); the RAG family answers in its own wire formats
 * (rag-router.ts).
 */
import type { Context } from 'koa';
import type { BodyEncoding } from '../../contract/index.js';
import { type RateDecision, rateHeaders } from '../domain/rate-limit.js';
import { readBody } from './body.js';
import { type Success, sendSuccess } from './envelope.js';

export interface OperationSteps<Caller> {
  authenticate(ctx: Context): Caller;
  /** The caps the request counts against, in order (none: undefined); the last one's window is in the headers. */
  count(caller: Caller): readonly (RateDecision | undefined)[];
  /** Plan and access: throws the refusal. */
  gate(caller: Caller): void;
  /** The largest body read, in bytes (the contract's limit when not given; more under the variant's no-body-limit). */
  maxBodyBytes?: number;
  parse(raw: unknown): Record<string, unknown>;
  resolve(caller: Caller, body: Record<string, unknown>): Success;
}

export async function runOperation<Caller>(
  ctx: Context,
  operation: { readonly id: string; readonly encoding: BodyEncoding },
  steps: OperationSteps<Caller>,
): Promise<void> {
  ctx.state.operation = operation.id;
  const caller = steps.authenticate(ctx);
  for (const decision of steps.count(caller)) if (decision) ctx.set(rateHeaders(decision));
  steps.gate(caller);
  const body = steps.parse(await readBody(ctx, operation.encoding, steps.maxBodyBytes));
  sendSuccess(ctx, steps.resolve(caller, body));
}
