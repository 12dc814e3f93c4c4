/**
 * Requests only a raw socket can send (undici refuses or repairs them): no Host, duplicate or malformed
 * Content-Length, Content-Length with Transfer-Encoding, chunked bodies good and bad, invalid bytes in header
 * names, values and the path, odd request lines, bare LF, obs-fold, oversized headers and URLs, Expect,
 * CONNECT, Upgrade, pipelining, garbage, and bytes past the body.
 */
import fc from 'fast-check';
import type { RawCase } from '../case.js';
import type { FuzzContext } from '../context.js';
import { dialectOf } from './paths.js';
import { assemble, chunked, type RawBase, type RawParts, rawBaseArb, without } from './raw-request.js';

interface Mutation {
  label: string;
  bytes: Buffer;
  /** Answers owed: one per pipelined request. */
  requests?: number;
  /** The request target, when it is not the base's. */
  target?: string;
  method?: string;
  /** The shape owed to the answer of a different request that follows the first. */
  following?: 'envelope';
}

/** A mutation drawn once, then applied to the drawn base request (no arbitrary is built per case). */
type Mutate = (base: RawBase, ctx: FuzzContext) => Mutation;

/** A mutation with no randomness of its own. */
const fixed = (mutate: Mutate): fc.Arbitrary<Mutate> => fc.constant(mutate);
/** A mutation that depends on a drawn value. */
const drawn = <T>(arb: fc.Arbitrary<T>, mutate: (value: T, base: RawBase, ctx: FuzzContext) => Mutation) =>
  arb.map(
    (value): Mutate =>
      (base, ctx) =>
        mutate(value, base, ctx),
  );

const edit = (p: RawParts, change: Partial<RawParts>): Buffer => assemble({ ...p, ...change });
const keepAlive = (p: RawParts) => [...without(p.headers, 'connection'), 'Connection: keep-alive'];

const highBytesArb = fc
  .array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1, maxLength: 12 })
  .map((b) => Buffer.from(b));

const mutations: Record<string, fc.Arbitrary<Mutate>> = {
  'no Host': fixed(({ parts }) => ({
    label: 'no Host (HTTP/1.1)',
    bytes: edit(parts, { headers: without(parts.headers, 'host') }),
  })),
  'duplicate Content-Length': drawn(fc.constantFrom(0, 1), (delta, { parts }) => ({
    label: delta === 0 ? 'Content-Length twice, same value' : 'Content-Length twice, different values',
    bytes: edit(parts, { headers: [...parts.headers, `Content-Length: ${parts.body.length + delta}`] }),
  })),
  'malformed Content-Length': drawn(
    fc.constantFrom('+2', '-1', '0x2', '2 2', 'abc', '99999999999999999999', '', '1,1'),
    (v, { parts }) => ({
      label: `Content-Length ${JSON.stringify(v)}`,
      bytes: edit(parts, { headers: [...without(parts.headers, 'content-length'), `Content-Length: ${v}`] }),
    }),
  ),
  'Content-Length with Transfer-Encoding': fixed(({ parts }) => ({
    label: 'Content-Length and Transfer-Encoding: chunked',
    bytes: edit(parts, {
      headers: [...parts.headers, 'Transfer-Encoding: chunked'],
      body: chunked(parts.body, [8]),
    }),
  })),
  'chunked body': drawn(
    fc.tuple(
      fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 8 }),
      fc.constantFrom('', ';ext=1', ';x'),
    ),
    ([sizes, ext], { parts }) => ({
      label: `chunked body${ext ? ` with extension ${ext}` : ''}`,
      bytes: edit(parts, {
        headers: [...without(parts.headers, 'content-length'), 'Transfer-Encoding: chunked'],
        body: chunked(parts.body, sizes, ext),
      }),
    }),
  ),
  'malformed chunked body': drawn(
    fc.constantFrom(
      'zz\r\n{}\r\n0\r\n\r\n',
      '-2\r\n{}\r\n0\r\n\r\n',
      'fffffffffffffffff\r\n{}\r\n0\r\n\r\n',
      '2\r\n{}0\r\n\r\n',
      '2 \r\n{}\r\n0\r\n\r\n',
      '0\r\nTrailer: \x00\r\n\r\n',
    ),
    (body, { parts }) => ({
      label: `malformed chunks ${JSON.stringify(body.slice(0, 12))}`,
      bytes: edit(parts, {
        headers: [...without(parts.headers, 'content-length'), 'Transfer-Encoding: chunked'],
        body: Buffer.from(body, 'latin1'),
      }),
    }),
  ),
  'other Transfer-Encoding': drawn(
    fc.constantFrom('gzip', 'chunked, chunked', 'identity', ' chunked', 'xchunked', 'gzip, chunked'),
    (te, { parts }) => ({
      label: `Transfer-Encoding ${JSON.stringify(te)}`,
      bytes: edit(parts, {
        headers: [...without(parts.headers, 'content-length'), `Transfer-Encoding: ${te}`],
        body: te.endsWith('chunked') && te !== 'xchunked' ? chunked(parts.body, [16]) : parts.body,
      }),
    }),
  ),
  'invalid header name': drawn(
    fc.constantFrom<string | Buffer>(
      'Bad Name: 1',
      '(x): 1',
      'x\x00y: 1',
      ': empty',
      'NoColon',
      'x\x7f: 1',
      Buffer.from([0xe9, 0x3a, 0x20, 0x31]),
    ),
    (line, { parts }) => ({
      label: `header line ${JSON.stringify(typeof line === 'string' ? line : line.toString('latin1'))}`,
      bytes: edit(parts, { headers: [...parts.headers, line] }),
    }),
  ),
  'invalid header value': drawn(
    fc.constantFrom('a\x00b', 'a\x01b', 'a\x7fb', 'a\rb', '\x1b[31m'),
    (v, { parts }) => ({
      label: `header value ${JSON.stringify(v)}`,
      bytes: edit(parts, { headers: [...parts.headers, `X-Fuzz: ${v}`] }),
    }),
  ),
  'header value not UTF-8': drawn(
    fc.tuple(
      fc.constantFrom(
        'Authorization: Bearer ',
        'Content-Type: application/json; charset=',
        'api-key: ',
        'X-Fuzz: ',
      ),
      highBytesArb,
    ),
    ([prefix, bytes], { parts }) => {
      const name = prefix.split(':')[0]!;
      return {
        label: `${name} with bytes ${bytes.toString('hex')}`,
        bytes: edit(parts, {
          headers: [...without(parts.headers, name), Buffer.concat([Buffer.from(prefix), bytes])],
        }),
      };
    },
  ),
  'bytes in the path': drawn(
    fc.oneof(
      highBytesArb.map((b) => b.toString('latin1')),
      fc.constantFrom('\x00', '\x01', '"', '<>', '\\', '{}', '|', '%'),
    ),
    (junk, { parts }) => ({
      label: `path with ${JSON.stringify(junk)}`,
      bytes: edit(parts, { target: `${parts.target}${junk}` }),
      target: `${parts.target}${junk}`,
    }),
  ),
  'request line': drawn(
    fc.constantFrom<(p: RawParts, ctx: FuzzContext) => Partial<RawParts> & { label: string }>(
      () => ({ label: 'lower-case method', method: 'post' }),
      () => ({ label: 'unknown method', method: 'FOO' }),
      () => ({ label: 'HTTP/1.0', version: 'HTTP/1.0' }),
      () => ({ label: 'HTTP/2.0', version: 'HTTP/2.0' }),
      () => ({ label: 'HTTP/1.2', version: 'HTTP/1.2' }),
      () => ({ label: 'HTTP/0.9', version: 'HTTP/0.9' }),
      () => ({ label: 'no version', version: '' }),
      () => ({ label: 'two spaces', method: 'POST ' }),
      (p, ctx) => ({ label: 'absolute-form target', target: `http://${ctx.host}${p.target}` }),
      (p) => ({ label: 'absolute-form target of another host', target: `http://example.com${p.target}` }),
      () => ({ label: 'asterisk-form target', method: 'OPTIONS', target: '*' }),
      (_, ctx) => ({ label: 'authority-form target', target: ctx.host }),
      () => ({ label: 'no target', target: '' }),
    ),
    (line, { parts }, ctx) => {
      const { label, ...change } = line(parts, ctx);
      return {
        label,
        bytes: edit(parts, change),
        target: change.target ?? parts.target,
        method: change.method ?? 'POST',
      };
    },
  ),
  'bare LF': fixed(({ parts }) => ({ label: 'bare LF line endings', bytes: edit(parts, { eol: '\n' }) })),
  'obs-fold': fixed(({ parts }) => ({
    label: 'folded header line',
    bytes: edit(parts, { headers: [...parts.headers, 'X-Fuzz: a', ' continued'] }),
  })),
  'oversized head': drawn(
    fc.tuple(
      fc.constantFrom('header line', 'URL', 'small headers'),
      fc.integer({ min: 17_000, max: 40_000 }),
    ),
    ([what, n], { parts }) => {
      if (what === 'header line')
        return {
          label: `header line of ${n} bytes`,
          bytes: edit(parts, { headers: [...parts.headers, `X-Big: ${'b'.repeat(n)}`] }),
        };
      if (what === 'URL')
        return {
          label: `URL of ${n} bytes`,
          bytes: edit(parts, { target: `${parts.target}?q=${'u'.repeat(n)}` }),
        };
      const count = Math.round(n / 12);
      return {
        label: `${count} small headers`,
        bytes: edit(parts, {
          headers: [...parts.headers, ...Array.from({ length: count }, (_, i) => `X-H${i}: v`)],
        }),
      };
    },
  ),
  Expect: drawn(fc.constantFrom('100-continue', '100-Continue', '200-ok', 'nothing'), (e, { parts }) => ({
    label: `Expect: ${e}`,
    bytes: edit(parts, { headers: [...parts.headers, `Expect: ${e}`] }),
  })),
  CONNECT: drawn(fc.constantFrom('own authority', 'a path', 'another authority'), (form, { parts }, ctx) => {
    const target = form === 'a path' ? parts.target : form === 'own authority' ? ctx.host : 'example.com:443';
    return {
      label: `CONNECT ${form}`,
      bytes: edit(parts, { method: 'CONNECT', target }),
      target,
      method: 'CONNECT',
    };
  }),
  Upgrade: drawn(fc.constantFrom('websocket', 'h2c', 'TLS/1.2'), (proto, { parts }) => ({
    label: `Upgrade: ${proto}`,
    bytes: edit(parts, {
      headers: [
        ...without(parts.headers, 'connection'),
        'Connection: Upgrade, close',
        `Upgrade: ${proto}`,
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
      ],
    }),
  })),
  pipelined: drawn(fc.integer({ min: 2, max: 4 }), (n, { parts }) => {
    const first = edit(parts, { headers: keepAlive(parts) });
    return {
      label: `${n} pipelined requests`,
      bytes: Buffer.concat([...Array<Buffer>(n - 1).fill(first), edit(parts, {})]),
      requests: n,
    };
  }),
  // At least one byte that is not CR or LF: empty lines before a request line are skipped (RFC 9112, 2.2), so
  // bytes of CR and LF alone are no request yet, and the server rightly waits for one.
  garbage: drawn(
    fc.uint8Array({ minLength: 1, maxLength: 200 }).filter((b) => b.some((x) => x !== 0x0d && x !== 0x0a)),
    (b) => ({
      label: 'garbage bytes',
      bytes: Buffer.concat([Buffer.from(b), Buffer.from('\r\n\r\n')]),
      target: '/',
    }),
  ),
  'bytes past the body': drawn(
    fc.constantFrom('GARBAGE\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', '\r\n\r\n'),
    (extra, { parts }) => ({
      label: `bytes past the body ${JSON.stringify(extra.slice(0, 10))}`,
      bytes: Buffer.concat([edit(parts, { headers: keepAlive(parts) }), Buffer.from(extra)]),
      requests: extra.startsWith('\r\n') ? 1 : 2,
      following: 'envelope',
    }),
  ),
  'HTTP/1.0 without Host': fixed(({ parts }) => ({
    label: 'HTTP/1.0 without Host or Connection',
    bytes: edit(parts, { version: 'HTTP/1.0', headers: without(parts.headers, 'host', 'connection') }),
  })),
  'short Content-Length': fixed(({ parts }) => ({
    label: 'Content-Length shorter than the body',
    bytes: edit(parts, {
      headers: [
        ...without(parts.headers, 'content-length'),
        `Content-Length: ${Math.max(0, parts.body.length - 1)}`,
      ],
    }),
  })),
};

/** Each mutation as likely as the others; the operation and its valid body are drawn apart. */
export function rawCaseArb(ctx: FuzzContext): fc.Arbitrary<RawCase> {
  const named = Object.entries(mutations).map(([name, arb]) => arb.map((mutate) => ({ name, mutate })));
  return fc.tuple(rawBaseArb(ctx), fc.oneof(...named)).map(([base, { name, mutate }]): RawCase => {
    const m = mutate(base, ctx);
    const target = m.target ?? base.parts.target;
    return {
      transport: 'raw',
      target: base.op.id,
      kind: `raw: ${name}`,
      tags: { raw: m.label },
      dialect: dialectOf(target.startsWith('http') ? new URL(target).pathname : target, ctx),
      bytes: m.bytes,
      requests: m.requests ?? 1,
      method: m.method ?? 'POST',
      ...(m.following ? { followingDialect: m.following } : {}),
    };
  });
}
