/**
 * A transport failure mid-run is silence (HARNESS-TRANSPORT-SILENCE), read from a real vitest run of
 * suites/target/fixtures/transport-silence.fixture.ts through the clause reporter: a connection closed without an
 * answer, and a target that stops half-way under the target's calls, an official SDK client and the provider-state
 * client, end their tests inconclusive ("no answer"), turn no clause red, and the end of the run says first that the
 * target stopped answering.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { reportOfFixture } from '../reporting/fixture-run.test-support.js';
import { type ConformanceReport, toJson } from '../reporting/report.js';
import { verdictExit } from './verdict-output.js';

const FIXTURE = 'suites/target/fixtures/transport-silence.fixture.ts';
let report: ConformanceReport;

beforeAll(async () => {
  report = await reportOfFixture(FIXTURE);
}, 60_000);

const test = (fragment: string) => report.matrix.tests.find((t) => t.fullName.includes(fragment));

describe('a transport failure mid-run is silence [HARNESS-TRANSPORT-SILENCE]', () => {
  it('the test before the stop passed; every test that met a failure is inconclusive, saying why', () => {
    expect(test('an answer is checked')?.state).toBe('passed');
    for (const [name, cause] of [
      ['a connection closed without an answer', 'connection closed by the other side'],
      ['a Platform call finds nothing', 'connection refused'],
      ['a Project Integration call finds nothing', 'connection refused'],
      ['an official SDK client finds nothing', 'connection refused'],
      ['a list read once for the file', 'connection refused'],
      ['another test meets the same silence', 'connection refused'],
      ['a property meets it through fast-check', 'connection refused'],
      ['a provider state that cannot be entered', 'connection refused'],
    ]) {
      const t = test(name as string);
      expect(t?.state, name).toBe('inconclusive');
      expect(t?.skipReason, name).toMatch(/^no answer: (POST|GET) \//);
      expect(t?.noAnswers?.[0]?.cause, name).toBe(cause);
      expect(t?.noAnswers?.[0]?.connection, name).toBe(true);
    }
  });

  it('no clause is red, no test failed: the verdict has no failing item, eight no-answer items', () => {
    expect(report.verdict.failing).toEqual([]);
    expect(report.matrix.rows.filter((r) => r.status === 'fail')).toEqual([]);
    expect(report.counts.tests.failed).toBe(0);
    expect(report.verdict.noAnswer).toHaveLength(8);
  });

  it('the report says first that the target stopped answering, when, and why (not at the connection it answered after)', () => {
    const stoppedAt = Math.min(
      ...['a Platform call', 'a Project Integration call', 'an official SDK client', 'a provider state'].map(
        (name) => test(name)?.noAnswers?.[0]?.at ?? Number.POSITIVE_INFINITY,
      ),
    );
    expect(report.silence).toMatchObject({
      since: new Date(stoppedAt).toISOString(),
      tests: 7,
      cause: 'connection refused',
    });
    expect(report.silence?.line).toMatch(
      /^the target stopped answering at \d\d:\d\d:\d\d UTC: 7 tests after that got no answer \(connection refused\); the verdict below covers what ran before$/,
    );
  });

  it('the end of the run prints it first, and the JSON report carries it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'transport-silence-'));
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const json = join(dir, 'conformance.json');
      writeFileSync(json, JSON.stringify(toJson(report)));
      verdictExit(json, undefined);
    } finally {
      spy.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
    const lines = written
      .join('')
      .split('\n')
      .filter((l) => l.trim() !== '');
    expect(lines[0]).toBe(`conformance: ${report.silence?.line}`);
    expect(toJson(report).silence).toEqual(report.silence);
  });
});
