/**
 * A run whose target went away says so first (HARNESS-TRANSPORT-SILENCE): targetSilence finds the silent end of a
 * run from its tests' outcomes, and only a silent end: a blip in the middle, slow answers, or too few tests are not.
 */
import { describe, expect, it } from 'vitest';
import { type AnsweredTest, targetSilence } from './silence.js';

const T0 = Date.parse('2026-03-01T03:00:00.000Z');
const s = (seconds: number) => T0 + seconds * 1000;
const sent = { 'platform|the owner token': 2 };

/** A test that got its answers, started at `at` seconds, lasting `ms`. */
const answeredAt = (at: number, ms = 200): AnsweredTest => ({
  startedAt: s(at),
  durationMs: ms,
  requests: sent,
});
/** A test whose request got no answer at `at` seconds. */
const silentAt = (at: number, cause = 'connection refused', connection = true): AnsweredTest => ({
  startedAt: s(at) - 5,
  durationMs: 10,
  requests: sent,
  noAnswers: [{ at: s(at), cause, connection }],
});

describe('targetSilence [HARNESS-TRANSPORT-SILENCE]', () => {
  it('a target stopped half-way: its time, the tests after it, the cause, and the line printed first', () => {
    const tests = [
      ...[1, 2, 3, 4, 5].map((t) => answeredAt(t)),
      ...[761, 762, 763, 764].map((t) => silentAt(t)),
      // A test that needed nothing of the target (skipped before sending) is no evidence either way.
      { startedAt: s(770), durationMs: 0 },
    ];
    expect(targetSilence(tests)).toEqual({
      since: '2026-03-01T03:12:41.000Z',
      tests: 4,
      cause: 'connection refused',
      line: 'the target stopped answering at 03:12:41 UTC: 4 tests after that got no answer (connection refused); the verdict below covers what ran before',
    });
  });

  it('the tests are put in time order (files ran side by side), and the commonest cause is named', () => {
    const tests = [
      silentAt(103, 'connection reset'),
      answeredAt(50),
      silentAt(101),
      silentAt(102),
      answeredAt(10),
      silentAt(104),
    ];
    const silence = targetSilence(tests);
    expect(silence?.since).toBe(new Date(s(101)).toISOString());
    expect(silence?.tests).toBe(4);
    expect(silence?.cause).toBe('connection refused');
  });

  it('a test that passed in the middle of many silent ones does not hide the end (90% are enough)', () => {
    const tests = [
      answeredAt(1),
      ...Array.from({ length: 12 }, (_, i) => silentAt(100 + i)),
      answeredAt(105),
    ];
    expect(targetSilence(tests)?.tests).toBe(12);
    expect(targetSilence(tests)?.since).toBe(new Date(s(100)).toISOString());
  });

  it('a blip in the middle of a run that went on answering is no silent end', () => {
    const tests = [answeredAt(1), silentAt(2), silentAt(3), silentAt(4), answeredAt(5), answeredAt(6)];
    expect(targetSilence(tests)).toBeUndefined();
  });

  it('slow answers (timeouts) are not a target that went away', () => {
    const tests = [answeredAt(1), ...[2, 3, 4, 5].map((t) => silentAt(t, 'timeout', false))];
    expect(targetSilence(tests)).toBeUndefined();
  });

  it('fewer than three silent tests at the end say nothing', () => {
    expect(targetSilence([answeredAt(1), silentAt(2), silentAt(3)])).toBeUndefined();
    expect(targetSilence([answeredAt(1), silentAt(2), silentAt(3), silentAt(4)])?.tests).toBe(3);
  });

  it('a run with no times (a report from before they were kept) says nothing', () => {
    expect(
      targetSilence([{ durationMs: 5, noAnswers: [{ cause: 'connection refused', connection: true }] }]),
    ).toBe(undefined);
    expect(targetSilence([])).toBeUndefined();
  });
});
