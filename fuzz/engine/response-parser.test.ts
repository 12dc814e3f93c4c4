/** Reading answers back from raw bytes: framing by length, chunks or close; interim answers; pipelined answers. */
import { describe, expect, it } from 'vitest';
import { parseResponses } from './response-parser.js';

const head = (status: number, headers: string[]) =>
  `HTTP/1.1 ${status} X\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`;

describe('parseResponses [FUZZ-NO-CRASH]', () => {
  it('reads answers framed by Content-Length, one after another, and skips 100 Continue', () => {
    const bytes = Buffer.from(
      `HTTP/1.1 100 Continue\r\n\r\n${head(200, ['Content-Length: 2'])}{}${head(404, ['Content-Length: 3', 'X-A: 1', 'X-A: 2'])}abc`,
    );
    const { responses, rest } = parseResponses(bytes, false, false);
    expect(responses.map((r) => [r.status, r.body.toString()])).toEqual([
      [200, '{}'],
      [404, 'abc'],
    ]);
    expect(responses[1]!.headers['x-a']).toBe('1, 2');
    expect(rest.length).toBe(0);
  });

  it('reads a chunked body, and waits while a body is incomplete', () => {
    const full = Buffer.from(`${head(200, ['Transfer-Encoding: chunked'])}2\r\n{}\r\n3\r\nabc\r\n0\r\n\r\n`);
    expect(parseResponses(full, false, false).responses[0]!.body.toString()).toBe('{}abc');
    expect(parseResponses(full.subarray(0, full.length - 3), false, false).responses).toEqual([]);
    const short = Buffer.from(`${head(200, ['Content-Length: 10'])}{}`);
    expect(parseResponses(short, false, false).responses).toEqual([]);
  });

  it('a body framed by the close is read only once the connection closed; HEAD answers have no body', () => {
    const byClose = Buffer.from(`${head(200, [])}until close`);
    expect(parseResponses(byClose, false, false).responses).toEqual([]);
    expect(parseResponses(byClose, false, true).responses[0]!.body.toString()).toBe('until close');
    const toHead = Buffer.from(head(405, ['Content-Length: 64']));
    expect(parseResponses(toHead, true, false).responses[0]).toMatchObject({
      status: 405,
      body: Buffer.alloc(0),
    });
  });
});
