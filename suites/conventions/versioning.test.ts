/** Versioning: `v1` in the base path and the token prefix; no other version is served. */
import { describe, expect, it } from 'vitest';
import { expectError, expectSuccess } from '../support/envelope.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { authHeaders } from '../target/target.js';
import { send } from '../target/transport.js';

const target = useTarget();

/** {base_url} with its `v1` path segment replaced. */
function withVersion(baseUrl: string, version: string): string {
  const url = new URL(baseUrl);
  url.pathname = url.pathname.replace(/(^|\/)v1(?=\/|$)/, `$1${version}`);
  return url.toString().replace(/\/$/, '');
}

describe('versioning', () => {
  it('{base_url} carries v1 as a path segment [VERSION-V1-BASE-PATH, CONV-BASE-URL]', () => {
    expect(new URL(target().config.base_url).pathname).toMatch(/(^|\/)v1(\/|$)/);
  });

  it('{org_base_url}, when separate, carries v1 too [VERSION-V1-ORG-BASE-PATH]', (ctx) => {
    const org = target().config.org_base_url;
    if (!org) return ctx.skip('target has no org_base_url');
    // The spec puts v1 in {base_url} only: the path of {org_base_url} is not shown.
    assumed('VERSION-V1-ORG-BASE-PATH', () => expect(new URL(org).pathname).toMatch(/(^|\/)v1(\/|$)/));
  });

  it('every configured Platform token starts with api-v1- [VERSION-TOKEN-PREFIX]', (ctx) => {
    const tokens = Object.entries(target().config.tokens).filter(([, v]) => v !== undefined);
    if (tokens.length === 0) return ctx.skip('target config has no tokens');
    for (const [name, value] of tokens) expect(value, name).toMatch(/^api-v1-/);
  });

  it('the v1 operation answers at {base_url} without deprecation headers [VERSION-ONLY-V1, VERSION-V1-BASE-PATH]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const res = await target().call('getSupportedModels', { body: {} });
    expectSuccess(res, 'getSupportedModels');
    // The deprecation policy is not shown: no Deprecation nor Sunset header is the fake's choice.
    assumed('VERSION-ONLY-V1', () => {
      expect(res.headers.deprecation).toBeUndefined();
      expect(res.headers.sunset).toBeUndefined();
    });
  });

  for (const version of ['v2', 'v0', 'v1.1', 'v10']) {
    it(`the same operation under ${version} instead of v1 answers 404 Route not found [VERSION-ONLY-V1, ERR-UNKNOWN-ROUTE]`, async (ctx) => {
      const t = target();
      need(ctx, t, { tokens: ['owner'] });
      const base = withVersion(t.config.base_url, version);
      const res = await send({
        method: 'POST',
        url: `${base}/getSupportedModels`,
        headers: { ...authHeaders(t.config, 'bearer-token', undefined), 'content-type': 'application/json' },
        body: '{}',
      });
      expectError(res, 404, 'Route not found');
    });
  }
});
