/** The reporter's reading of a test that failed on a spent-quota stop. */
import { describe, expect, it } from 'vitest';
import { inconclusiveStopIn } from './clause-reporter.js';

describe('inconclusive stops inside failures [HARNESS-INCONCLUSIVE-QUOTA]', () => {
  it('finds the stop a property swallowed, in the cause of its failure', () => {
    const note = 'inconclusive (quota spent): the request budget of the owner token is spent';
    const errors = [
      {
        message: 'Property failed after 1 tests',
        cause: { message: 'test is skipped', code: 'VITEST_PENDING', note },
      },
    ];
    expect(inconclusiveStopIn(errors as never)).toBe(note);
  });

  it('ignores ordinary failures and stops of another kind', () => {
    expect(inconclusiveStopIn([{ message: 'expected 400 to be 422' }] as never)).toBeUndefined();
    const other = [{ message: 'x', cause: { code: 'VITEST_PENDING', note: 'target has no control API' } }];
    expect(inconclusiveStopIn(other as never)).toBeUndefined();
    expect(inconclusiveStopIn(undefined)).toBeUndefined();
  });
});
