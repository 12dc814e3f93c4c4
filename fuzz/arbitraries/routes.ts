/**
 * Requests that match no operation: unknown paths (under {base_url}, {org_base_url}, the RAG prefixes, the root,
 * the control prefix without its secret), and known paths with another method than POST.
 */
import fc from 'fast-check';
import { operationByPath, operations } from '../../contract/index.js';
import type { HeaderList, HttpCase } from '../case.js';
import type { FuzzContext } from '../context.js';
import { dialectOf } from './paths.js';

const segmentArb = fc.stringMatching(/^[A-Za-z0-9_.~-]{1,30}$/);

/** A path no route answers (checked against the operation table). */
function unknownPathArb(ctx: FuzzContext): fc.Arbitrary<{ label: string; path: string }> {
  const base = ctx.basePath;
  const orgOnlyMissing = operations.filter((o) => !o.orgLevel && o.family === 'platform');
  return fc
    .oneof(
      { arbitrary: segmentArb.map((s) => ({ label: 'unknown operation', path: `${base}/${s}` })), weight: 4 },
      segmentArb.map((s) => ({ label: 'unknown nested path', path: `${base}/${s}/${s}` })),
      fc
        .constantFrom(...orgOnlyMissing)
        .map((o) => ({ label: 'project operation under org base', path: `${ctx.orgBasePath}${o.path}` })),
      fc.constantFrom(
        { label: 'root', path: '/' },
        { label: 'other version', path: '/api/v2/getMyProjects' },
        { label: 'double slash', path: `${base}//getMyProjects` },
        { label: 'dot segment', path: `${base}/../_control/target` },
        { label: 'encoded dot segment', path: `${base}/%2e%2e/_control/target` },
        { label: 'percent-encoded name', path: `${base}/getMy%50rojects` },
        { label: 'bad percent-encoding', path: `${base}/%E0%A4%A` },
        { label: 'encoded NUL', path: `${base}/getMyProjects%00` },
        { label: 'openapi document by POST', path: '/openapi.json' },
        { label: 'favicon', path: '/favicon.ico' },
      ),
      fc
        .integer({ min: 2_000, max: 30_000 })
        .map((n) => ({ label: 'long path', path: `${base}/${'p'.repeat(n)}` })),
      fc
        .tuple(
          fc.constantFrom('openai', 'anthropic', 'OpenAI', 'ANTHROPIC'),
          fc.constantFrom(
            '',
            '/',
            '/x',
            '/v1/chat/completions',
            '/messages',
            '/v1/complete',
            '/chat/completions/extra',
            '//v1/messages',
          ),
        )
        .map(([dialect, rest]) => ({
          label: 'unknown path under a RAG prefix',
          path: `${base}/${dialect}${rest}`,
        })),
    )
    .filter((p) => operationByPath(p.path.slice(base.length)) === undefined || !p.path.startsWith(base));
}

const anyCredential = (ctx: FuzzContext): fc.Arbitrary<HeaderList> =>
  fc.constantFrom<HeaderList>(
    [],
    [['authorization', `Bearer ${ctx.tokens[0]}`]],
    [['api-key', ctx.projectKey]],
    [['x-api-key', ctx.projectKey]],
  );

const bodyArb = fc.constantFrom<{ label: string; headers: HeaderList; body?: Buffer }>(
  { label: 'no body', headers: [] },
  { label: '{}', headers: [['content-type', 'application/json']], body: Buffer.from('{}') },
  { label: 'not JSON', headers: [['content-type', 'application/json']], body: Buffer.from('{"a":') },
  { label: 'text', headers: [['content-type', 'text/plain']], body: Buffer.from('hello') },
);

export function unknownRouteCaseArb(ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  return fc
    .tuple(
      unknownPathArb(ctx),
      fc.constantFrom('POST', 'POST', 'GET', 'PUT', 'DELETE'),
      anyCredential(ctx),
      bodyArb,
    )
    .map(([path, drawnMethod, credential, body]) => {
      // GET /openapi.json is a route (the OpenAPI document): other methods only.
      const method = path.path === '/openapi.json' && drawnMethod === 'GET' ? 'POST' : drawnMethod;
      return {
        transport: 'http' as const,
        target: 'unknown-route',
        kind: path.label,
        tags: { method, body: body.label, path: `${path.path.length} characters` },
        dialect: dialectOf(path.path, ctx),
        method,
        path: path.path,
        headers: [...credential, ...body.headers],
        ...(body.body && method !== 'GET' ? { body: body.body } : {}),
      };
    });
}

/** A known operation path (any family, either base) with another method. */
export function wrongMethodCaseArb(ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  const paths = operations.flatMap((o) => [
    `${ctx.basePath}${o.path}`,
    ...(o.orgLevel ? [`${ctx.orgBasePath}${o.path}`] : []),
  ]);
  return fc
    .tuple(
      fc.constantFrom(...paths),
      fc.constantFrom(
        'GET',
        'PUT',
        'PATCH',
        'DELETE',
        'OPTIONS',
        'HEAD',
        'TRACE',
        'PROPFIND',
        'PURGE',
        'SEARCH',
      ),
      anyCredential(ctx),
      bodyArb,
    )
    .map(([path, method, credential, body]) => ({
      transport: 'http',
      target: 'wrong-method',
      kind: `method ${method}`,
      tags: { method, body: body.label },
      dialect: dialectOf(path, ctx),
      method,
      path,
      headers: [...credential, ...body.headers],
      ...(body.body && method !== 'GET' && method !== 'HEAD' ? { body: body.body } : {}),
    }));
}

/** The control API without its secret (or with a wrong one): refused, never reached. */
export function controlCaseArb(ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  return fc
    .tuple(
      fc.constantFrom(
        '/reset',
        '/target',
        '/tokens',
        '/clock/advance',
        '/faults',
        '/consistency',
        '/journal',
        '/x',
      ),
      fc.constantFrom('GET', 'POST', 'DELETE'),
      fc.constantFrom<HeaderList>(
        [],
        [['x-control-secret', '']],
        [['x-control-secret', 'fake-admin-secreT']],
        [['X-CONTROL-SECRET', 'guess']],
      ),
    )
    .map(([route, method, headers]) => ({
      transport: 'http',
      target: 'control-no-secret',
      kind: 'control API without the secret',
      tags: { method, route },
      dialect: 'envelope',
      method,
      path: `${ctx.controlPrefix}${route}`,
      headers,
    }));
}
