import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conformanceFiles as filesReachingTheTarget } from './conformance-files.js';
import { claimsOf, SHARED_DATA } from './shared-data.js';

const ROOT = join(import.meta.dirname, '../..');

/** Every conformance test file: the files that reach the target (conformance-files.ts, the one source). */
const conformanceFiles = filesReachingTheTarget(ROOT);

describe('what shared data each test file touches [HARNESS-CONCURRENT-FILES]', () => {
  it('declares every conformance test file, and no file that is gone', () => {
    expect(conformanceFiles.length).toBeGreaterThan(80);
    expect(conformanceFiles.filter((f) => !(f in SHARED_DATA))).toEqual([]);
    expect(Object.keys(SHARED_DATA).filter((f) => !conformanceFiles.includes(f))).toEqual([]);
  });

  it('runs an undeclared file alone, and a harness test with no claim', () => {
    expect(claimsOf('suites/platform/not-yet-declared.test.ts')).toMatchObject({
      claims: [{ mode: 'exclusive' }],
      alone: expect.stringMatching(/not declared/),
    });
    expect(claimsOf('suites/target/quota.test.ts')).toEqual({ claims: [] });
  });

  it('gives a file that reads back what it writes both claims, and every file a share of the whole target', () => {
    const { claims } = claimsOf('suites/platform/update-chatbot.test.ts');
    expect(claims).toContainEqual({ resource: 'settings', mode: 'read' });
    expect(claims).toContainEqual({ resource: 'settings', mode: 'write' });
    expect(
      claims.filter((c) => c.mode === 'read' && !['settings', 'directory'].includes(c.resource)),
    ).toHaveLength(1);
  });
});
