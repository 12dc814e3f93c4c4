import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiToken } from './state.js';
import { tokenByValue } from './token-lookup.js';

const token = (id: number, value: string) => ({ id, value }) as ApiToken;
const scan = (tokens: Map<number, ApiToken>, value: string) =>
  [...tokens.values()].find((t) => t.value === value);

const step = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), v: fc.nat(30) }),
  fc.record({ kind: fc.constant('regenerate' as const), pick: fc.nat(), v: fc.nat(30) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), v: fc.nat(30) }),
  fc.record({ kind: fc.constant('find' as const), v: fc.nat(30) }),
);

describe('token lookup by value [TOKEN-REGENERATE-OLD-DIES, AUTH-BEARER-HEADER]', () => {
  it('finds what a scan of the store finds, through adds, regenerations, removals and replacements', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        const tokens = new Map<number, ApiToken>();
        let nextId = 1;
        let serial = 0;
        // Values stay unique, as generated ones are: a number picks among recent values, or a fresh one.
        const fresh = () => `tok-${serial++}`;
        const valueFor = (v: number) => (v < serial ? `tok-${serial - 1 - (v % serial)}` : fresh());
        const ids = () => [...tokens.keys()];
        for (const s of steps) {
          if (s.kind === 'add') tokens.set(nextId, token(nextId++, fresh()));
          else if (s.kind === 'find') {
            const value = valueFor(s.v);
            expect(tokenByValue(tokens, value)).toBe(scan(tokens, value));
          } else if (tokens.size > 0) {
            const id = ids()[s.pick % tokens.size]!;
            if (s.kind === 'regenerate') tokens.get(id)!.value = fresh();
            else if (s.kind === 'delete') tokens.delete(id);
            else tokens.set(id, token(id, tokens.get(id)!.value));
          }
          for (const t of tokens.values()) expect(tokenByValue(tokens, t.value)).toBe(t);
        }
      }),
    );
  });
});

/** A token store that counts how often it is scanned. */
class CountingStore extends Map<number, ApiToken> {
  scans = 0;
  override values(): MapIterator<ApiToken> {
    this.scans += 1;
    return super.values();
  }
}

describe('the token lookup index [AUTH-BEARER-HEADER]', () => {
  it('a value found once is found again without scanning the store', () => {
    const tokens = new CountingStore([
      [1, token(1, 'a')],
      [2, token(2, 'b')],
    ]);
    expect(tokenByValue(tokens, 'b')?.id).toBe(2);
    expect(tokens.scans).toBe(1);
    expect(tokenByValue(tokens, 'b')?.id).toBe(2);
    expect(tokenByValue(tokens, 'b')?.id).toBe(2);
    expect(tokens.scans).toBe(1);
  });

  it('old values are forgotten once the index holds twice the store plus 64 values, not before', () => {
    const tokens = new CountingStore([
      [1, token(1, 'a-0')],
      [2, token(2, 'b')],
    ]);
    tokenByValue(tokens, 'b');
    const regenerateAndFind = (n: number) => {
      tokens.get(1)!.value = `a-${n}`;
      expect(tokenByValue(tokens, `a-${n}`)?.id).toBe(1);
    };
    // 'b' plus 67 values of token 1: 68 = 2 × 2 + 64 entries, the most the index holds.
    for (let n = 1; n <= 67; n += 1) regenerateAndFind(n);
    const before = tokens.scans;
    expect(tokenByValue(tokens, 'b')?.id).toBe(2);
    expect(tokens.scans).toBe(before);
    // The next new value finds the index full: it starts over, and 'b' must be scanned for again.
    regenerateAndFind(68);
    const cleared = tokens.scans;
    expect(tokenByValue(tokens, 'b')?.id).toBe(2);
    expect(tokens.scans).toBe(cleared + 1);
  });
});
