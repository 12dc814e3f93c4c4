/**
 * `GET /openapi.json`: the OpenAPI 3.1 document generated from contract/ (FAKE-OPENAPI-DOCUMENT), with the server
 * variables defaulting to this fake's own {base_url} and {org_base_url} as the request reached it. Built on the
 * first request for an origin and kept, since the contract does not change while the fake runs.
 */
import type { Context, Next } from 'koa';
import { buildOpenApiDocument } from '../../contract/openapi.js';

export const OPENAPI_PATH = '/openapi.json';

/** `build` is the document's builder; a test passes a counting one. */
export function openApiRoute(
  mounts: { basePath: string; orgBasePath: string },
  build: typeof buildOpenApiDocument = buildOpenApiDocument,
) {
  const byOrigin = new Map<string, string>();
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path !== OPENAPI_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const origin = `${ctx.protocol}://${ctx.host}`;
    let body = byOrigin.get(origin);
    if (body === undefined) {
      body = JSON.stringify(
        build({
          baseUrl: `${origin}${mounts.basePath}`,
          orgBaseUrl: `${origin}${mounts.orgBasePath}`,
        }),
      );
      if (byOrigin.size < 16) byOrigin.set(origin, body);
    }
    ctx.type = 'application/json';
    ctx.body = body;
  };
}
