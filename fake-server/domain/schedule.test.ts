/**
 * Schedule, the min-heap the session sweep asks what is due (FAKE-PAGE-COST): records come out in time order and
 * only when due, a record keeps its earliest entry, and an entry left behind by an earlier one is never handed out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Schedule } from './schedule.js';

type Rec = { name: string; at: number };

const dueBy = (now: number) => (time: number) => time <= now;

/** Everything due by `now`, in the order the schedule hands it out. */
function drain(schedule: Schedule<Rec>, now: number): Rec[] {
  const out: Rec[] = [];
  for (let r = schedule.next(dueBy(now)); r !== undefined; r = schedule.next(dueBy(now))) out.push(r);
  return out;
}

describe('Schedule [FAKE-PAGE-COST]', () => {
  it('hands out every record once, in time order, and only once it is due', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 70 }), { minLength: 1, maxLength: 6 }),
        (times, stops) => {
          const records = times.map((at, i) => ({ name: `r${i}`, at }));
          const schedule = new Schedule<Rec>((r) => r.at);
          for (const r of records) schedule.schedule(r);
          expect(schedule.size).toBe(records.length);
          const seen: Rec[] = [];
          for (const now of [...stops].sort((a, b) => a - b)) {
            const due = drain(schedule, now);
            for (const r of due) expect(r.at).toBeLessThanOrEqual(now);
            seen.push(...due);
            const left = records.filter((r) => !seen.includes(r));
            for (const r of left) expect(r.at).toBeGreaterThan(now);
          }
          expect(seen.map((r) => r.at)).toEqual(
            records
              .map((r) => r.at)
              .filter((at) => at <= Math.max(...stops))
              .sort((a, b) => a - b),
          );
        },
      ),
    );
  });

  it('pops past a subtree whose least entry is later than the heap’s last entry', () => {
    // The heap holds 1 | 5 2 | 6 7 8 9 | 6: taking 1 moves the last 6 to the top, and it must stop above 8.
    const schedule = new Schedule<Rec>((r) => r.at);
    for (const at of [1, 5, 2, 6, 7, 8, 9, 6]) schedule.schedule({ name: `at ${at}`, at });
    expect(drain(schedule, 100).map((r) => r.at)).toEqual([1, 2, 5, 6, 6, 7, 8, 9]);
  });

  it('keeps a record’s earlier entry when its time moves later: it comes due there, and once', () => {
    const a = { name: 'a', at: 10 };
    const schedule = new Schedule<Rec>((r) => r.at);
    schedule.schedule(a);
    a.at = 30;
    schedule.schedule(a);
    schedule.schedule(a);
    expect(schedule.size).toBe(1);
    expect(drain(schedule, 9)).toEqual([]);
    expect(drain(schedule, 10)).toEqual([a]);
    expect(drain(schedule, 100)).toEqual([]);
    expect(schedule.size).toBe(0);
  });

  it('a record scheduled again at the time it is queued at keeps one entry', () => {
    const a = { name: 'a', at: 10 };
    const schedule = new Schedule<Rec>((r) => r.at);
    for (let i = 0; i < 5; i += 1) schedule.schedule(a);
    expect(schedule.size).toBe(1);
    expect(drain(schedule, 10)).toEqual([a]);
    expect(schedule.size).toBe(0);
  });

  it('a record whose time moved earlier comes due at the new time; its later entry is dropped, not handed out again', () => {
    const a = { name: 'a', at: 30 };
    const b = { name: 'b', at: 40 };
    const schedule = new Schedule<Rec>((r) => r.at);
    schedule.schedule(a);
    schedule.schedule(b);
    a.at = 10;
    schedule.schedule(a);
    expect(schedule.size).toBe(3);
    expect(drain(schedule, 10)).toEqual([a]);
    expect(drain(schedule, 35)).toEqual([]);
    expect(schedule.size).toBe(1);
    expect(drain(schedule, 40)).toEqual([b]);
    // Taken off, a record can be scheduled again, at any time.
    a.at = 5;
    schedule.schedule(a);
    expect(drain(schedule, 50)).toEqual([a]);
  });

  it('nothing is due in an empty schedule, whatever isDue says', () => {
    const schedule = new Schedule<Rec>((r) => r.at);
    expect(schedule.next(() => true)).toBeUndefined();
    expect(schedule.size).toBe(0);
  });
});
