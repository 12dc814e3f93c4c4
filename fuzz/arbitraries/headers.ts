/**
 * What else a request's headers may carry, on top of its credential and body: the content type duplicated,
 * dropped or with odd parameters and charsets; an overlong header value (past Node's 16 KiB header limit too);
 * hundreds of headers; a Host that is not this server; Accept and forwarding headers a proxy would add.
 */
import fc from 'fast-check';
import type { HeaderList } from '../case.js';

export interface HeaderVariant {
  readonly label: string;
  /** The headers to send, given the content type the body asks for (if any). */
  readonly apply: (contentType: string | undefined) => { contentType: readonly string[]; extra: HeaderList };
}

const keep =
  (extra: HeaderList = []) =>
  (ct: string | undefined) => ({ contentType: ct === undefined ? [] : [ct], extra });

const charsetArb = fc.constantFrom(
  'charset=utf-16',
  'charset=iso-8859-1',
  'charset="utf-8"',
  'charset=',
  'charset=utf-8; charset=latin1',
  ';;;',
  'boundary=----x',
  'q=0.5',
);

export const headerVariantArb: fc.Arbitrary<HeaderVariant> = fc.oneof(
  { arbitrary: fc.constant<HeaderVariant>({ label: 'none', apply: keep() }), weight: 40 },
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json').map(
    (other): HeaderVariant => ({
      label: `content type duplicated with ${other}`,
      apply: (ct) => ({ contentType: ct === undefined ? [other, other] : [ct, other], extra: [] }),
    }),
  ),
  fc.constantFrom('text/plain', 'application/json').map(
    (other): HeaderVariant => ({
      label: `content type ${other} first, then the right one`,
      apply: (ct) => ({ contentType: ct === undefined ? [other] : [other, ct], extra: [] }),
    }),
  ),
  {
    arbitrary: fc.constant<HeaderVariant>({
      label: 'content type dropped',
      apply: () => ({ contentType: [], extra: [] }),
    }),
    weight: 2,
  },
  charsetArb.map(
    (param): HeaderVariant => ({
      label: `content type with ${param}`,
      apply: (ct) => ({ contentType: [`${ct ?? 'application/json'}; ${param}`], extra: [] }),
    }),
  ),
  fc.constant<HeaderVariant>({
    label: 'content type as a list',
    apply: (ct) => ({ contentType: [`${ct ?? 'application/json'}, text/plain`], extra: [] }),
  }),
  fc.oneof(fc.integer({ min: 1_000, max: 15_000 }), fc.integer({ min: 16_500, max: 40_000 })).map(
    (n): HeaderVariant => ({
      label: `overlong header value (${n} bytes)`,
      apply: keep([['x-fuzz-padding', 'v'.repeat(n)]]),
    }),
  ),
  fc.integer({ min: 50, max: 600 }).map(
    (n): HeaderVariant => ({
      label: `${n} extra headers`,
      apply: keep(Array.from({ length: n }, (_, i) => [`x-fuzz-${i}`, `value-${i}`] as const)),
    }),
  ),
  fc
    .constantFrom(
      'example.com',
      '',
      'a'.repeat(300),
      '[::1]:1',
      'localhost:0',
      '127.0.0.1:99999',
      'host with spaces',
    )
    .map(
      (host): HeaderVariant => ({
        label: `Host ${JSON.stringify(host.slice(0, 20))}`,
        apply: keep([['host', host]]),
      }),
    ),
  fc
    .constantFrom(
      ['accept', 'text/event-stream'],
      ['accept', 'application/xml'],
      ['accept', '*/*;q=0'],
      ['accept-encoding', 'gzip, br'],
      ['accept-charset', 'utf-16'],
      ['x-forwarded-proto', 'https'],
      ['x-forwarded-for', '1.2.3.4, 5.6.7.8'],
      ['x-forwarded-host', 'evil.example'],
      ['x-http-method-override', 'DELETE'],
      ['x-control-secret', 'guess'],
      ['cookie', 'session=1; __proto__=x'],
      ['if-none-match', '*'],
      ['range', 'bytes=0-1'],
    )
    .map(([name, value]): HeaderVariant => ({ label: `${name}: ${value}`, apply: keep([[name, value]]) })),
);
