/**
 * IndexedMap, the map the stores build on (FAKE-PAGE-COST): its indexes follow set, delete and clear, setting the
 * record a key already holds changes nothing, and every iteration over the whole map is counted.
 */
import { describe, expect, it } from 'vitest';
import { IndexedMap } from './indexed-map.js';

type Rec = { id: number; tag: string };

/** Records what the map asks its indexes to do. */
class Recording extends IndexedMap<Rec> {
  readonly calls: string[] = [];
  protected index(r: Rec): void {
    this.calls.push(`index ${r.tag}`);
  }
  protected unindex(r: Rec): void {
    this.calls.push(`unindex ${r.tag}`);
  }
  protected clearIndexes(): void {
    this.calls.push('clear');
  }
}

const rec = (id: number, tag: string): Rec => ({ id, tag });

describe('IndexedMap [FAKE-PAGE-COST]', () => {
  it('indexes a new record, re-indexes a replaced one, and leaves the record a key already holds alone', () => {
    const map = new Recording();
    const a = rec(1, 'a');
    map.set(1, a);
    expect(map.calls).toEqual(['index a']);
    map.set(1, a);
    expect(map.calls).toEqual(['index a']);
    map.set(1, rec(1, 'b'));
    expect(map.calls).toEqual(['index a', 'unindex a', 'index b']);
    expect(map.delete(1)).toBe(true);
    expect(map.delete(1)).toBe(false);
    expect(map.calls).toEqual(['index a', 'unindex a', 'index b', 'unindex b']);
    map.set(2, rec(2, 'c'));
    map.clear();
    expect(map.calls.slice(-2)).toEqual(['index c', 'clear']);
    expect(map.size).toBe(0);
  });

  it('counts the whole map on values(), entries(), forEach() and for…of, and hands out what it holds', () => {
    const map = new Recording();
    const records = [rec(1, 'a'), rec(2, 'b'), rec(3, 'c')];
    for (const r of records) map.set(r.id, r);
    const counter = { visited: 0 };
    map.cost = counter;
    expect([...map.values()]).toEqual(records);
    expect(counter.visited).toBe(3);
    expect([...map.entries()]).toEqual(records.map((r) => [r.id, r]));
    expect(counter.visited).toBe(6);
    const seen: [number, Rec][] = [];
    map.forEach(function (this: unknown, value, key, whole) {
      expect(this).toBe(counter);
      expect(whole).toBe(map);
      seen.push([key, value]);
    }, counter);
    expect(seen).toEqual(records.map((r) => [r.id, r]));
    expect(counter.visited).toBe(9);
    expect([...map]).toEqual(records.map((r) => [r.id, r]));
    expect(counter.visited).toBe(12);
    // Reads of one key are not iterations.
    expect(map.get(2)).toBe(records[1]);
    expect(map.has(3)).toBe(true);
    expect(counter.visited).toBe(12);
  });
});
