import { describe, expect, it } from 'vitest';
import { statusAfterIdle } from './session-lifecycle.js';

const MIN = 60_000;
const defaults = { auto_close_duration: 1440, auto_resolve_duration: 60 };

describe('session lifecycle on inactivity', () => {
  it('open stays open before auto_resolve_duration, resolves at it [SESSION-AUTO-RESOLVE]', () => {
    expect(statusAfterIdle('open', 60 * MIN - 1, defaults)).toBe('open');
    expect(statusAfterIdle('open', 60 * MIN, defaults)).toBe('resolved');
  });

  it('open or resolved closes at auto_close_duration, and closed stays closed [SESSION-AUTO-CLOSE, SESSION-CLOSE-PERMANENT]', () => {
    expect(statusAfterIdle('open', 1440 * MIN, defaults)).toBe('closed');
    expect(statusAfterIdle('resolved', 1440 * MIN - 1, defaults)).toBe('resolved');
    expect(statusAfterIdle('resolved', 1440 * MIN, defaults)).toBe('closed');
    expect(statusAfterIdle('closed', 0, defaults)).toBe('closed');
  });

  it('the shorter duration fires first; equal durations close [SESSION-INACTIVITY-PRECEDENCE]', () => {
    const closeFirst = { auto_close_duration: 10, auto_resolve_duration: 30 };
    expect(statusAfterIdle('open', 10 * MIN, closeFirst)).toBe('closed');
    const equal = { auto_close_duration: 15, auto_resolve_duration: 15 };
    expect(statusAfterIdle('open', 15 * MIN, equal)).toBe('closed');
    expect(statusAfterIdle('open', 15 * MIN - 1, equal)).toBe('open');
  });
});
