/**
 * A request as parts that can be written byte for byte: request line, header lines, line ending and body. The
 * raw-socket arbitraries start from a well-formed request to some operation and break one thing.
 */
import fc from 'fast-check';
import { type Operation, operations } from '../../contract/index.js';
import { textOf } from '../../suites/support/arbitraries/body-text.js';
import { FORM_TYPE, JSON_TYPE } from '../../suites/support/arbitraries/probe.js';
import type { FuzzContext } from '../context.js';
import { validArbFor } from './body-mix.js';

export interface RawParts {
  method: string;
  target: string;
  version: string;
  /** Header lines without their line ending; bytes when they must carry bytes that are not ASCII. */
  headers: (string | Buffer)[];
  eol: string;
  body: Buffer;
}

export interface RawBase {
  op: Operation;
  parts: RawParts;
}

export function assemble(p: RawParts): Buffer {
  const eol = Buffer.from(p.eol);
  const lines = p.headers.flatMap((h) => [typeof h === 'string' ? Buffer.from(h, 'latin1') : h, eol]);
  return Buffer.concat([
    Buffer.from(`${p.method} ${p.target} ${p.version}`, 'latin1'),
    eol,
    ...lines,
    eol,
    p.body,
  ]);
}

/** The credential line a well-formed request to `op` carries. */
function credentialLine(op: Operation, ctx: FuzzContext): string {
  if (op.credential === 'bearer-token') return `Authorization: Bearer ${ctx.tokens[0]}`;
  if (op.credential === 'project-key') return `api-key: ${ctx.projectKey}`;
  return `x-api-key: ${ctx.projectKey}`;
}

/** A well-formed request (Connection: close) to any operation, with a valid body. */
export function rawBaseArb(ctx: FuzzContext): fc.Arbitrary<RawBase> {
  return fc.oneof(
    ...operations.map((op) =>
      validArbFor(op, ctx).map((body): RawBase => {
        const bytes = Buffer.from(textOf(body, op.encoding));
        return {
          op,
          parts: {
            method: 'POST',
            target: `${ctx.basePath}${op.path}`,
            version: 'HTTP/1.1',
            headers: [
              `Host: ${ctx.host}`,
              credentialLine(op, ctx),
              `Content-Type: ${op.encoding === 'form' ? FORM_TYPE : JSON_TYPE}`,
              `Content-Length: ${bytes.length}`,
              'Connection: close',
            ],
            eol: '\r\n',
            body: bytes,
          },
        };
      }),
    ),
  );
}

/** Header lines other than those named (case-insensitive). */
export const without = (headers: RawParts['headers'], ...names: string[]): RawParts['headers'] =>
  headers.filter((h) => {
    const line = typeof h === 'string' ? h : h.toString('latin1');
    return !names.some((n) => line.toLowerCase().startsWith(`${n.toLowerCase()}:`));
  });

/** A body written in chunked transfer coding, cut at the given sizes. */
export function chunked(body: Buffer, sizes: readonly number[], extension = ''): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= body.length) break;
    const piece = body.subarray(at, at + Math.max(1, size));
    parts.push(Buffer.from(`${piece.length.toString(16)}${extension}\r\n`), piece, Buffer.from('\r\n'));
    at += piece.length;
  }
  if (at < body.length) {
    const rest = body.subarray(at);
    parts.push(Buffer.from(`${rest.length.toString(16)}\r\n`), rest, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}
