/**
 * Requests Node's HTTP parser rejects before Koa sees them (a bad Content-Length, oversized headers, garbage) still
 * get the error envelope: 431 for headers too large, 400 otherwise.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR } from '../../contract/index.js';

export function answerClientErrorsWithEnvelope(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const body = JSON.stringify({
      type: ERROR,
      message: tooLarge ? 'Request header fields too large' : 'Invalid params: malformed HTTP request',
    });
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
