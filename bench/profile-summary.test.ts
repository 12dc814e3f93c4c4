import { describe, expect, it } from 'vitest';
import { type CpuProfile, summarizeProfile } from './profile-summary.js';

const frame = (id: number, functionName: string, url = '') => ({
  id,
  callFrame: { functionName, url, lineNumber: 9 },
});

/** Samples 1 ms apart: set-up in the fake, then the load's window. */
const profile: CpuProfile = {
  nodes: [
    frame(1, '(root)'),
    frame(2, '(garbage collector)'),
    frame(3, '(idle)'),
    frame(4, 'writev'),
    frame(5, 'parserOnIncoming', 'node:_http_server'),
    frame(6, 'runOperation', 'file:///repo/.build/fake-server.mjs'),
    frame(7, 'bulkSeed', 'file:///repo/.build/fake-server.mjs'),
  ],
  startTime: 1_000_000,
  endTime: 1_010_000,
  // 0-2 ms: set-up (bulkSeed); 3-9 ms: the load.
  samples: [7, 7, 7, 6, 6, 4, 4, 4, 5, 2],
  timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
};

describe('summarizeProfile', () => {
  it('splits the window by place and ranks the functions that took the most time themselves', () => {
    const s = summarizeProfile(profile, { fromMs: 3.5 });
    expect(s.ms).toEqual({
      gc: 1,
      idle: 0,
      'socket writes': 3,
      'node core': 1,
      'fake bundle': 2,
      other: 0,
    });
    expect(s.top.map((t) => t.fn)).toEqual([
      'writev',
      'runOperation fake-server.mjs:10',
      'parserOnIncoming node:_http_server:10',
    ]);
    expect(s.top[0]!.share).toBeCloseTo(3 / 6);
  });

  it('leaves the set-up out of the window, and takes the whole profile without one', () => {
    expect(summarizeProfile(profile, { fromMs: 3.5 }).top.some((t) => t.fn.startsWith('bulkSeed'))).toBe(
      false,
    );
    const whole = summarizeProfile(profile);
    expect(whole.ms['fake bundle']).toBe(5);
    expect(whole.top[0]!.fn).toBe('bulkSeed fake-server.mjs:10');
    expect(summarizeProfile(profile, { toMs: 2.5 }).ms['fake bundle']).toBe(2);
  });
});
