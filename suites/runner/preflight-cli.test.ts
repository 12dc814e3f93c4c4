/**
 * A target that cannot be tested is one line per problem, exit 5, no verdict and no earlier report touched
 * (HARNESS-PREFLIGHT), through the real runner as a QA engineer starts it: a port where nothing listens, a wrong
 * path, a host that does not resolve, a mistyped owner token. The fake on a port passes.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TargetConfig } from '../../contract/index.js';
import { runConformance } from '../reporting/conformance-cli.test-support.js';
import { startInProcessTarget } from '../target/in-process.js';
import type { Target } from '../target/target.js';
import { PREFLIGHT_FILE } from './preflight.js';
import { EXIT_CODES } from './verdict-output.js';

const work = mkdtempSync(join(tmpdir(), 'preflight-cli-'));
let fake: Target;
let fakeConfig: TargetConfig;
let closedPort: number;

/** A loopback port nothing listens on (bound, read, released). */
const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

beforeAll(async () => {
  fake = await startInProcessTarget();
  fakeConfig = fake.config;
  closedPort = await freePort();
}, 60_000);
afterAll(async () => {
  await fake?.close();
  rmSync(work, { recursive: true, force: true });
});

const EARLIER = {
  json: '{"earlier":true}\n',
  html: '<p>earlier</p>\n',
  junit: '<testsuites name="earlier"/>\n',
};

/** Run the runner on `config` in a folder of its own whose reports/ holds an earlier report. */
async function runOn(name: string, config: unknown, args: string[] = []) {
  const dir = join(work, name);
  const reports = join(dir, 'reports');
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(reports, 'conformance.json'), EARLIER.json);
  writeFileSync(join(reports, 'conformance.html'), EARLIER.html);
  writeFileSync(join(reports, 'conformance.junit.xml'), EARLIER.junit);
  writeFileSync(join(dir, 'target.json'), JSON.stringify(config));
  const res = await runConformance(['--target', 'target.json', ...args], dir);
  return {
    ...res,
    errLines: res.stderr.split('\n').filter((l) => l !== ''),
    reports,
    earlierKept: () =>
      readFileSync(join(reports, 'conformance.json'), 'utf8') === EARLIER.json &&
      readFileSync(join(reports, 'conformance.html'), 'utf8') === EARLIER.html &&
      readFileSync(join(reports, 'conformance.junit.xml'), 'utf8') === EARLIER.junit,
  };
}

const staging = (over: Partial<TargetConfig>) => ({
  name: 'staging',
  kind: 'real',
  base_url: fakeConfig.base_url,
  tokens: { ...fakeConfig.tokens },
  project_key: fakeConfig.project_key,
  ...over,
});

describe.concurrent('a target that cannot be tested: one line, exit 5, no verdict [HARNESS-PREFLIGHT]', () => {
  it.each([
    [
      'a port where nothing listens',
      () => staging({ base_url: `http://127.0.0.1:${closedPort}/api/v1` }),
      () =>
        `conformance: base_url http://127.0.0.1:${closedPort}/api/v1: connection refused (nothing listens there)`,
    ],
    [
      'a wrong path (/v1 for /api/v1)',
      () => staging({ base_url: fakeConfig.base_url.replace('/api/v1', '/v1') }),
      () =>
        `conformance: base_url ${fakeConfig.base_url.replace('/api/v1', '/v1')}: POST /getMyProjects answered 404 "Route not found": is the path right?`,
    ],
    [
      'a host that does not resolve',
      () => staging({ base_url: 'http://staging.invalid/api/v1' }),
      () => 'conformance: base_url http://staging.invalid/api/v1: host name not found (DNS)',
    ],
    [
      'a mistyped owner token',
      () => staging({ tokens: { ...fakeConfig.tokens, owner: `${fakeConfig.tokens.owner}x` } }),
      () => 'conformance: tokens.owner: 401 "Invalid or revoked API token"',
    ],
  ])(
    '%s',
    async (name, config, line) => {
      const res = await runOn(name.replace(/\W+/g, '-'), config());
      expect(res.code).toBe(EXIT_CODES.notTestable);
      expect(res.errLines).toEqual([line()]);
      expect(res.stderr).not.toMatch(/\n\s+at /);
      // No test ran, so no clause is red and no verdict is given; the earlier report is as it was.
      expect(res.stdout).not.toMatch(/conformance verdict|FAIL/);
      expect(res.stdout).toMatch(/the target cannot be tested \(pre-flight, 1 problem above\): no test ran/);
      expect(res.earlierKept()).toBe(true);
      expect(readdirSync(res.reports).sort()).toEqual(
        [
          'conformance.html',
          'conformance.json',
          'conformance.junit.xml',
          PREFLIGHT_FILE,
          'quota-ledger.json',
        ].sort(),
      );
      const written = JSON.parse(readFileSync(join(res.reports, PREFLIGHT_FILE), 'utf8'));
      expect(written.testable).toBe(false);
      expect(written.findings.map((f: { line: string }) => `conformance: ${f.line}`)).toEqual([line()]);
    },
    120_000,
  );

  it.each([
    [['--shard', '1/2']],
    [['--budget', '300']],
    [['--sensitivity']],
    [['--record', 'cassettes']],
    [['--check-provider-states']],
  ])(
    'every mode that sends requests checks first: %j',
    async (args) => {
      const nowhere = `http://127.0.0.1:${closedPort}`;
      const states = args[0] === '--check-provider-states';
      const config = states
        ? { ...staging({}), provider_states: { url: `${nowhere}/_provider-states` } }
        : staging({ base_url: `${nowhere}/api/v1` });
      const res = await runOn(`mode-${args[0]?.slice(2)}`, config, args);
      expect(res.code).toBe(EXIT_CODES.notTestable);
      expect(res.errLines).toEqual([
        states
          ? `conformance: provider_states.url ${nowhere}/_provider-states: connection refused (nothing listens there)`
          : `conformance: base_url ${nowhere}/api/v1: connection refused (nothing listens there)`,
      ]);
      expect(res.earlierKept()).toBe(true);
    },
    120_000,
  );

  it('the fake on a port passes the pre-flight, every field of its target file probed', async () => {
    const res = await runOn('the-fake', { ...fakeConfig, kind: 'real' }, ['--preflight']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(EXIT_CODES.pass);
    expect(res.stdout).toMatch(/conformance: pre-flight passed: 14 probes answered in \d+\.\d s/);
    expect(res.earlierKept()).toBe(true);
    const written = JSON.parse(readFileSync(join(res.reports, PREFLIGHT_FILE), 'utf8'));
    expect(new Set(written.probes.map((p: { field: string }) => p.field))).toEqual(
      new Set([
        'provider_states.headers',
        'tokens.owner',
        'tokens.editor',
        'tokens.viewer',
        'tokens.selected',
        'tokens.fine_grained',
        'token_pools.owner[0]',
        'token_pools.owner[1]',
        'token_pools.owner[2]',
        'project_key',
        'org_base_url',
        'control.secret',
      ]),
    );
  }, 120_000);

  it('--preflight runs no tests: it refuses an option that would (exit 2, one line)', async () => {
    const res = await runOn('preflight-usage', staging({}), ['--preflight', '--filter', 'X']);
    expect(res.code).toBe(EXIT_CODES.usage);
    expect(res.errLines[0]).toBe(
      'conformance: --preflight runs no tests: it does not go with --filter (--help lists the options)',
    );
    expect(res.earlierKept()).toBe(true);
  }, 120_000);
});
