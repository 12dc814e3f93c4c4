import { describe, expect, it } from 'vitest';
import { createVirtualClock, ISO_CACHE_SIZE, iso } from './clock.js';

describe('virtual clock [FAKE-DETERMINISTIC-SEED]', () => {
  it('frozen: moves only when advanced or set, never backwards', () => {
    const clock = createVirtualClock(1_000);
    expect(clock.now()).toBe(1_000);
    expect(clock.advance(500)).toBe(1_500);
    expect(clock.set(4_000)).toBe(4_000);
    expect(() => clock.set(3_999)).toThrow(RangeError);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(clock.now()).toBe(4_000);
  });

  it('standing still is allowed: advance(0) and set(now) keep the time; going back says why it is refused', () => {
    const clock = createVirtualClock(1_000);
    expect(clock.advance(0)).toBe(1_000);
    expect(clock.set(1_000)).toBe(1_000);
    expect(() => clock.advance(-1)).toThrow('the clock only moves forward');
    expect(() => clock.set(999)).toThrow('the clock only moves forward');
    expect(() => clock.advance(Number.NaN)).toThrow('the clock only moves forward');
    expect(() => clock.set(Number.POSITIVE_INFINITY)).toThrow('the clock only moves forward');
  });

  it('ticking: follows the wall-time source from its start, plus any jumps', () => {
    let wall = 50_000;
    const clock = createVirtualClock(1_000, () => wall);
    expect(clock.now()).toBe(1_000);
    wall += 250;
    expect(clock.now()).toBe(1_250);
    expect(clock.advance(3_600_000)).toBe(3_601_250);
    wall += 10;
    expect(clock.now()).toBe(3_601_260);
    expect(clock.set(5_000_000)).toBe(5_000_000);
    wall += 1;
    expect(clock.now()).toBe(5_000_001);
  });
});

describe('iso', () => {
  it('formats as toISOString, also after its kept strings overflow, and throws for invalid instants', () => {
    const instants = Array.from({ length: ISO_CACHE_SIZE * 2 + 7 }, (_, i) => 1_700_000_000_000 + i * 997.5);
    for (const pass of [1, 2]) {
      for (const ms of instants) expect(iso(ms), `pass ${pass}`).toBe(new Date(ms).toISOString());
    }
    expect(iso(-0)).toBe(new Date(0).toISOString());
    expect(() => iso(Number.NaN)).toThrow(RangeError);
    expect(() => iso(Number.NaN)).toThrow(RangeError);
    expect(() => iso(8.64e15 + 1)).toThrow(RangeError);
  });
});
