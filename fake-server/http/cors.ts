/**
 * CORS on the public API (FAKE-CORS), so a web page (a chat widget, an SDK in the browser) can call the fake. A page
 * from an allowed origin gets its preflight answered 204 on every family (Platform, Project Integration, RAG, and
 * {org_base_url}) and every answer, errors and SSE streams included, carries Access-Control-Allow-Origin. A preflight
 * from any other origin is refused 403 in the envelope, naming the option to change; the browser then never sends
 * the request. The control API and the provider states are admin surfaces driven from test code, not from pages, so
 * they get no CORS at all: a page the developer happens to open cannot reset or script their fake.
 * Mounted outermost (fake-server/index.ts), so a granted preflight is never journaled and every answer below it,
 * whoever made it, keeps the grant.
 */
import koaCors from '@koa/cors';
import type { Context, Middleware } from 'koa';
import { originRule } from './cors-origins.js';
import { sendError } from './envelope.js';

/** Request headers a page may send: the credentials, JSON, and what the official OpenAI and Anthropic SDKs add. */
export const CORS_ALLOW_HEADERS: readonly string[] = [
  'accept',
  'api-key',
  'authorization',
  'content-type',
  'x-api-key',
  // Both SDKs (their platform headers, retry count, timeout, helper names).
  'user-agent',
  'x-stainless-arch',
  'x-stainless-custom-poll-interval',
  'x-stainless-helper',
  'x-stainless-helper-method',
  'x-stainless-lang',
  'x-stainless-os',
  'x-stainless-package-version',
  'x-stainless-poll-helper',
  'x-stainless-retry-count',
  'x-stainless-runtime',
  'x-stainless-runtime-version',
  'x-stainless-timeout',
  // openai
  'openai-beta',
  'openai-organization',
  'openai-project',
  // @anthropic-ai/sdk
  'anthropic-beta',
  'anthropic-dangerous-direct-browser-access',
  'anthropic-version',
];

/**
 * Answer headers a page may read beyond the CORS-safelisted ones: rate limits, Retry-After (and the retry-after-ms
 * of a scripted RAG reply, which both SDKs read first), request ids.
 */
export const CORS_EXPOSE_HEADERS: readonly string[] = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'retry-after-ms',
  'x-request-id',
  'request-id',
  'X-API-Version',
];

export const CORS_ALLOW_METHODS: readonly string[] = ['GET', 'HEAD', 'POST'];

export interface CorsOptions {
  /** Origin patterns (cors-origins.ts). */
  origins: readonly string[];
  /** Path prefixes that get no CORS (the control API, the provider states). */
  exempt: readonly string[];
}

/** What a refused preflight answers: the origin, and where the list of allowed origins is set. */
export const corsRefusal = (origin: string): string =>
  `Origin ${origin} may not call this fake from a browser (CORS); allow it with --cors-origins or FAKE_CORS_ORIGINS (npm start), or corsOrigins (createFakeServer, startFake)`;

const isPreflight = (ctx: Context): boolean =>
  ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method') !== '';

/** Whether `path` is `prefix` or below it, compared as the routers compare paths (ignoring case). */
const under = (path: string, prefix: string): boolean => {
  const p = path.toLowerCase();
  const root = prefix.toLowerCase().replace(/\/+$/, '');
  return p === root || p.startsWith(`${root}/`);
};

export function cors(options: CorsOptions): Middleware {
  const allowed = originRule(options.origins);
  const grant = koaCors({
    origin: (ctx) => {
      // An absent Origin reads as '', which answers '' whatever the rule says.
      const origin = ctx.get('Origin');
      return allowed(origin) ? origin : '';
    },
    allowMethods: [...CORS_ALLOW_METHODS],
    allowHeaders: [...CORS_ALLOW_HEADERS],
    exposeHeaders: [...CORS_EXPOSE_HEADERS],
    // Chromium asks before a public page reaches a local server; an allowed origin may.
    privateNetworkAccess: true,
  });
  return async (ctx, next) => {
    if (options.exempt.some((prefix) => under(ctx.path, prefix))) return next();
    const origin = ctx.get('Origin');
    if (origin !== '' && isPreflight(ctx) && !allowed(origin)) {
      ctx.vary('Origin');
      sendError(ctx, 403, corsRefusal(origin));
      return;
    }
    return grant(ctx, next);
  };
}
