/**
 * One intercepted request answered by the fake's Koa app in memory (light-my-request, no socket): the response
 * body is a stream, so server-sent events reach the client one by one (LIB-INTERCEPT-STREAMING), and a connection
 * the fake destroys (a scripted `reset` cut, FAKE-MODEL-SCRIPT) reaches the client as ECONNRESET, never a hang.
 */
import type { IncomingHttpHeaders, RequestListener } from 'node:http';
import { Readable } from 'node:stream';
import inject from 'light-my-request';

export interface InMemoryRequest {
  method: string;
  /** Path and query as the app should see them. */
  url: string;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

export interface InMemoryResponse {
  status: number;
  /** Raw header list `[name, value, name, value, …]` (a repeated header appears once per value). */
  headers: string[];
  body: Readable;
}

/** Headers about the connection, not the message: no connection exists here. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive']);
/** The request body arrives whole, so the fake is told its length instead of how it was framed. */
const REQUEST_FRAMING = new Set(['content-length', 'transfer-encoding']);

/** What a client sees when the fake drops the connection: Node's own error for a reset socket. */
export function connectionReset(): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error('read ECONNRESET (the fake reset the connection)');
  err.code = 'ECONNRESET';
  return err;
}

/** The request's headers as a server would get them: the body's real length, no transfer framing. */
function requestHeaders(request: InMemoryRequest): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const key = name.toLowerCase();
    if (value === undefined || REQUEST_FRAMING.has(key) || CONNECTION_HEADERS.has(key)) continue;
    headers[key] = Array.isArray(value) ? value : String(value);
  }
  if (request.body.length > 0) headers['content-length'] = String(request.body.length);
  return headers;
}

function rawHeaders(headers: IncomingHttpHeaders | Record<string, unknown>): string[] {
  const raw: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    // Transfer-Encoding stays: a stream the fake cuts then fails a node:http client's chunked parser (as a reset
    // does) rather than looking complete.
    if (value === undefined || CONNECTION_HEADERS.has(name.toLowerCase())) continue;
    for (const v of Array.isArray(value) ? value : [value]) raw.push(name, String(v));
  }
  return raw;
}

/**
 * The response stream handed to the client. light-my-request errors its stream as soon as the fake destroys the
 * connection, possibly before the client has attached to the response; the error is held until the client reads
 * (after the bytes already sent), then delivered as ECONNRESET. A client that gives up early stops the fake.
 */
function relay(source: Readable, stopFake: () => void): Readable {
  let ended = false;
  const out = new Readable({
    read() {
      source.resume();
    },
    destroy(err, callback) {
      if (!ended) stopFake();
      callback(err);
    },
  });
  const fail = () => setImmediate(() => out.destroy(connectionReset()));
  source.on('data', (chunk: Buffer) => {
    if (!out.push(chunk)) source.pause();
  });
  source.on('end', () => {
    ended = true;
    out.push(null);
  });
  source.on('error', () => {
    ended = true;
    if (out.destroyed) return;
    if (out.readableFlowing) fail();
    else out.once('resume', fail);
  });
  return out;
}

export async function dispatchInMemory(
  handler: RequestListener,
  request: InMemoryRequest,
): Promise<InMemoryResponse> {
  let res: inject.Response;
  try {
    res = await inject(handler, {
      method: request.method as NonNullable<inject.InjectOptions['method']>,
      url: request.url,
      headers: requestHeaders(request),
      ...(request.body.length > 0 ? { payload: request.body } : {}),
      payloadAsStream: true,
    });
  } catch (err) {
    // The fake destroyed the connection before answering (a non-streamed reply with a scripted cut).
    if ((err as NodeJS.ErrnoException).code === 'LIGHT_ECONNRESET') throw connectionReset();
    throw err;
  }
  const serverSide = res.raw.res;
  return {
    status: res.statusCode,
    headers: rawHeaders(res.headers),
    body: relay(res.stream(), () => serverSide.destroy()),
  };
}
