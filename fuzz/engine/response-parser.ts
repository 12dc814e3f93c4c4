/**
 * HTTP/1.1 responses read back from raw bytes (for raw-socket cases): status line, headers, and a body framed
 * by Content-Length, chunked coding or the close of the connection. Interim 1xx answers (100 Continue) are
 * skipped; a response to HEAD has no body.
 */
import type { FuzzResponse } from './exchange.js';

export interface Parsed {
  responses: FuzzResponse[];
  /** Bytes after the last complete response (an answer still arriving, or junk). */
  rest: Buffer;
}

const HEAD_END = Buffer.from('\r\n\r\n');

function parseHead(head: string): { status: number; headers: Record<string, string> } | undefined {
  const [statusLine, ...lines] = head.split('\r\n');
  const match = /^HTTP\/\d\.\d (\d{3})/.exec(statusLine ?? '');
  if (!match) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return { status: Number(match[1]), headers };
}

/** A chunked body starting at `from`: its bytes and where it ends, or undefined while incomplete. */
function dechunk(buf: Buffer, from: number): { body: Buffer; end: number } | undefined {
  const pieces: Buffer[] = [];
  let at = from;
  for (;;) {
    const eol = buf.indexOf('\r\n', at);
    if (eol < 0) return undefined;
    const size = Number.parseInt(buf.subarray(at, eol).toString('latin1').split(';')[0]!.trim(), 16);
    if (!Number.isFinite(size)) return undefined;
    if (size === 0) {
      const trailerEnd = buf.indexOf(HEAD_END, eol);
      const end = buf.subarray(eol, eol + 4).equals(HEAD_END)
        ? eol + 4
        : trailerEnd < 0
          ? -1
          : trailerEnd + 4;
      return end < 0 ? undefined : { body: Buffer.concat(pieces), end };
    }
    if (buf.length < eol + 2 + size + 2) return undefined;
    pieces.push(buf.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** Every complete response in `buf`; with `closed`, a body framed by the close takes the remaining bytes. */
export function parseResponses(buf: Buffer, headRequest: boolean, closed: boolean): Parsed {
  const responses: FuzzResponse[] = [];
  let at = 0;
  while (at < buf.length) {
    const headEnd = buf.indexOf(HEAD_END, at);
    if (headEnd < 0) break;
    const head = parseHead(buf.subarray(at, headEnd).toString('latin1'));
    if (!head) break;
    const bodyStart = headEnd + 4;
    if (head.status >= 100 && head.status < 200) {
      at = bodyStart;
      continue;
    }
    let body: Buffer;
    let end: number;
    const length = head.headers['content-length'];
    if (headRequest || head.status === 204 || head.status === 304) {
      body = Buffer.alloc(0);
      end = bodyStart;
    } else if (/chunked/i.test(head.headers['transfer-encoding'] ?? '')) {
      const chunked = dechunk(buf, bodyStart);
      if (!chunked) break;
      ({ body, end } = chunked);
    } else if (length !== undefined) {
      end = bodyStart + Number(length);
      if (buf.length < end) break;
      body = buf.subarray(bodyStart, end);
    } else {
      if (!closed) break;
      body = buf.subarray(bodyStart);
      end = buf.length;
    }
    responses.push({ status: head.status, headers: head.headers, body });
    at = end;
  }
  return { responses, rest: buf.subarray(at) };
}
