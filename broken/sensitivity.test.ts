/**
 * Every breaking rule turns the conformance run red against the fake, and the unbroken run stays green: one
 * sensitivity check against the fake over HTTP (kind fake, its control API kept; broken/prove.ts: each rule with the
 * tests of its `caughtBy` file that cite its clause) tries every rule in one vitest session, and each rule must come
 * out caught, its clause failing.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clauseById } from '../contract/clauses/index.js';
import { createFakeServer } from '../fake-server/index.js';
import type { ConformanceJson } from '../suites/reporting/report.js';
import type { SensitivityReport } from '../suites/reporting/sensitivity.js';
import { breakingRules } from './rules/index.js';

const ROOT = resolve(import.meta.dirname, '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const work = mkdtempSync(join(tmpdir(), 'sensitivity-'));

let run: {
  code: number;
  report: ConformanceJson & { sensitivity?: SensitivityReport };
  output: string;
  html: string;
};

beforeAll(async () => {
  const fake = createFakeServer({ onUnexpectedError: () => {} });
  const server = createServer(fake.app.callback());
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const target = join(work, 'fake-target.json');
    writeFileSync(
      target,
      JSON.stringify(fake.targetConfig(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
    );
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const k of Object.keys(env))
      if (k.startsWith('CONFORMANCE_') || k.startsWith('VITEST')) delete env[k];
    const out = join(work, 'reports');
    const { code, output } = await new Promise<{ code: number; output: string }>((done) => {
      execFile(
        TSX,
        [join(ROOT, 'broken/prove.ts'), target, out],
        { cwd: work, env, timeout: 170_000, maxBuffer: 64 * 1024 * 1024 },
        (err, stdout, stderr) =>
          done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
      );
    });
    run = {
      code,
      output,
      report: JSON.parse(readFileSync(join(out, 'conformance.json'), 'utf8')),
      html: readFileSync(join(out, 'conformance.html'), 'utf8'),
    };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the breaking proxy in front of the fake [HARNESS-BROKEN-SERVERS]', () => {
  it('twenty rules or more, each breaking a documented clause, over every section the issue names', () => {
    expect(breakingRules.length).toBeGreaterThanOrEqual(20);
    for (const rule of breakingRules) expect(clauseById(rule.clause)?.kind, rule.id).toBe('documented');
    expect(new Set(breakingRules.map((r) => r.id)).size).toBe(breakingRules.length);
    expect(new Set(breakingRules.map((r) => r.section)).size).toBeGreaterThanOrEqual(16);
  });

  it('the unbroken run through the proxy is green: every rule clause passes, the check exits 0 [REPORT-COVERAGE]', () => {
    expect(run.report.sensitivity, run.output.slice(-3000)).toBeDefined();
    expect(run.report.verdict.failing).toEqual([]);
    expect(run.report.sensitivity!.baseline.status).toBe('PASS');
    expect(run.code, run.output.slice(-3000)).toBe(0);
    for (const rule of breakingRules)
      expect(run.report.matrix.find((r) => r.id === rule.clause)?.status, rule.clause).toBe('pass');
  });

  it('the HTML report carries the sensitivity section, a row per rule', () => {
    expect(run.html).toContain(
      `Sensitivity: what this run would catch <span class="n">(${breakingRules.length} caught`,
    );
    for (const rule of breakingRules) expect(run.html).toContain(`<code>${rule.id}</code>`);
  });

  for (const rule of breakingRules) {
    it(`${rule.id} (${rule.section}): ${rule.name} — the run fails on ${rule.clause}`, () => {
      const row = run.report.sensitivity?.rows.find((r) => r.rule === rule.id);
      expect(row, run.output.slice(-3000)).toBeDefined();
      expect({ outcome: row!.outcome, why: row!.why }).toMatchObject({ outcome: 'caught' });
      expect(row!.tests.failed).toBeGreaterThan(0);
    });
  }
});
