/** Waivers (active, expired, stale) and the baseline mode, on small matrices. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Clause } from '../../contract/clauses/clause.js';
import { loadBaseline } from './baseline.js';
import type { TestOutcome } from './clause-matrix.js';
import { buildReport, toJson } from './report.js';
import { loadWaivers, type Waiver } from './waivers.js';

const catalogue: readonly Clause[] = [
  { id: 'DOC-A', section: 'Limits', kind: 'documented', rule: 'a' },
  { id: 'DOC-B', section: 'Limits', kind: 'documented', rule: 'b' },
  { id: 'DOC-C', section: 'Limits', kind: 'documented', rule: 'c' },
];
const t = (fullName: string, state: TestOutcome['state']): TestOutcome => ({
  fullName,
  file: 'suites/x.test.ts',
  state,
  durationMs: 1,
  errorMessage: state === 'failed' ? 'expected 1 to be 2' : undefined,
});
const report = (outcomes: TestOutcome[], extra: { waivers?: Waiver[]; baselineFile?: string } = {}) => {
  const baseline = extra.baselineFile ? loadBaseline(extra.baselineFile) : undefined;
  if (baseline && !baseline.ok) throw new Error(baseline.error);
  return buildReport({
    catalogue,
    outcomes,
    target: { name: 'staging', kind: 'real' },
    generatedAt: '2026-11-25T12:00:00.000Z',
    ...(extra.waivers ? { waivers: extra.waivers } : {}),
    ...(baseline?.ok ? { baseline: baseline.baseline } : {}),
  });
};
const waiver = (over: Partial<Waiver> & ({ clause: string } | { test: string })): Waiver =>
  ({ reason: 'known bug', link: 'https://tracker.example/QA-1', expires: '2026-12-31', ...over }) as Waiver;
const dir = () => mkdtempSync(join(tmpdir(), 'gate-'));

describe('waivers [REPORT-WAIVERS]', () => {
  it('an active waiver turns its failing clause into waived, and the run passes', () => {
    const r = report([t('a [DOC-A]', 'failed'), t('b [DOC-B]', 'passed')], {
      waivers: [waiver({ clause: 'DOC-A' })],
    });
    expect(r.verdict.status).toBe('PASS');
    expect(r.verdict.failing).toEqual([]);
    expect(r.gate.waived.map((w) => 'id' in w.item && w.item.id)).toEqual(['DOC-A']);
    expect(r.gate.staleWaivers).toEqual([]);
  });

  it('a waiver naming a test covers a clause that fails only through that test, not one failing elsewhere too', () => {
    const outcomes = [
      t('limits > a one [DOC-A]', 'failed'),
      t('b one [DOC-B]', 'failed'),
      t('b two [DOC-B]', 'failed'),
    ];
    const r = report(outcomes, { waivers: [waiver({ test: 'a one' }), waiver({ test: 'b one' })] });
    expect(r.gate.waived.map((w) => 'id' in w.item && w.item.id)).toEqual(['DOC-A']);
    expect(r.verdict.failing.map((i) => 'id' in i && i.id)).toEqual(['DOC-B']);
    expect(r.verdict.status).toBe('FAIL');
  });

  it('an expired waiver no longer applies and is itself a report error', () => {
    const r = report([t('a [DOC-A]', 'passed')], {
      waivers: [waiver({ clause: 'DOC-A', expires: '2026-11-24' })],
    });
    expect(r.verdict.status).toBe('FAIL');
    expect(r.verdict.errors.map((i) => i.type === 'run-error' && i.message)).toEqual([
      'waiver expired: clause DOC-A until 2026-11-24 (known bug; https://tracker.example/QA-1); renew it or remove it',
    ]);
    const failing = report([t('a [DOC-A]', 'failed')], {
      waivers: [waiver({ clause: 'DOC-A', expires: '2026-01-01' })],
    });
    expect(failing.verdict.failing.map((i) => 'id' in i && i.id)).toEqual(['DOC-A']);
  });

  it('a waiver on a clause that passes is flagged stale; the waiver is good through its last day', () => {
    const r = report([t('a [DOC-A]', 'passed')], {
      waivers: [waiver({ clause: 'DOC-A', expires: '2026-11-25' })],
    });
    expect(r.verdict.status).toBe('PASS');
    expect(r.gate.staleWaivers).toHaveLength(1);
    expect(toJson(r).gate.staleWaivers).toHaveLength(1);
  });

  it('a waiver file that is not one is refused with the reason', () => {
    const d = dir();
    writeFileSync(
      join(d, 'w.json'),
      JSON.stringify({ waivers: [{ clause: 'DOC-A', reason: 'x', link: 'y', expires: 'soon' }] }),
    );
    const bad = loadWaivers(join(d, 'w.json'));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/YYYY-MM-DD/);
    expect(loadWaivers(join(d, 'missing.json'))).toMatchObject({ ok: false, error: 'file not found' });
  });
});

describe('baseline mode [REPORT-BASELINE]', () => {
  it('fails only on new failures, lists known ones and what was fixed', () => {
    const d = dir();
    const before = report([t('a [DOC-A]', 'failed'), t('b [DOC-B]', 'failed'), t('c [DOC-C]', 'passed')]);
    writeFileSync(join(d, 'before.json'), JSON.stringify(toJson(before)));
    const same = report([t('a [DOC-A]', 'failed'), t('b [DOC-B]', 'passed'), t('c [DOC-C]', 'passed')], {
      baselineFile: join(d, 'before.json'),
    });
    expect(same.verdict.status).toBe('PASS');
    expect(same.gate.baseline?.known.map((i) => 'id' in i && i.id)).toEqual(['DOC-A']);
    expect(same.gate.baseline?.fixed.map((i) => 'id' in i && i.id)).toEqual(['DOC-B']);
    const worse = report([t('a [DOC-A]', 'failed'), t('c [DOC-C]', 'failed')], {
      baselineFile: join(d, 'before.json'),
    });
    expect(worse.verdict.status).toBe('FAIL');
    expect(worse.verdict.failing.map((i) => 'id' in i && i.id)).toEqual(['DOC-C']);
  });

  it('refuses a file that is not a conformance report', () => {
    const d = dir();
    writeFileSync(join(d, 'x.json'), '{"hello": 1}');
    expect(loadBaseline(join(d, 'x.json'))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a conformance report/),
    });
  });
});
