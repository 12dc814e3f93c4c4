/** What a failed test keeps of its exchanges for the report: the last two, redacted and cut. */
import { describe, expect, it } from 'vitest';
import { rawResponse } from './exchange.js';
import { exchangesOf, keepExchange, learnSecrets } from './exchange-note.js';

const req = (path: string, body: string, authorization = 'Bearer api-v1-abcdefghijklmnop') => ({
  method: 'POST',
  url: `http://127.0.0.1:4010/api/v1${path}`,
  headers: { authorization, 'content-type': 'application/json', 'user-agent': 'x' },
  body,
});

describe('exchanges of a failed test [REPORT-FAILURE-EXCHANGE]', () => {
  it('keeps the last two of the running test, with credentials redacted wherever they appear, and bodies cut', (ctx) => {
    learnSecrets(['apk-secretprojectkey123']);
    keepExchange(req('/a', '{}'), rawResponse(200, {}, '{}'));
    keepExchange(req('/b', '{"key":"apk-secretprojectkey123"}'), rawResponse(200, {}, '{}'));
    const long = `{"token":"api-v1-zyxwvutsrqponmlk","text":"${'x'.repeat(2000)}"}`;
    keepExchange(
      req('/c', '{}'),
      rawResponse(201, { 'content-type': 'application/json', 'set-cookie': 'a=b' }, long),
    );
    const notes = exchangesOf(ctx.task.id);
    expect(notes.map((n) => n.request.split('\n')[0])).toEqual(['POST /api/v1/b', 'POST /api/v1/c']);
    const all = JSON.stringify(notes);
    for (const secret of ['abcdefghijklmnop', 'secretprojectkey123', 'zyxwvutsrqponmlk'])
      expect(all).not.toContain(secret);
    expect(notes[0]!.request).toContain('authorization: Bearer api-v1-redacted');
    expect(notes[0]!.request).not.toContain('user-agent');
    expect(notes[1]!.response).toMatch(/^201\ncontent-type: application\/json\n\n\{"token":"api-v1-redacted/);
    expect(notes[1]!.response).toMatch(/… \(\d+ characters\)$/);
    expect(notes[1]!.response).not.toContain('set-cookie');
  });

  it('another test starts with none of them: only its own exchange is kept', (ctx) => {
    expect(exchangesOf(ctx.task.id)).toEqual([]);
    keepExchange(req('/d', '{}'), rawResponse(200, {}, '{}'));
    expect(exchangesOf(ctx.task.id).map((n) => n.request.split('\n')[0])).toEqual(['POST /api/v1/d']);
  });

  it("names the credential each request went out with, by the target config's name, never its value", (ctx) => {
    keepExchange(req('/e', '{}'), rawResponse(403, {}, '{}'), 'the viewer token');
    keepExchange(req('/f', '{}', ''), rawResponse(401, {}, '{}'), 'no credential');
    expect(exchangesOf(ctx.task.id).map((n) => [n.request.split('\n')[0], n.credential])).toEqual([
      ['POST /api/v1/e', 'the viewer token'],
      ['POST /api/v1/f', 'no credential'],
    ]);
  });
});
