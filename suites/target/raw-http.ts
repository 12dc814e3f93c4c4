/**
 * Other ways for a request to travel than undici's default (issue 40, item 2), each a `Deliver` for Target.call's and
 * Target.raw's `transport` option, so that what they send is budgeted, counted, kept for the report and checked for
 * server errors as every other request is (target.ts):
 * - `nodeHttp()`: node:http(s); a request whose headers say `transfer-encoding: chunked` has its body sent in the
 *   chunked transfer coding, in several pieces and with no Content-Length;
 * - `keptAlive()`: node:http(s) through one kept-alive socket, counting the sockets it opened and the requests that
 *   reused one;
 * - `exactBytes()`: node:net (node:tls for https), the request written byte for byte as built here (the request
 *   target verbatim, headers Node would refuse to send, Content-Length beside Transfer-Encoding), the answer read
 *   back from the socket.
 */
import {
  type ClientRequest,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { type RawRequest, type RawResponse, rawResponse } from './exchange.js';
import type { Deliver } from './transport.js';

const isChunked = (headers: Record<string, string>): boolean =>
  Object.entries(headers).some(([k, v]) => k.toLowerCase() === 'transfer-encoding' && /chunked/i.test(v));

/** `body` cut into `pieces` parts of about the same size (each non-empty). */
export function piecesOf(body: Buffer, pieces: number): Buffer[] {
  const size = Math.max(1, Math.ceil(body.length / pieces));
  const parts: Buffer[] = [];
  for (let at = 0; at < body.length; at += size) parts.push(body.subarray(at, at + size));
  return parts;
}

const timeoutError = (timeoutMs: number): Error =>
  Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'UND_ERR_HEADERS_TIMEOUT' });

function headersOf(res: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers))
    if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  return headers;
}

/** Send `req` with node:http(s); `onRequest` sees the ClientRequest (its socket, whether it was reused). */
function sendNodeHttp(
  req: RawRequest,
  timeoutMs: number,
  agent: HttpAgent | undefined,
  onRequest: (r: ClientRequest) => void = () => {},
): Promise<RawResponse> {
  const url = new URL(req.url);
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  const chunked = isChunked(req.headers);
  const headers: Record<string, string> = { ...req.headers };
  if (body && !chunked) headers['content-length'] = String(body.length);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const r = send(url, { method: req.method, headers, agent: agent ?? false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () =>
        resolve(rawResponse(res.statusCode ?? 0, headersOf(res), Buffer.concat(parts).toString('utf8'))),
      );
      res.on('error', reject);
    });
    onRequest(r);
    r.setTimeout(timeoutMs, () => r.destroy(timeoutError(timeoutMs)));
    r.on('error', reject);
    // Chunked: the body goes out in three writes, each its own chunk, after the head.
    if (body && chunked) for (const part of piecesOf(body, 3)) r.write(part);
    r.end(body && !chunked ? body : undefined);
  });
}

/** node:http(s) with a fresh connection per request (no agent); a body whose headers say chunked travels chunked. */
export function nodeHttp(): Deliver {
  return (req, timeoutMs) => sendNodeHttp(req, timeoutMs, undefined);
}

export interface KeptAlive {
  readonly deliver: Deliver;
  /** Sockets opened so far (1 when every request shared the first). */
  sockets(): number;
  /** Requests sent on a socket an earlier request had used. */
  reused(): number;
  close(): void;
}

/** One kept-alive socket for every request sent through it (a second opens only if the target closed the first). */
export function keptAlive(): KeptAlive {
  const options = { keepAlive: true, maxSockets: 1, keepAliveMsecs: 10_000 };
  const agents = { http: new HttpAgent(options), https: new HttpsAgent(options) };
  const seen = new Set<Socket>();
  let reused = 0;
  const watch = (r: ClientRequest) =>
    r.on('socket', (socket: Socket) => {
      seen.add(socket);
      if (r.reusedSocket) reused += 1;
    });
  return {
    deliver: (req, timeoutMs) =>
      sendNodeHttp(req, timeoutMs, req.url.startsWith('https:') ? agents.https : agents.http, watch),
    sockets: () => seen.size,
    reused: () => reused,
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/**
 * How exactBytes frames the body: with Content-Length, in the chunked coding, with both headers (the body chunked),
 * or chunked with a chunk size that is no hexadecimal number.
 */
export type Framing = 'length' | 'chunked' | 'length-and-chunked' | 'bad-chunk-size';

export interface ExactOptions {
  framing?: Framing;
  /** Header lines written after the request's own, as given (a name Node would refuse, a value of any size). */
  extraHeaders?: readonly (readonly [string, string])[];
}

/** The bytes of `req` as exactBytes writes them: the request target verbatim from its url. */
export function requestBytes(req: RawRequest, options: ExactOptions = {}): Buffer {
  const url = new URL(req.url);
  // The path as written (URL keeps a malformed percent-escape as it is, but read it from the text to be sure).
  const target = req.url.slice(req.url.indexOf('/', url.protocol.length + 2)) || '/';
  const body = req.body === undefined ? Buffer.alloc(0) : Buffer.from(req.body);
  const framing = options.framing ?? 'length';
  const lines = [`${req.method} ${target} HTTP/1.1`, `Host: ${url.host}`];
  for (const [k, v] of Object.entries(req.headers))
    if (!['host', 'content-length', 'transfer-encoding', 'connection'].includes(k.toLowerCase()))
      lines.push(`${k}: ${v}`);
  for (const [k, v] of options.extraHeaders ?? []) lines.push(`${k}: ${v}`);
  if (framing === 'length' || framing === 'length-and-chunked') lines.push(`Content-Length: ${body.length}`);
  if (framing !== 'length') lines.push('Transfer-Encoding: chunked');
  lines.push('Connection: close');
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  if (framing === 'length') return Buffer.concat([head, body]);
  const sizeOf = (part: Buffer) => (framing === 'bad-chunk-size' ? 'zz' : part.length.toString(16));
  const chunks = piecesOf(body, 3).map((part) =>
    Buffer.concat([Buffer.from(`${sizeOf(part)}\r\n`), part, Buffer.from('\r\n')]),
  );
  return Buffer.concat([head, ...chunks, Buffer.from('0\r\n\r\n')]);
}

/** The body of a chunked answer, or undefined while it is incomplete. */
function dechunk(bytes: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = bytes.indexOf('\r\n', at);
    if (eol < 0) return undefined;
    const size = Number.parseInt(bytes.subarray(at, eol).toString('latin1').split(';')[0] ?? '', 16);
    if (Number.isNaN(size)) return Buffer.concat(parts);
    if (size === 0) return Buffer.concat(parts);
    if (bytes.length < eol + 2 + size) return undefined;
    parts.push(bytes.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/**
 * The first answer in `bytes`, or undefined while it is incomplete (`ended`: the connection is closed, so a body
 * with no length ends here).
 */
export function parseAnswer(bytes: Buffer, ended: boolean): RawResponse | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...headerLines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/\d(?:\.\d)? (\d{3})/.exec(statusLine)?.[1] ?? Number.NaN);
  if (Number.isNaN(status)) return undefined;
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const rest = bytes.subarray(end + 4);
  let body: Buffer | undefined;
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(rest);
  else if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    body = rest.length >= length ? rest.subarray(0, length) : undefined;
  } else if (status === 204 || status === 304 || (status >= 100 && status < 200)) body = Buffer.alloc(0);
  else body = ended ? rest : undefined;
  if (body === undefined) return ended ? rawResponse(status, headers, rest.toString('utf8')) : undefined;
  return rawResponse(status, headers, body.toString('utf8'));
}

/**
 * node:net (node:tls for https): `req` written as requestBytes builds it, with `Connection: close`; the first answer
 * read back. A connection closed with no answer is a connection reset (a request with no answer, answers.ts).
 */
export function exactBytes(options: ExactOptions = {}): Deliver {
  return (req, timeoutMs) =>
    new Promise((resolve, reject) => {
      const url = new URL(req.url);
      const tls = url.protocol === 'https:';
      const port = Number(url.port || (tls ? 443 : 80));
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const socket = tls ? tlsConnect({ host, port, servername: host }) : netConnect({ host, port });
      const received: Buffer[] = [];
      let settled = false;
      const finish = (outcome: RawResponse | Error) => {
        if (settled) return;
        settled = true;
        socket.destroy();
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const tryParse = (ended: boolean) => {
        const answer = parseAnswer(Buffer.concat(received), ended);
        if (answer) finish(answer);
        else if (ended)
          finish(
            Object.assign(new Error('the target closed the connection without an answer'), {
              code: 'ECONNRESET',
            }),
          );
      };
      socket.setTimeout(timeoutMs, () => finish(timeoutError(timeoutMs)));
      socket.on(tls ? 'secureConnect' : 'connect', () => socket.write(requestBytes(req, options)));
      socket.on('data', (part: Buffer) => {
        received.push(part);
        tryParse(false);
      });
      socket.on('end', () => tryParse(true));
      socket.on('close', () => tryParse(true));
      // A reset after a whole answer is no failure: the answer is kept.
      socket.on('error', (err) => (received.length > 0 ? tryParse(true) : finish(err)));
    });
}
