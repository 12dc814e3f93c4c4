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
