/** `npm run mutation`'s usage errors: one line naming the problem, exit 2, and nothing run or written. */
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const script = resolve(import.meta.dirname, 'mutation.mjs');
const merged = resolve(import.meta.dirname, '..', 'reports', 'mutation', 'mutation.json');
/** The merged report's modification time, or null when there is none. */
const mergedAt = () => (existsSync(merged) ? statSync(merged).mtimeMs : null);

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args]);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run mutation, usage errors [HARNESS-MUTATION]', () => {
  it.each([
    [['--layer', 'views'], /^--layer views: one of domain, http$/],
    [['--chunk', 'http-99'], /^unknown chunk http-99; chunks: domain-1, .*http-1/],
    [['--report', '--fresh'], /^--report runs nothing: it takes no --fresh or --chunk$/],
    [['--report', '--chunk', 'http-1'], /^--report runs nothing/],
  ])('%j: one line, exit 2', async (args, says) => {
    const before = mergedAt();
    const { code, stdout, stderr } = await run(...args);
    expect(mergedAt()).toBe(before);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr.trim()).toMatch(says);
  });
});
