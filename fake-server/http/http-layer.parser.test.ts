/**
 * Requests Node's HTTP parser rejects before any route (a malformed Content-Length, oversized headers): the envelope
 * still answers.
 */
import { describe, expect, it } from 'vitest';
import { useHttpLayerFake } from './http-layer.test-support.js';

useHttpLayerFake();

describe('requests the HTTP parser rejects', () => {
  async function rawExchange(bytes: string): Promise<string> {
    const { createServer } = await import('node:http');
    const { connect } = await import('node:net');
    const { answerClientErrorsWithEnvelope, createFakeServer } = await import('../index.js');
    const server = createServer(createFakeServer().app.callback());
    answerClientErrorsWithEnvelope(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      return await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString();
        });
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
    } finally {
      server.close();
    }
  }

  it('a malformed Content-Length answers 400 in the envelope [CONV-RESPONSE-JSON, ERR-NEVER-5XX]', async () => {
    const reply = await rawExchange(
      'POST /api/v1/getMyProjects HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}',
    );
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({ type: 'RXERROR' });
  });

  it('oversized headers answer 431 in the envelope [CONV-RESPONSE-JSON, ERR-NEVER-5XX]', async () => {
    const reply = await rawExchange(
      `POST /api/v1/getMyProjects HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({ type: 'RXERROR' });
  });
});
