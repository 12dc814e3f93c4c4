/** The two strengths of assertion and the spent-quota rule, as a test sees them. */
import { afterEach, describe, expect, it } from 'vitest';
import { rawResponse } from '../target/exchange.js';
import { inconclusiveReason } from '../target/quota.js';
import { expectError, statingClauses } from './envelope.js';
import { assumed, markInconclusive, StrengthRuleError, setAssumedStrength } from './strength.js';

// What these tests record about themselves is their subject, not evidence on the clauses they name.
afterEach((ctx) => {
  setAssumedStrength(true);
  delete ctx.task.meta.assumedChecks;
  delete ctx.task.meta.assumedWarnings;
  delete ctx.task.meta.inconclusive;
});

const fails = () => expect(422).toBe(400);

describe('assumed() [HARNESS-TWO-STRENGTHS]', () => {
  it('against the fake a failing assumed check fails like a hard one', (ctx) => {
    setAssumedStrength(true);
    expect(() => assumed('ERR-INVALID-PARAMS-STATUS', fails)).toThrow(/expected 422 to be 400/);
    expect(ctx.task.meta.assumedChecks).toEqual(['ERR-INVALID-PARAMS-STATUS']);
    expect(ctx.task.meta.assumedWarnings).toBeUndefined();
  });

  it('against another target it records a warning with the evidence and lets the test go on', (ctx) => {
    setAssumedStrength(false);
    expect(assumed('ERR-INVALID-PARAMS-STATUS', fails)).toBe(false);
    expect(assumed('RATE-HEADERS', () => {})).toBe(true);
    expect(ctx.task.meta.assumedChecks).toEqual(['ERR-INVALID-PARAMS-STATUS', 'RATE-HEADERS']);
    expect(ctx.task.meta.assumedWarnings).toEqual([
      { clauseId: 'ERR-INVALID-PARAMS-STATUS', message: expect.stringMatching(/expected 422 to be 400/) },
    ]);
  });

  it('takes async checks the same way', async (ctx) => {
    setAssumedStrength(false);
    expect(await assumed('RATE-HEADERS', async () => fails())).toBe(false);
    setAssumedStrength(true);
    await expect(assumed('RATE-HEADERS', async () => fails())).rejects.toThrow(/expected 422/);
    expect(ctx.task.meta.assumedWarnings).toHaveLength(1);
  });

  it('expectError binds its exact refusal to the cited assumed clauses that state its status, and fails against the fake', () => {
    // A title is read for the clauses it cites; this test's own title cites harness clauses only.
    const title =
      'limits > unknown type [USAGE-LIMIT-UNKNOWN-TYPE, RATE-HEADERS, USAGE-LIMIT-BOUNDS-INCLUSIVE]';
    // RATE-HEADERS names no 400, USAGE-LIMIT-BOUNDS-INCLUSIVE is documented: the refusal is part of neither.
    expect(statingClauses(400, title)).toEqual(['USAGE-LIMIT-UNKNOWN-TYPE']);
    expect(statingClauses(404, title)).toEqual([]);
    setAssumedStrength(true);
    const unprocessable = rawResponse(
      422,
      {},
      JSON.stringify({ type: 'RXERROR', message: 'Invalid params' }),
    );
    expect(() => expectError(unprocessable, 400, 'Invalid params')).toThrow(/expected 422 to be 400/);
  });

  it('refuses a documented clause and an unknown id, whatever the target', () => {
    for (const fake of [true, false]) {
      setAssumedStrength(fake);
      expect(() => assumed('RATE-PLATFORM-1000', () => {})).toThrow(StrengthRuleError);
      expect(() => assumed('NO-SUCH-CLAUSE', () => {})).toThrow(/no such clause/);
    }
  });
});

describe('spent quota [HARNESS-INCONCLUSIVE-QUOTA]', () => {
  const limited = rawResponse(
    429,
    {},
    JSON.stringify({ type: 'RXERROR', message: 'Rate limit exceeded. Please try again later.' }),
  );
  const what = { operation: '/getMyProjects', credential: 'the owner token', rag: false };

  it('a 429 with the rate message in a test not about rate limits is inconclusive, with the reason', () => {
    expect(inconclusiveReason(limited, what, 'projects > lists them [PROJECTS-LIST]')).toMatch(
      /^inconclusive \(quota spent\): \/getMyProjects with the owner token answered 429 "Rate limit exceeded/,
    );
  });

  it('is the subject of a test citing a rate-limit clause, and no other status or message counts', () => {
    expect(inconclusiveReason(limited, what, 'cap [RATE-PLATFORM-1000]')).toBeUndefined();
    expect(inconclusiveReason(limited, what, 'cap [ERR-429-STATUS, CONV-ERROR-ENVELOPE]')).toBeUndefined();
    const other = rawResponse(429, {}, JSON.stringify({ type: 'RXERROR', message: 'Too many widgets' }));
    expect(inconclusiveReason(other, what, 'x [PROJECTS-LIST]')).toBeUndefined();
    const ok = rawResponse(200, {}, JSON.stringify({ type: 'RXSUCCESS', message: 'ok' }));
    expect(inconclusiveReason(ok, what, 'x [PROJECTS-LIST]')).toBeUndefined();
  });

  it('any 429 of a RAG endpoint counts (its error body is not shown)', () => {
    const native = rawResponse(
      429,
      {},
      JSON.stringify({ error: { message: 'slow down', type: 'rate_limit_error' } }),
    );
    expect(inconclusiveReason(native, { ...what, rag: true }, 'x [RAG-SOURCES]')).toMatch(/"slow down"/);
  });

  it('markInconclusive keeps the first reason on the test', (ctx) => {
    markInconclusive('first');
    markInconclusive('second');
    expect(ctx.task.meta.inconclusive).toBe('first');
  });
});
