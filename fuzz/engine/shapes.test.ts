/** The answer checks on hand-made answers: what each shape accepts and refuses, and what counts as a leak. */
import { describe, expect, it } from 'vitest';
import { operationById } from '../../contract/index.js';
import type { FuzzResponse } from './exchange.js';
import { LeakDetector } from './leak.js';
import { isParserEnvelope, shapeProblem, streamProblem } from './shapes.js';

const json = (status: number, body: unknown, headers: Record<string, string> = {}): FuzzResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
});
const error = (message: string) => ({ type: 'RXERROR', message });

describe('answer shapes [FUZZ-ERROR-SHAPE]', () => {
  it('the envelope: an error envelope passes; a bare string, another JSON or a non-JSON type does not [ERR-ENVELOPE, CONV-RESPONSE-JSON]', () => {
    expect(shapeProblem('envelope', json(404, error('Route not found')), undefined)).toBeUndefined();
    expect(shapeProblem('envelope', json(400, '"Bad request"'), undefined)).toMatch(/not the error envelope/);
    expect(shapeProblem('envelope', json(400, { error: 'x' }), undefined)).toMatch(/not the error envelope/);
    expect(
      shapeProblem(
        'envelope',
        { status: 400, headers: { 'content-type': 'text/html' }, body: Buffer.from('<h1>') },
        undefined,
      ),
    ).toMatch(/is not JSON/);
  });

  it("a success must be the operation's success envelope with its data, status 200, and never on a path with no operation [CONV-SUCCESS-ENVELOPE, CONV-SUCCESS-200]", () => {
    const models = operationById('getSupportedModels');
    const ok = { type: 'RXSUCCESS', message: 'ok', data: [{ value: 'gpt-4o-mini', tier: 0 }] };
    expect(shapeProblem('envelope', json(200, ok), models)).toBeUndefined();
    expect(shapeProblem('envelope', json(201, ok), models)).toMatch(/not 200/);
    expect(shapeProblem('envelope', json(200, { ...ok, data: 'x' }), models)).toMatch(
      /success does not match/,
    );
    expect(shapeProblem('envelope', json(200, ok), undefined)).toMatch(/no operation answers/);
    expect(shapeProblem('envelope', json(302, ok), models)).toMatch(/neither a success nor an error/);
  });

  it('on a RAG path the native error body passes, the envelope does not [RAG-ERROR-SHAPE]', () => {
    const openai = { error: { message: 'x', type: 'invalid_request_error', param: null, code: null } };
    const anthropic = { type: 'error', error: { type: 'invalid_request_error', message: 'x' } };
    expect(shapeProblem('openai', json(400, openai), undefined)).toBeUndefined();
    expect(shapeProblem('anthropic', json(400, anthropic), undefined)).toBeUndefined();
    expect(shapeProblem('openai', json(400, anthropic), undefined)).toMatch(/not the openai error body/);
    expect(shapeProblem('anthropic', json(404, error('Route not found')), undefined)).toMatch(
      /not the anthropic error body/,
    );
  });

  it("the HTTP layer's envelope is accepted on any path only with its own statuses, messages and Connection: close [FAKE-HTTP-LAYER-ENVELOPE]", () => {
    const close = { connection: 'close' };
    expect(isParserEnvelope(json(400, error('Invalid params: malformed HTTP request'), close))).toBe(true);
    expect(isParserEnvelope(json(431, error('Request header fields too large'), close))).toBe(true);
    expect(isParserEnvelope(json(405, error('Method CONNECT not allowed'), close))).toBe(true);
    expect(isParserEnvelope(json(400, error('Invalid params'), close))).toBe(false);
    expect(isParserEnvelope(json(400, error('Invalid params: malformed HTTP request')))).toBe(false);
    expect(
      shapeProblem(
        'openai',
        json(400, error('Invalid params: the Host header is missing'), close),
        undefined,
      ),
    ).toBeUndefined();
  });

  it('an event stream must parse, match its dialect and end with [DONE] or message_stop [RAG-OPENAI-STREAM, RAG-ANTHROPIC-STREAM]', () => {
    const chunk = { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [] };
    expect(streamProblem('openai', `data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`)).toBeUndefined();
    expect(streamProblem('openai', `data: ${JSON.stringify(chunk)}\n\n`)).toMatch(/\[DONE\]/);
    expect(streamProblem('openai', 'data: {"injected": malformed\n\ndata: [DONE]\n\n')).toMatch(/not JSON/);
    expect(
      streamProblem('anthropic', 'event: message_stop\ndata: {"type":"message_stop"}\n\n'),
    ).toBeUndefined();
    expect(streamProblem('anthropic', 'event: ping\ndata: {"type":"ping"}\n\n')).toMatch(/ends with ping/);
    expect(streamProblem('anthropic', 'event: ping\ndata: {"type":"ping"}')).toMatch(/event boundary/);
  });
});

describe('internal detail [FUZZ-NO-LEAK]', () => {
  const leaks = new LeakDetector(['/srv/fake']);

  it('finds stack frames, source locations, error classes, engine messages, error codes and the server directory', () => {
    expect(leaks.find('Error\n    at parse (/app/x.js:1:2)', '')).toMatch(/stack frame/);
    expect(leaks.find('failed in body.ts:12', '')).toMatch(/source location/);
    expect(leaks.find('TypeError: x', '')).toMatch(/error class/);
    expect(leaks.find("Cannot read properties of undefined (reading 'a')", '')).toMatch(/engine message/);
    expect(leaks.find('connect ECONNRESET', '')).toMatch(/system error code/);
    expect(leaks.find('see /srv/fake/data', '')).toMatch(/server directory/);
    expect(leaks.find('{"type":"RXERROR","message":"Invalid params"}', '')).toBeUndefined();
  });

  it('stays linear on long runs of word characters and words (a quadratic pattern once stalled a whole run)', () => {
    const started = performance.now();
    expect(leaks.find('a'.repeat(200_000), '')).toBeUndefined();
    expect(leaks.find('at word word word '.repeat(12_000), '')).toBeUndefined();
    expect(leaks.find(`\n   at ${'x'.repeat(200_000)}`, '')).toBeUndefined();
    const echoed = 'TypeError '.repeat(20_000);
    expect(leaks.find(echoed, echoed)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('text the request itself carried is an echo, not a leak', () => {
    expect(
      leaks.find('Unknown path: POST /api/v1/TypeError', 'POST /api/v1/TypeError HTTP/1.1'),
    ).toBeUndefined();
    expect(leaks.find('Unknown path: POST /api/v1/TypeError', 'POST /api/v1/x HTTP/1.1')).toMatch(
      /error class/,
    );
  });
});
