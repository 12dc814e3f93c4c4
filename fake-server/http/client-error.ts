/**
 * Requests Node's HTTP server would answer (or drop) itself, before Koa sees them, still get the error envelope
 * (FAKE-HTTP-LAYER-ENVELOPE), each with `Connection: close`:
 * - what its parser rejects (a bad Content-Length, oversized headers, garbage): 431 for headers too large, 400
 *   otherwise;
 * - an `Expect` other than 100-continue: 417 (Node sent an empty 417);
 * - a CONNECT request: 405 (Node dropped the connection without an answer);
 * - an HTTP/1.1 request without Host: Node's own empty 400 is turned off here, and the outermost middleware
 *   answers it in the envelope (host-header.ts).
 * After such an answer the connection lingers (RFC 9112 §9.6): what the client still sends is read and dropped until
 * it closes its side or LINGER_MS pass. Closing at once would reset a connection whose request body is still
 * arriving, and a client busy writing that body would see EPIPE or ECONNRESET instead of the answer (found by
 * fuzzing: a 4 MB body behind an oversized header lost its 431 about half the time).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR } from '../../contract/index.js';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  417: 'Expectation Failed',
  431: 'Request Header Fields Too Large',
};

/** A whole HTTP/1.1 answer carrying the error envelope, for a socket no ServerResponse writes to. */
function rawAnswer(status: number, message: string, extra: Record<string, string> = {}): string {
  const body = JSON.stringify({ type: ERROR, message });
  const headers = Object.entries(extra).map(([k, v]) => `${k}: ${v}\r\n`);
  return `HTTP/1.1 ${status} ${reasons[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers.join('')}Connection: close\r\n\r\n${body}`;
}

/** How long a refused connection keeps reading what its client still sends before it is closed. */
export const LINGER_MS = 5_000;

/** Answer, stop writing, and close only once the client has closed its side or LINGER_MS have passed. */
function answerAndLinger(socket: Duplex, answer: string): void {
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.end(answer);
  // Drop what still arrives (on a CONNECT socket nothing else reads it), so the client can finish writing.
  socket.resume();
}

export function answerClientErrorsWithEnvelope(server: Server): void {
  /** Sockets already answered: the parser fails again on every later chunk of the same refused request. */
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return;
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    answerAndLinger(
      socket,
      tooLarge
        ? rawAnswer(431, 'Request header fields too large')
        : rawAnswer(400, 'Invalid params: malformed HTTP request'),
    );
  });

  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify({
      type: ERROR,
      message: 'Expectation failed: only 100-continue is supported',
    });
    res.writeHead(417, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      Connection: 'close',
    });
    res.end(body);
  });

  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    // Node hands the socket over without its own error listener: a client that resets the connection would
    // otherwise raise an unhandled 'error' and end the process (found by fuzzing).
    // Stryker disable next-line ArrowFunction: equivalent; a socket emits 'error' only from destroy(err), so it is destroyed already
    socket.on('error', () => socket.destroy());
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    answerAndLinger(socket, rawAnswer(405, 'Method CONNECT not allowed', { Allow: 'POST' }));
  });

  // Answered in the envelope by the outermost middleware instead (host-header.ts).
  (server as Server & { requireHostHeader: boolean }).requireHostHeader = false;
}
