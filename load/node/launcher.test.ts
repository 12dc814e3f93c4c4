import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  findExecutable,
  installUrl,
  parseK6Version,
  plan,
  scriptNames,
  versionAtLeast,
} from '../../scripts/load.mjs';
import { scriptNames as libScriptNames } from '../lib/scripts.ts';

const onlyAt =
  (...paths: string[]) =>
  (p: string) =>
    paths.includes(p);

describe('npm run load:<script> (scripts/load.mjs) [LOAD-LAUNCHER]', () => {
  it('knows the same scripts as load/lib, each with its npm script and its file', () => {
    expect(scriptNames).toEqual([...libScriptNames]);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    for (const name of scriptNames) {
      expect(pkg.scripts[`load:${name}`]).toBe(`node scripts/load.mjs ${name}`);
      expect(readFileSync(`load/${name}.ts`, 'utf8')).toContain('export const options');
    }
  });

  it('runs k6 from PATH with the script, the extra options and an absolute TARGET_FILE', () => {
    const decision = plan({
      argv: ['rag-cap', '--target', 'staging.json', '--quiet'],
      env: { PATH: '/usr/bin:/opt/k6/bin', INIT_CWD: '/home/qa', PLAN: 'professional' },
      cwd: '/repo',
      platform: 'linux',
      isExecutable: onlyAt('/opt/k6/bin/k6'),
    });
    expect(decision).toEqual({
      action: 'run',
      command: '/opt/k6/bin/k6',
      args: ['run', '--quiet', 'load/rag-cap.ts'],
      env: {
        PATH: '/usr/bin:/opt/k6/bin',
        INIT_CWD: '/home/qa',
        PLAN: 'professional',
        TARGET_FILE: '/home/qa/staging.json',
      },
    });
  });

  it('takes K6_BIN before PATH and keeps an absolute TARGET_FILE', () => {
    const decision = plan({
      argv: ['smoke'],
      env: { K6_BIN: '/tools/k6', TARGET_FILE: '/etc/t.json', PATH: '' },
      cwd: '/repo',
      isExecutable: () => false,
    });
    expect(decision).toMatchObject({
      action: 'run',
      command: '/tools/k6',
      env: { TARGET_FILE: '/etc/t.json' },
    });
  });

  it('without k6: exits 127 and says how to install it, and the Node-side alternative', () => {
    const decision = plan({
      argv: ['platform-token-cap'],
      env: { PATH: '/usr/bin' },
      cwd: '/repo',
      isExecutable: () => false,
    });
    expect(decision.action).toBe('fail');
    if (decision.action !== 'fail') return;
    expect(decision.code).toBe(127);
    for (const line of [
      'k6 is not installed',
      installUrl,
      'v0.57.0',
      'brew install k6',
      'apt-get install k6',
      'choco install k6',
      'grafana/k6 run load/platform-token-cap.ts',
      'npm run load:node -- --target',
    ]) {
      expect(decision.message).toContain(line);
    }
  });

  it('rejects an unknown script or a --target without a file (exit 2)', () => {
    const base = { env: { PATH: '' }, cwd: '/repo', isExecutable: () => true };
    expect(plan({ ...base, argv: ['stress'] })).toMatchObject({ action: 'fail', code: 2 });
    expect(plan({ ...base, argv: [] })).toMatchObject({ action: 'fail', code: 2 });
    expect(plan({ ...base, argv: ['smoke', '--target'] })).toMatchObject({ action: 'fail', code: 2 });
  });

  it('finds k6 on Windows with its extension', () => {
    expect(
      findExecutable('k6', 'C:\\a;C:\\k6', { platform: 'win32', isExecutable: onlyAt('C:\\k6/k6.exe') }),
    ).toBe('C:\\k6/k6.exe');
  });

  it('reads the k6 version and requires v0.57 or later (TypeScript without flags)', () => {
    expect(parseK6Version('k6 v0.57.0 (go1.23.6, linux/amd64)')).toEqual([0, 57, 0]);
    expect(parseK6Version('k6 v1.3.0 (commit/abc, go1.24)')).toEqual([1, 3, 0]);
    expect(parseK6Version('')).toBeUndefined();
    expect(versionAtLeast([0, 57, 0], [0, 57, 0])).toBe(true);
    expect(versionAtLeast([1, 0, 0], [0, 57, 0])).toBe(true);
    expect(versionAtLeast([0, 56, 2], [0, 57, 0])).toBe(false);
  });
});
