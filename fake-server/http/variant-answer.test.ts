/**
 * What the variant's rewrites read from a finished answer (FAKE-VARIANT): which bodies are plain JSON objects, which
 * are RXERROR or RXSUCCESS envelopes, the message of an envelope or of a native RAG error, and which answers the
 * harness made (a scripted error reply, an injected fault), whose status no axis changes.
 */
import { describe, expect, it } from 'vitest';
import { ERROR, SUCCESS } from '../../contract/index.js';
import { isErrorEnvelope, isObject, isSuccessEnvelope, madeByHarness, messageOf } from './variant-answer.js';
import { answerOf } from './variant-answer.test-support.js';

describe('the answer as the variant reads it [FAKE-VARIANT]', () => {
  it('isObject: a plain object, with or without a prototype; no array, Buffer, Date, class instance or scalar', () => {
    expect(isObject({ a: 1 })).toBe(true);
    expect(isObject(Object.create(null))).toBe(true);
    for (const v of [[], Buffer.from('{}'), new Date(0), new (class Box {})(), null, undefined, 'x', 1]) {
      expect(isObject(v)).toBe(false);
    }
  });

  it('isErrorEnvelope / isSuccessEnvelope: the type of the envelope and a string message, nothing less', () => {
    const shapes: [unknown, boolean, boolean][] = [
      [{ type: ERROR, message: 'm' }, true, false],
      [{ type: SUCCESS, message: 'm' }, false, true],
      [{ type: ERROR }, false, false],
      [{ type: SUCCESS }, false, false],
      [{ type: ERROR, message: 1 }, false, false],
      [{ type: SUCCESS, message: null }, false, false],
      [{ message: 'm' }, false, false],
      [null, false, false],
    ];
    for (const [body, error, success] of shapes) {
      const b = body as Record<string, unknown> | null;
      expect([isErrorEnvelope(b), isSuccessEnvelope(b)]).toEqual([error, success]);
    }
  });

  it('messageOf: an envelope’s message, else a native error’s nested one, else none', () => {
    expect(messageOf({ type: ERROR, message: 'Project not found' })).toBe('Project not found');
    expect(messageOf({ message: 'top', error: { message: 'nested' } })).toBe('top');
    expect(messageOf({ error: { type: 'invalid_request_error', message: 'Bad model' } })).toBe('Bad model');
    expect(messageOf({ type: 'error', error: { message: 'Overloaded' } })).toBe('Overloaded');
    for (const b of [
      null,
      {},
      { message: 3 },
      { error: 'flat' },
      { error: { message: 3 } },
      { error: null },
    ]) {
      expect(messageOf(b)).toBeUndefined();
    }
  });

  it('madeByHarness: a scripted error reply (state flag) or an injected fault’s message; nothing else [FAKE-MODEL-SCRIPT, FAKE-FAULT-INJECTION]', () => {
    const scripted = answerOf(402, { error: { message: 'Insufficient credits' } }).ctx;
    expect(madeByHarness(scripted)).toBe(false);
    scripted.state.scriptedError = true;
    expect(madeByHarness(scripted)).toBe(true);
    expect(madeByHarness(answerOf(503, { type: ERROR, message: 'Injected fault: 503' }).ctx)).toBe(true);
    expect(madeByHarness(answerOf(503, { error: { message: 'Injected fault: 503' } }).ctx)).toBe(true);
    expect(madeByHarness(answerOf(503, { type: ERROR, message: 'Service unavailable' }).ctx)).toBe(false);
    expect(madeByHarness(answerOf(503, 'Injected fault: 503').ctx)).toBe(false);
  });
});
