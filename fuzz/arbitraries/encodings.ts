/**
 * Content-Encoding variants of a body: well compressed (gzip, deflate, br, stacked), bytes that do not decode
 * under the declared encoding, encodings nobody knows, and decompression bombs (a few KB that inflate to many MB).
 */
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';

export interface Encoded {
  readonly label: string;
  readonly encoding: string;
  readonly bytes: Buffer;
}

/** Brotli at a middle quality: its default (11) costs milliseconds per case for nothing the server can tell. */
const brotli = (b: Buffer) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });

const compress: Record<string, (b: Buffer) => Buffer> = {
  gzip: (b) => gzipSync(b),
  deflate: (b) => deflateSync(b),
  br: brotli,
};

/** Bombs are built once: compressing megabytes on every case would cost more than sending them. */
let bombs: Encoded[] | undefined;
function bombList(): Encoded[] {
  if (!bombs) {
    const zeros = Buffer.alloc(8 * 1024 * 1024, 0x20);
    const json = Buffer.concat([
      Buffer.from('{"search":"'),
      Buffer.alloc(4 * 1024 * 1024, 0x61),
      Buffer.from('"}'),
    ]);
    bombs = [
      { label: 'gzip bomb (8 MiB of spaces)', encoding: 'gzip', bytes: gzipSync(zeros) },
      { label: 'br bomb (8 MiB of spaces)', encoding: 'br', bytes: brotli(zeros) },
      { label: 'deflate bomb (4 MiB JSON string)', encoding: 'deflate', bytes: deflateSync(json) },
    ];
  }
  return bombs;
}

/** How to encode a body, drawn once; applied to the body's bytes afterwards (no arbitrary is built per case). */
export type Encoder = (plain: Buffer) => Encoded;

const encoder =
  (label: string, encoding: string, bytes: (plain: Buffer) => Buffer): Encoder =>
  (plain) => ({
    label,
    encoding,
    bytes: bytes(plain),
  });

export const encoderArb: fc.Arbitrary<Encoder> = fc.oneof(
  {
    arbitrary: fc
      .constantFrom('gzip', 'deflate', 'br')
      .map((e) => encoder(`${e} (compressed)`, e, compress[e]!)),
    weight: 6,
  },
  fc.constantFrom(
    encoder('GZIP (as spelled)', 'GZIP', (b) => gzipSync(b)),
    encoder('identity', 'identity', (b) => b),
    encoder('Identity (as spelled)', 'Identity', (b) => b),
    encoder('gzip, br (stacked)', 'gzip, br', (b) => brotli(gzipSync(b))),
    encoder('gzip (truncated)', 'gzip', (b) => gzipSync(b).subarray(0, 12)),
    encoder('br label on gzip bytes', 'br', (b) => gzipSync(b)),
  ),
  fc.constantFrom('gzip', 'deflate', 'br').map((e) => encoder(`${e} (not compressed)`, e, (b) => b)),
  fc
    .tuple(fc.constantFrom('gzip', 'deflate', 'br'), fc.uint8Array({ minLength: 1, maxLength: 200 }))
    .map(([e, junk]) => encoder(`${e} (random bytes)`, e, () => Buffer.from(junk))),
  fc
    .constantFrom('compress', 'zstd', 'x-unknown', 'gzip;q=1', ',', 'chunked')
    .map((e) => encoder(`unknown encoding ${e}`, e, (b) => b)),
  {
    arbitrary: fc.nat().map(
      (i): Encoder =>
        () =>
          bombList()[i % 3]!,
    ),
    weight: 1,
  },
);
