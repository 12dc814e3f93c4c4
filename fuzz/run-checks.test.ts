/** The run-level checks fail as they should: a dead or silent fake, logged errors, an inconsistent epoch. */
import { describe, expect, it } from 'vitest';
import type { EpochReport } from './engine/engine.js';
import { fakeOnPort } from './fuzz.test-support.js';
import { aliveCheck, stateChecks, unexpectedErrorsCheck } from './run-checks.js';

describe('run checks', () => {
  it('alive: passes while the fake answers; fails once its process is gone or it stops answering [FUZZ-NO-CRASH]', async () => {
    const fake = await fakeOnPort();
    expect(await aliveCheck(true, fake.config)).toMatchObject({ ok: true });
    expect(await aliveCheck(false, fake.config)).toMatchObject({
      ok: false,
      detail: 'the fake process has exited',
    });
    await fake.close();
    expect(await aliveCheck(true, fake.config)).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^no answer/),
    });
  });

  it('an unexpected error in the log fails [FUZZ-NO-CRASH, ERR-NEVER-5XX]', () => {
    expect(unexpectedErrorsCheck(0).ok).toBe(true);
    expect(unexpectedErrorsCheck(2)).toMatchObject({
      ok: false,
      detail: '2 "[fake] unexpected error" lines on its stderr',
    });
  });

  it('one inconsistent epoch or one failed list call fails the state checks [FUZZ-STATE-CONSISTENT]', () => {
    const epoch = (consistent: boolean, listOk: boolean): EpochReport => ({
      epoch: 0,
      firstCase: 0,
      cases: 1,
      done: 1,
      state: {
        consistency: {
          consistent,
          violationCount: consistent ? 0 : 1,
          violations: consistent ? [] : [{ invariant: 'session-refs', detail: 'session 1: project 9' }],
          checked: {},
        },
        lists: [{ operation: 'getSessions', ok: listOk, ...(listOk ? {} : { problem: 'status 500' }) }],
      },
    });
    expect(stateChecks([epoch(true, true), epoch(true, true)]).map((c) => c.ok)).toEqual([true, true]);
    const [consistency, lists] = stateChecks([epoch(true, true), epoch(false, false)]);
    expect(consistency).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/1 of 2 epochs consistent, 1 violations; first: session-refs/),
    });
    expect(lists).toMatchObject({ ok: false, detail: expect.stringMatching(/getSessions: status 500/) });
  });
});
