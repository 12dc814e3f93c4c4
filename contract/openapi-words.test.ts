import { describe, expect, it } from 'vitest';
import { clauses } from './clauses/index.js';
import { buildOpenApiDocument } from './openapi.js';

const quotes = new Set(clauses.filter((c) => c.kind === 'documented').flatMap((c) => c.quote ?? []));
type Op = { operationId: string; summary: string; description: string };
const doc = buildOpenApiDocument() as {
  info: { contact?: { name?: string }; license?: { name?: string } };
  paths: Record<string, { post: Op }>;
};

describe('the OpenAPI document in the spec’s own words [FAKE-OPENAPI-DOCUMENT]', () => {
  it('gives every operation a summary and a description, each quote in it a documented clause’s, verbatim', () => {
    for (const [path, { post }] of Object.entries(doc.paths)) {
      expect(post.summary.length, path).toBeGreaterThan(post.operationId.length);
      expect(post.summary.length, path).toBeLessThanOrEqual(120);
      const quoted = post.description
        .split('\n')
        .filter((l) => l.startsWith('> '))
        .map((l) => l.slice(2));
      expect(quoted.length, `${path} quotes the spec`).toBeGreaterThan(0);
      for (const q of quoted)
        expect(
          [...quotes].some((c) => c.replace(/\s*\n\s*/g, ' ') === q),
          q,
        ).toBe(true);
    }
  });

  it('names a contact and a license', () => {
    expect(doc.info.contact?.name).toMatch(/conformance/);
    expect(doc.info.license?.name).toBe('UNLICENSED');
  });
});
