/**
 * The variant mode's two Koa middlewares (FAKE-VARIANT), installed by createFakeServer only when an axis is on, so
 * the default fake runs exactly as without them. Neither touches the control API nor GET /openapi.json.
 * - `variantAnswers`, between the request journal and the error middleware: first the routing choices (a refused
 *   request is answered here and goes no further), then, once the answer is final (errors already in their
 *   envelope), the status, shape and header rewrites, in a fixed order. Streams are written by the RAG router and
 *   changed there (variant-sse-extras.ts).
 * - `variantFormat`, outermost: the JSON text itself (json-format), after the journal has read the answer.
 */
import type { Context, Middleware, Next } from 'koa';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import type { VariantAxis } from '../../contract/variant-axes.js';
import type { Runtime } from '../runtime.js';
import { dropRateHeaders } from '../variant/rate-headers.js';
import { type Mounts, variantRoutes } from '../variant/routes.js';
import { sendError } from './envelope.js';
import { underPrefix } from './journal.js';
import { OPENAPI_PATH } from './openapi-route.js';
import { sendRagError } from './rag-errors.js';
import { type Answer, madeByHarness } from './variant-answer.js';
import {
  creditsExhausted,
  invalidParams422,
  otherErrorStatuses,
  ragErrorEnvelope,
} from './variant-error-statuses.js';
import { extraFields } from './variant-extra-fields.js';
import { isoBreadthAnswer } from './variant-iso-breadth.js';
import { formatJson } from './variant-json-format.js';
import { bearerSearchShape, modelsShape, sessionValues, sourcesShape, success201 } from './variant-shapes.js';

export interface VariantMounts extends Mounts {
  controlPrefix: string;
}

/** Each rewrite with its axis, in the order they apply: statuses first (credits before the status table), shapes, extras. */
const rewrites: readonly [VariantAxis, (a: Answer) => void][] = [
  ['credits-exhausted', creditsExhausted],
  ['invalid-params-422', invalidParams422],
  ['other-error-statuses', otherErrorStatuses],
  ['rag-error-envelope', ragErrorEnvelope],
  ['success-201', success201],
  ['bearer-search-shape', bearerSearchShape],
  ['models-shape', modelsShape],
  ['session-values', sessionValues],
  ['sources-shape', sourcesShape],
  ['iso-breadth', isoBreadthAnswer],
  ['extra-fields', extraFields],
];

/** Whether a request belongs to the public API (not the control API, not the OpenAPI document). */
const publicPath = (ctx: Context, controlPrefix: string): boolean =>
  !underPrefix(ctx.path, controlPrefix) && ctx.path !== OPENAPI_PATH;

/** The RAG dialect whose paths (under {base_url}) `path` is on, if any. */
function dialectOf(path: string, basePath: string): RagDialect | null {
  const lower = path.toLowerCase();
  const base = basePath.toLowerCase();
  for (const dialect of ['openai', 'anthropic'] as const) {
    const prefix = `${base}/${dialect}`;
    if (lower === prefix || lower.startsWith(`${prefix}/`)) return dialect;
  }
  return null;
}

/** The axes of a runtime, or null in the default mode. */
export function axesOf(runtime: Runtime): ReadonlySet<VariantAxis> | null {
  const axes = runtime.domain.variant;
  return axes && axes.size > 0 ? axes : null;
}

export function variantAnswers(runtime: Runtime, mounts: VariantMounts): Middleware {
  const routes = variantRoutes(mounts);
  return async (ctx: Context, next: Next): Promise<void> => {
    const axes = runtime.domain.variant;
    if (!axes || !publicPath(ctx, mounts.controlPrefix)) return next();
    const dialect = dialectOf(ctx.path, mounts.basePath);
    const refusal = routes(ctx, axes);
    if (!refusal) await next();
    else if (dialect) sendRagError(ctx, dialect, refusal.status, refusal.message);
    else sendError(ctx, refusal.status, refusal.message);
    if (ctx.respond === false) return; // a stream, or a connection the fake dropped
    const answer: Answer = {
      ctx,
      axes,
      dialect,
      operation: ctx.state.operation ?? null, // a string wherever a router set it
      keepStatus: madeByHarness(ctx) || refusal?.final === true,
    };
    for (const [axis, rewrite] of rewrites) if (axes.has(axis)) rewrite(answer);
    if (axes.has('no-rate-headers') && !answer.keepStatus) dropRateHeaders(ctx);
  };
}

export function variantFormat(runtime: Runtime, controlPrefix: string): Middleware {
  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    if (runtime.domain.variant?.has('json-format') && publicPath(ctx, controlPrefix)) formatJson(ctx);
  };
}
