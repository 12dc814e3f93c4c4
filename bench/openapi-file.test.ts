/** `npm run openapi` as a command: --help prints usage and writes nothing; a bad option is one line and exit 2. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const run = (args: string[], cwd: string) =>
  spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'bench/openapi-file.ts'), ...args], {
    cwd,
    encoding: 'utf8',
  });

describe('npm run openapi [FAKE-OPENAPI-DOCUMENT]', () => {
  it('--help prints the usage, exits 0 and writes no file', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'openapi-cli-'));
    const out = run(['--help'], cwd);
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/^Usage: npm run openapi -- \[FILE\]/);
    expect(readdirSync(cwd)).toEqual([]);
  }, 60_000);

  it('an unknown option: one line naming it, exit 2, nothing written; a FILE gets the document', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'openapi-cli-'));
    const bad = run(['--bogus'], cwd);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe("openapi: Unknown option '--bogus' (--help lists the options)");
    expect(readdirSync(cwd)).toEqual([]);
    const good = run(['api.json'], cwd);
    expect(good.status).toBe(0);
    expect(existsSync(join(cwd, 'api.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(cwd, 'api.json'), 'utf8')).openapi).toMatch(/^3\.1/);
  }, 60_000);
});
