/**
 * `json-format` on its own (FAKE-VARIANT): which bodies formatJson writes as indented text with reversed members.
 * Whole requests: fake-server/variant/shapes.test.ts.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { koaContext } from './variant-answer.test-support.js';
import { formatJson, JSON_CONTENT_TYPE } from './variant-json-format.js';

describe('json-format on its own [FAKE-VARIANT, CONV-RESPONSE-JSON]', () => {
  it('writes an object or an array as 2-space text, members in reverse order, with the JSON content type', () => {
    for (const [body, text] of [
      [
        { a: 1, b: [{ c: 2, d: 3 }] },
        '{\n  "b": [\n    {\n      "d": 3,\n      "c": 2\n    }\n  ],\n  "a": 1\n}',
      ],
      [[{ x: 1, y: 2 }], '[\n  {\n    "y": 2,\n    "x": 1\n  }\n]'],
    ] as const) {
      const ctx = koaContext();
      ctx.body = body;
      formatJson(ctx);
      expect([ctx.body, ctx.response.get('content-type')]).toEqual([text, JSON_CONTENT_TYPE]);
    }
  });

  it('leaves text, bytes, a stream, no body, and an answer written outside Koa (respond = false)', () => {
    const bodies = [
      () => 'plain text',
      () => Buffer.from('{"a":1}'),
      () => Readable.from(['x']),
      () => undefined,
    ];
    for (const make of bodies) {
      const ctx = koaContext();
      const body = make();
      if (body !== undefined) ctx.body = body;
      formatJson(ctx);
      expect(ctx.body).toBe(body);
    }
    const written = koaContext();
    written.body = { a: 1, b: 2 };
    written.respond = false;
    formatJson(written);
    expect(written.body).toEqual({ a: 1, b: 2 });
  });
});
