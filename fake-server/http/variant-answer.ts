/**
 * A finished public answer as the variant's rewriting steps see it (FAKE-VARIANT): the Koa context with its status,
 * headers and JSON body, which family's error shape it has, and whether its status is final: an injected fault or a
 * scripted error reply keeps its status and headers (the test that asked for it decides those), and so does the
 * variant's own version-path refusal.
 */
import type { Context } from 'koa';
import { ERROR, SUCCESS } from '../../contract/index.js';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import type { VariantAxis } from '../../contract/variant-axes.js';
import { INJECTED_MESSAGE } from './fault-injection.js';

export interface Answer {
  ctx: Context;
  axes: ReadonlySet<VariantAxis>;
  /** Set on the RAG paths (their errors have the dialect's native shape). */
  dialect: RagDialect | null;
  /** The operation id the router noted, if a route was reached. */
  operation: string | null;
  /** An injected fault, a scripted error reply or a version-path refusal: status and headers stay. */
  keepStatus: boolean;
}

export type JsonObject = Record<string, unknown>;

/** A plain JSON object (not an array, a Buffer or a stream). */
export function isObject(v: unknown): v is JsonObject {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** The answer's JSON object body, or null (a string, a stream, nothing). */
export const objectBody = (ctx: Context): JsonObject | null => (isObject(ctx.body) ? ctx.body : null);

/** An RXERROR envelope body. */
export const isErrorEnvelope = (b: JsonObject | null): b is JsonObject & { message: string } =>
  b?.type === ERROR && typeof b.message === 'string';

/** An RXSUCCESS envelope body. */
export const isSuccessEnvelope = (b: JsonObject | null): b is JsonObject & { message: string } =>
  b?.type === SUCCESS && typeof b.message === 'string';

/** The message of an envelope or of a native RAG error body (OpenAI and Anthropic both nest it in `error`). */
export function messageOf(b: JsonObject | null): string | undefined {
  if (typeof b?.message === 'string') return b.message;
  const nested = b?.error;
  return isObject(nested) && typeof nested.message === 'string' ? nested.message : undefined;
}

/** Whether the state flag set by the RAG router for a scripted error reply, or an injected fault's message, is there. */
export const madeByHarness = (ctx: Context): boolean =>
  ctx.state.scriptedError === true || messageOf(objectBody(ctx))?.startsWith(INJECTED_MESSAGE) === true;
