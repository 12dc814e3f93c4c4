/**
 * Records the interactions of one cassette: each request is redacted when it is sent (so what a later answer teaches
 * the redactor cannot change how an earlier request was written), each answer when it is over.
 */

import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { bodyBytes, recordBody } from './body.js';
import { CASSETTE_FORMAT, type Cassette, cassetteFile, type Interaction, writeJson } from './cassette.js';
import type { Redactor } from './redaction.js';

export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array | undefined;
}

/** An interaction in flight: call `answered` when the answer is over, or `failed` when there is none. */
export interface PendingInteraction {
  /** The answer's headers arrived (before a streamed body is read): what replay waits for. */
  head(): void;
  answered(
    head: { status: number; headers: Record<string, string> },
    body: string | Uint8Array,
    ended?: 'complete' | 'reset' | 'aborted',
  ): void;
  failed(error: unknown): void;
}

export class CassetteRecorder {
  private seq = 0;
  private readonly interactions: Interaction[] = [];

  constructor(
    private readonly dir: string,
    readonly name: string,
    private readonly target: Cassette['target'],
    private readonly redactor: Redactor,
  ) {}

  begin(req: OutgoingRequest, test?: string): PendingInteraction {
    const seq = this.seq++;
    const started = performance.now();
    const url = new URL(req.url);
    const headers = lowerCase(req.headers);
    const body = req.body === undefined ? undefined : recordBody(req.body);
    const redacted = this.redactor.request(headers, body?.encoding === 'utf8' ? body.text : undefined);
    if (body?.encoding === 'base64') {
      const decoded = decodedText(bodyBytes(body), headers['content-encoding']);
      if (decoded !== undefined) this.redactor.sentText(decoded);
    }
    const request: Interaction['request'] = {
      method: req.method.toUpperCase(),
      path: this.redactor.apply(`${url.pathname}${url.search}`),
      headers: redacted.headers,
      ...(body
        ? { body: body.encoding === 'utf8' ? { text: redacted.body ?? '', encoding: 'utf8' } : body }
        : {}),
    };
    const elapsed = () => Math.round(performance.now() - started);
    let headAt = 0;
    const done = (rest: Pick<Interaction, 'response' | 'error'>) => {
      this.interactions.push({
        seq,
        ...(test ? { test } : {}),
        request,
        ...rest,
        elapsed_ms: headAt || elapsed(),
      });
    };
    return {
      head: () => {
        headAt ||= elapsed();
      },
      answered: (head, bytes, ended = 'complete') => {
        headAt ||= elapsed();
        const b = recordBody(bytes);
        const r = this.redactor.response(lowerCase(head.headers), b.encoding === 'utf8' ? b.text : '');
        done({
          response: {
            status: head.status,
            headers: r.headers,
            body: b.encoding === 'utf8' ? { text: r.body, encoding: 'utf8' } : b,
            ended,
          },
        });
      },
      failed: (error) => done({ error: describeError(error) }),
    };
  }

  /** Write the cassette (interactions in the order they were sent); returns its path. */
  save(): string {
    const cassette: Cassette = {
      format: CASSETTE_FORMAT,
      name: this.name,
      recorded_at: new Date().toISOString(),
      target: this.target,
      interactions: [...this.interactions].sort((a, b) => a.seq - b.seq),
    };
    const path = cassetteFile(this.dir, this.name);
    writeJson(path, cassette);
    return path;
  }

  get size(): number {
    return this.interactions.length;
  }
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = v;
  return out;
}

export function describeError(error: unknown): string {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : (e?.cause?.message ?? e?.message ?? String(error));
}

/** A compressed body as the server will read it (gzip, deflate, br), so its values count as the harness's own. */
function decodedText(bytes: Buffer, encoding: string | undefined): string | undefined {
  const limit = { maxOutputLength: 16 * 1024 * 1024 };
  try {
    let out = bytes;
    for (const e of (encoding ?? '')
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .reverse()) {
      if (e === 'gzip' || e === 'x-gzip') out = gunzipSync(out, limit);
      else if (e === 'deflate') out = inflateSync(out, limit);
      else if (e === 'br') out = brotliDecompressSync(out, limit);
      else if (e !== '' && e !== 'identity') return undefined;
    }
    return out.toString('utf8');
  } catch {
    return undefined;
  }
}
