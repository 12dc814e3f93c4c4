/**
 * One count everywhere (issue 39, item 7): a report with failures of every kind (bound and unbound clause failures, a
 * failing test citing no clause, assumed clauses failing against a real target, server errors, requests without an
 * answer, a waived failure) says the same numbers in the terminal (the reporter's and the runner's closing lines), the
 * JSON and the HTML; and an assumed clause shows "warn", never "fail", against a target of kind real.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Clause } from '../../contract/clauses/clause.js';
import type { TestOutcome } from '../reporting/clause-matrix.js';
import { headlineLine } from '../reporting/headline.js';
import { toHtml } from '../reporting/html.js';
import { renderedPart } from '../reporting/html.test-support.js';
import {
  accessCell,
  deepNestingServerError,
  failed,
  reworded401,
  sessionStateOpen,
} from '../reporting/outcomes.test-support.js';
import { buildReport, type ConformanceJson, toJson } from '../reporting/report.js';
import { closingLines, defectLines } from '../reporting/terminal-summary.js';
import { verdictExit } from './verdict-output.js';

const doc = (id: string): Clause => ({ id, section: 'S', kind: 'documented', rule: `rule ${id}` });
const asm = (id: string): Clause => ({ id, section: 'S', kind: 'assumed', rule: `rule ${id}` });
const catalogue: readonly Clause[] = [
  ...[
    'AUTH-ACCESS-UPDATEPROJECTSETTINGS',
    'AUTH-ROLE-OR-PERMISSION',
    'AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR',
    'ERR-403-MESSAGE',
    'ERR-401-MESSAGE',
    'TOKEN-INVALID-401',
    'CREATE-SESSION-INITIAL-STATE',
    'SESSION-NEW-STATE-PENDING',
    'DOC-B',
    'DOC-W',
    'DOC-QUIET',
  ].map(doc),
  ...['ASM-X', 'ASM-Y', 'ASM-Z', 'ERR-NEVER-5XX'].map(asm),
];

const plain = (
  fullName: string,
  state: TestOutcome['state'],
  extra: Partial<TestOutcome> = {},
): TestOutcome => ({
  fullName,
  file: 'suites/platform/x.test.ts',
  state,
  durationMs: 1,
  ...extra,
});
const noAnswer = (n: number): TestOutcome =>
  plain(`getOrganizationDetail answers ${n} [DOC-QUIET]`, 'inconclusive', {
    skipReason: 'no answer: POST /api/v1/getOrganizationDetail waited 30000 ms with 1 request(s) in flight',
    noAnswers: [{ request: 'POST /api/v1/getOrganizationDetail\n\n{}', elapsedMs: 30_000, inFlight: 1 }],
  });

const outcomes: TestOutcome[] = [
  ...['owner', 'editor', 'viewer', 'trainer', 'operator', 'billing'].map((creator, i) =>
    accessCell(creator, 'viewer', i),
  ),
  reworded401('getMyProjects', 'a test-made credential', 'suites/platform/authentication.test.ts', 1),
  reworded401('getSupportedModels', 'the owner token', 'suites/platform/tokens-deactivate.test.ts', 2),
  sessionStateOpen(),
  // Unbound, citing a documented and an assumed clause: the documented one fails, the assumed one only warns.
  failed({
    fullName: 'b [DOC-B, ASM-Y]',
    file: 'suites/platform/b.test.ts',
    errorMessage: 'AssertionError: expected 2 to be 3',
  }),
  // Citing an assumed clause only: a warning, the test not checkable here.
  failed({
    fullName: 'x [ASM-X]',
    file: 'suites/platform/x.test.ts',
    errorMessage: 'AssertionError: expected 400 to be 422',
  }),
  plain('z [DOC-QUIET]', 'passed', {
    assumedChecks: ['ASM-Z'],
    assumedWarnings: [{ clauseId: 'ASM-Z', message: 'chose 422' }],
  }),
  failed({
    fullName: 'a helper citing nothing',
    file: 'suites/platform/helpers.test.ts',
    errorMessage: 'TypeError: x is not a function',
  }),
  failed({
    fullName: 'w [DOC-W]',
    file: 'suites/platform/w.test.ts',
    errorMessage: 'AssertionError: expected 1 to be 2',
  }),
  deepNestingServerError('getMyProjects', 1),
  deepNestingServerError('getStats', 2),
  { ...deepNestingServerError('updateChatbot', 3), serverErrorsMore: 2 },
  noAnswer(1),
  noAnswer(2),
];

const report = buildReport({
  catalogue,
  outcomes,
  target: { name: 'staging', kind: 'real' },
  generatedAt: '2026-12-02T00:00:00.000Z',
  waivers: [
    { clause: 'DOC-W', reason: 'known', link: 'https://tracker.example/QA-7', expires: '2026-12-31' },
  ],
});

/** What each of the three says, worked out by hand from the outcomes above. */
const EXPECTED = {
  // the access row, the 401 message, the session state, DOC-B's unbound error, the test citing nothing
  likelyDefects: 5,
  // 2 of the access row, ERR-401-MESSAGE, 2 of the session, DOC-B (DOC-W is waived, ASM-Y warns)
  failingClauses: 6,
  // 6 cells, 2 of the 401, the session, b, the helper, w (x is not checkable here)
  failingTests: 12,
  serverErrors: { count: 5, groups: 1, tests: 3 },
  noAnswer: { tests: 2, requests: 2 },
  warnings: 3,
  waived: 1,
};

const dir = mkdtempSync(join(tmpdir(), 'one-count-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The runner's end of a run, printed from the JSON written to a temp folder, and its exit code. */
function runnerOutput(json: ConformanceJson): { text: string; code: number } {
  const path = join(dir, 'conformance.json');
  writeFileSync(path, JSON.stringify(json));
  let text = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    text += String(chunk);
    return true;
  });
  try {
    return { code: verdictExit(path, undefined), text };
  } finally {
    spy.mockRestore();
  }
}

/** The HTML header's figures: `words → n`. */
const figuresOf = (html: string): Map<string, number> =>
  new Map(
    [...html.matchAll(/<span class="figure[^"]*"><b>(\d+)<\/b> ([^<]+)<\/span>/g)].map((m) => [
      m[2] as string,
      Number(m[1]),
    ]),
  );

describe('one count everywhere [REPORT-ONE-COUNT]', () => {
  const json = JSON.parse(JSON.stringify(toJson(report))) as ConformanceJson;

  it('the JSON headline has the numbers worked out by hand', () => {
    expect(json.headline).toMatchObject({ verdict: 'FAIL', ...EXPECTED, reportErrors: 0, inconclusive: 5 });
    expect(json.likelyDefects).toHaveLength(EXPECTED.likelyDefects);
    expect(json.serverErrorGroups).toHaveLength(EXPECTED.serverErrors.groups);
  });

  it('the reporter and the runner print the same closing lines, with those numbers', () => {
    const line =
      'conformance verdict: FAIL — 5 likely defects, 6 failing clauses, 12 failing tests, 5 server errors in 1 group (3 tests), 2 tests without an answer, 3 warnings, 0 report errors, 5 inconclusive, 1 waived; ';
    expect(headlineLine(report.headline).startsWith(line)).toBe(true);
    const reporter = closingLines(report);
    const runner = runnerOutput(json);
    expect(runner.code).toBe(1);
    for (const l of reporter) expect(runner.text).toContain(l);
    expect(runner.text).toContain('\n5 likely defects:\n');
    expect(runner.text).toContain('\n5 server errors in 1 group:\n');
    expect(
      defectLines(report.likelyDefects, report.serverErrors.groups, 5).filter((l) => /^ {2}\d+\. /.test(l)),
    ).toHaveLength(5);
    // Server errors are listed by cause, not one line per test.
    expect(runner.text).not.toContain('SERVER ERROR');
    expect(runner.text.match(/^ {2}FAIL {2}/gm)).toHaveLength(EXPECTED.failingClauses + 1); // + the test citing nothing
  });

  it('the HTML header, its sections and its cards say the same', () => {
    const html = renderedPart(toHtml(report));
    const figures = figuresOf(html);
    expect(Object.fromEntries(figures)).toEqual({
      'likely defects': 5,
      'failing clauses': 6,
      'failing tests': 12,
      'server errors in 1 group (3 tests)': 5,
      'tests without an answer': 2,
      warnings: 3,
      'report errors': 0,
      // the two without an answer and the three that met a server error
      inconclusive: 5,
      waived: 1,
    });
    expect(html).toContain(
      '<h2>5 likely defects <span class="n">(12 failing tests, 6 failing clauses)</span></h2>',
    );
    expect(html).toContain('<h2>Server errors <span class="n">(5 in 1 group, 3 tests)</span></h2>');
    expect(html).toContain(
      '<h2>Failing clauses <span class="n">(6)</span> and tests citing no clause <span class="n">(1)</span></h2>',
    );
    expect(html).toContain('<h2>No answer <span class="n">(2)</span></h2>');
    expect(html).toContain(
      '<h2>Warnings (assumed clauses: this target chose differently) <span class="n">(3)</span></h2>',
    );
    expect(html).toMatch(/<h3>Assumed warnings<\/h3><div class="big">3<\/div>/);
    expect(html.match(/<ol class="defects">[\s\S]*?<\/ol>/)?.[0].match(/<li class="defect">/g)).toHaveLength(
      5,
    );
  });

  it('an assumed clause against a target of kind real is "warn", never "fail": its row, the cards, the counts', () => {
    for (const id of ['ASM-X', 'ASM-Y', 'ASM-Z'])
      expect(report.matrix.rows.find((r) => r.id === id)?.status, id).toBe('warn');
    expect(report.counts.clauses.assumed).toMatchObject({ fail: 0, warn: 3 });
    const html = renderedPart(toHtml(report));
    expect(html).not.toMatch(/<tr class="status-fail" data-status="fail"><td class="id"><code>ASM-/);
    expect(html).toMatch(
      /<h3>Assumed clauses \(API\)<\/h3><div class="big">4<\/div><div class="row"><span class="pill pass">0 pass<\/span><span class="pill fail">0 fail<\/span><span class="pill warn">3 warn<\/span>/,
    );
    // Against the fake the same failures are failures.
    const fake = buildReport({
      catalogue,
      outcomes,
      target: { name: 'fake', kind: 'fake' },
      generatedAt: '2026-12-02T00:00:00.000Z',
    });
    expect(fake.matrix.rows.find((r) => r.id === 'ASM-Y')?.status).toBe('fail');
  });
});
