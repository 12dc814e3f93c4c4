/**
 * One generated request of the fuzzer, as data: what goes on the wire, over which transport, and which answer
 * shape it is owed. `http` cases go through undici; `raw` cases are written byte for byte on a `node:net` socket
 * (what undici refuses to send: invalid header bytes, duplicate Content-Length, no Host, odd request lines…).
 */

/** The error shape an answer must have: the API's envelope, or a RAG dialect's native error body. */
export type Dialect = 'envelope' | 'openai' | 'anthropic';

/** Header lines in order; a name may repeat. */
export type HeaderList = readonly (readonly [string, string])[];

interface CaseBase {
  /** What the request aims at: an operation id, or `unknown-route`, `wrong-method`, `control-no-secret`. */
  readonly target: string;
  /** The kind of adversarial input, for the counts (e.g. `valid body`, `mutated body`, `raw: no Host`). */
  readonly kind: string;
  /** The case along each dimension it varies (`credential`, `body`, `headers`, `path`), for the counts and replay. */
  readonly tags: Readonly<Record<string, string>>;
  /** The shape its errors must have, decided by the path the server sees. */
  readonly dialect: Dialect;
}

export interface HttpCase extends CaseBase {
  readonly transport: 'http';
  readonly method: string;
  /** Path and query, as sent. */
  readonly path: string;
  readonly headers: HeaderList;
  readonly body?: Buffer;
}

export interface RawCase extends CaseBase {
  readonly transport: 'raw';
  /** The exact bytes written to the socket (one request, or several pipelined). */
  readonly bytes: Buffer;
  /** How many answers the bytes call for (pipelined requests get one each, unless the server closes first). */
  readonly requests: number;
  /** Method of the first request (a HEAD answer has no body). */
  readonly method: string;
  /**
   * When the bytes carry a different request after the first (not a copy of it): the shape its answer is owed;
   * it answers as no operation.
   */
  readonly followingDialect?: Dialect;
}

export type FuzzCase = HttpCase | RawCase;

/** The header's value (first of its name, case-insensitive). */
export function headerOf(headers: HeaderList, name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find(([k]) => k.toLowerCase() === lower)?.[1];
}

/** One body of a fuzz case: its bytes, its kind and the headers it brings. */
export interface BodyPart {
  /** The body's category, e.g. `valid`, `mutated field`, `not JSON`. */
  readonly kind: string;
  readonly label: string;
  readonly bytes: Buffer;
  readonly contentType?: string;
  /** Headers the body brings (Content-Encoding). */
  readonly headers: HeaderList;
}
