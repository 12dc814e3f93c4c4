/** A rule's run selects the tests citing its clause, in the files naming it, and no test citing a longer id. */
import { describe, expect, it } from 'vitest';
import { citing, selectionFor } from './selection.js';

describe('selecting the tests of a clause [HARNESS-BROKEN-SERVERS]', () => {
  it('matches the id in any bracket group of a full name, alone or among others, and nothing longer', () => {
    const re = new RegExp(citing('RATE-PLATFORM-1000'));
    expect(re.test('cap > 1000 requests [RATE-PLATFORM-1000]')).toBe(true);
    expect(re.test('cap [ERR-429-STATUS] > a [RATE-429-MESSAGE, RATE-PLATFORM-1000, RATE-HEADERS]')).toBe(
      true,
    );
    expect(re.test('cap [RATE-PLATFORM-1000-X]')).toBe(false);
    expect(re.test('cap [X-RATE-PLATFORM-1000]')).toBe(false);
    expect(re.test('cap RATE-PLATFORM-1000 without brackets')).toBe(false);
  });

  it('keeps the files whose text names one of the ids; the pattern matches any of them', () => {
    const files = [
      { file: 'suites/a.test.ts', text: "it('x [A-B]')" },
      { file: 'suites/b.test.ts', text: "it('y [C-D, E-F]')" },
      { file: 'suites/c.test.ts', text: "it('z [G-H]')" },
    ];
    const s = selectionFor(['A-B', 'E-F', 'A-B'], files);
    expect(s.files).toEqual(['suites/a.test.ts', 'suites/b.test.ts']);
    expect(s.pattern.test('y [C-D, E-F]')).toBe(true);
    expect(s.pattern.test('z [G-H]')).toBe(false);
  });
});
