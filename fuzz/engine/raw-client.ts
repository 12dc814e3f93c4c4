/**
 * Sending a raw case: its bytes on a fresh `node:net` socket to the fake, then the answers read back until as
 * many as were owed have arrived, the server closes, or the time is up.
 */
import { connect } from 'node:net';
import type { RawCase } from '../case.js';
import type { Exchange } from './exchange.js';
import { parseResponses } from './response-parser.js';

export interface RawTarget {
  host: string;
  port: number;
}

const closes = (headers: Record<string, string>) => /\bclose\b/i.test(headers.connection ?? '');

export function sendRaw(target: RawTarget, c: RawCase, timeoutMs: number): Promise<Exchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = connect(target.port, target.host);
    const finish = (closed: boolean, error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const { responses, rest } = parseResponses(Buffer.concat(chunks), c.method === 'HEAD', closed);
      const last = responses[responses.length - 1];
      const complete = responses.length >= c.requests || (last !== undefined && closes(last.headers));
      let problem = error;
      if (!problem && !complete)
        problem = responses.length
          ? `${responses.length} of ${c.requests} answers, then the connection closed`
          : 'the connection closed without an answer';
      if (!problem && rest.length > 0 && closed)
        problem = `${rest.length} bytes after the last answer: ${JSON.stringify(rest.subarray(0, 60).toString('latin1'))}`;
      resolve({ responses, ...(problem ? { error: problem } : {}) });
    };
    const timer = setTimeout(() => finish(false, `no complete answer within ${timeoutMs} ms`), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const { responses } = parseResponses(Buffer.concat(chunks), c.method === 'HEAD', false);
      const last = responses[responses.length - 1];
      if (responses.length >= c.requests || (last && closes(last.headers))) finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A reset after the server answered in full is how some servers close; judge by what was read.
      finish(true, chunks.length ? undefined : `socket error ${err.code ?? err.message}`);
    });
    socket.write(c.bytes);
  });
}
