/** Sending an http case through undici: one keep-alive pool per run, header lines in order, repeats kept. */
import { Pool } from 'undici';
import type { HttpCase } from '../case.js';
import type { Exchange, FuzzResponse } from './exchange.js';

/** undici's errors for a request it will not write (checked before anything is sent). */
const CLIENT_REFUSALS = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED']);

export class HttpSender {
  private readonly pool: Pool;

  constructor(
    origin: string,
    connections: number,
    private readonly timeoutMs: number,
  ) {
    this.pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 4_000 });
  }

  async send(c: HttpCase): Promise<Exchange> {
    try {
      const res = await this.pool.request({
        method: c.method as 'POST',
        path: c.path,
        headers: c.headers.flat(),
        ...(c.body !== undefined && c.body.length > 0 ? { body: c.body } : {}),
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      const body = Buffer.from(await res.body.arrayBuffer());
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) {
        if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
      }
      const response: FuzzResponse = { status: res.statusCode, headers, body };
      return { responses: [response] };
    } catch (err) {
      const e = err as { code?: string; message?: string };
      const error = `${e.code ?? 'error'}: ${e.message ?? String(err)}`;
      return { responses: [], error, ...(CLIENT_REFUSALS.has(e.code ?? '') ? { notSent: true } : {}) };
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
