/**
 * Raw bodies under a JSON content type that JSON.stringify of a valid body could not produce: spliced prototype
 * keys, raw deep nesting, JSON that is not an object, and bytes that are not JSON at all.
 */
import fc from 'fast-check';
import type { Operation } from '../../../contract/index.js';
import { type Body, JSON_TYPE, type Probe, requestFields, withoutKey } from './probe.js';

/** JSON text of a valid body with `__proto__` / `constructor.prototype` spliced in, as raw bytes. */
export const prototypePollutionArb = (valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc
    .tuple(
      valid,
      fc.constantFrom(
        '"__proto__":{"polluted":true,"limit":"x","project_uid":"nope"}',
        '"constructor":{"prototype":{"polluted":true}}',
        '"__proto__":null',
        '"__proto__":[1,2]',
        '"prototype":{"polluted":true}',
        '"a":{"__proto__":{"polluted":true}}',
        '"__proto__":{"__proto__":{"polluted":true}}',
      ),
      fc.boolean(),
    )
    .map(([body, inject, first]) => {
      const text = JSON.stringify(body);
      const inner = text.slice(1, -1);
      const joined = inner === '' ? inject : first ? `${inject},${inner}` : `${inner},${inject}`;
      return { kind: 'raw', label: `prototype keys ${inject}`, body: `{${joined}}`, contentType: JSON_TYPE };
    });

/** Deep nesting as raw JSON text (deeper than JSON.stringify could build), in a field or as the whole body. */
export const deepRawArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc
    .tuple(
      valid,
      // Mostly a few thousand levels (past any naive recursion); now and then 20,000 (JSON.parse of those costs ~10 ms).
      fc.oneof(
        { arbitrary: fc.integer({ min: 100, max: 3_000 }), weight: 4 },
        fc.integer({ min: 3_000, max: 20_000 }),
      ),
      fc.constantFrom('[', '{"a":'),
      fc.nat(),
    )
    .map(([body, depth, open, pick]) => {
      const close = open === '[' ? ']' : '}';
      const deep = `${open.repeat(depth)}${open === '[' ? '' : 'null'}${close.repeat(depth)}`;
      const keys = [...requestFields(op), 'agent_setting', 'extra'];
      const key = keys[pick % keys.length]!;
      const text = JSON.stringify(withoutKey(body, key)).slice(1, -1);
      const raw = `{${text === '' ? '' : `${text},`}${JSON.stringify(key)}:${deep}}`;
      return { kind: 'raw', label: `deep raw (${depth}) in ${key}`, body: raw, contentType: JSON_TYPE };
    });

/** JSON that parses but is not an object: arrays (of valid bodies too), strings, numbers, booleans, null. */
export const notAnObjectArb = (valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc.oneof(
    fc
      .array(valid, { maxLength: 3 })
      .map((a) => ({ kind: 'object' as const, label: 'array of bodies', body: a })),
    fc
      .oneof(
        fc.string(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
      )
      .map((v) => ({
        kind: 'raw' as const,
        label: 'JSON scalar',
        body: JSON.stringify(v),
        contentType: JSON_TYPE,
      })),
    fc
      .constantFrom('[]', '[{}]', 'null', '""', '0', 'true', '[[[]]]')
      .map((t) => ({ kind: 'raw' as const, label: 'JSON non-object', body: t, contentType: JSON_TYPE })),
  );

/** Bytes that are not JSON, sent with a JSON content type. */
export const notJsonArb = (valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc.oneof(
    fc.uint8Array({ minLength: 1, maxLength: 512 }).map((b) => ({
      kind: 'raw' as const,
      label: 'random bytes',
      body: Buffer.from(b),
      contentType: JSON_TYPE,
    })),
    fc.tuple(valid, fc.nat()).map(([body, cut]) => {
      const text = JSON.stringify(body);
      return {
        kind: 'raw' as const,
        label: 'truncated JSON',
        body: text.slice(0, cut % Math.max(1, text.length)),
        contentType: JSON_TYPE,
      };
    }),
    fc.tuple(valid, fc.constantFrom('x', '}', ',', '{}', ' // c', '\u0000')).map(([body, tail]) => ({
      kind: 'raw' as const,
      label: 'trailing garbage',
      body: `${JSON.stringify(body)}${tail}`,
      contentType: JSON_TYPE,
    })),
    fc
      .constantFrom(
        "{'limit': 1}",
        '{limit: 1}',
        '{"limit": NaN}',
        '{"limit": Infinity}',
        '{"limit": 1,}',
        '{"limit": 01}',
        '{"limit": 1e999999}',
        '{"a": "\\ud800"}',
        '{"a": "\\u00"}',
        '{"a": "tab\there"}',
        '\uFEFF{}',
        '{"a":1}{"b":2}',
        '{/* comment */}',
        '<xml/>',
        'limit=1',
      )
      .map((t) => ({ kind: 'raw' as const, label: 'not JSON', body: t, contentType: JSON_TYPE })),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => ({
      kind: 'raw' as const,
      label: 'invalid UTF-8 in a string',
      body: Buffer.concat([
        Buffer.from('{"search":"'),
        Buffer.from(b.map((x) => x | 0x80)),
        Buffer.from('"}'),
      ]),
      contentType: JSON_TYPE,
    })),
  );
