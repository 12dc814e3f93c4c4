import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TargetConfig } from '../../contract/index.js';
import type { CostBook, Spend } from './budget-plan.js';
import {
  costBook,
  costTableOfReport,
  forCredentialsOf,
  HOOKS,
  isReportOf,
  layered,
  RAG_KEY,
  referenceBook,
  referenceOf,
  shareArrangement,
} from './cost-book.js';
import { type CostProfile, profileOf } from './cost-profile.js';

const temp = () => mkdtempSync(join(tmpdir(), 'cost-book-'));

interface Test {
  file: string;
  fullName: string;
  state: string;
  requests?: Record<string, number>;
}

/** A conformance report and its concurrency.json in a fresh folder; the report's path. */
function reportOf(tests: Test[], files: Record<string, number>): string {
  const dir = temp();
  const report = {
    target: { name: 'staging', kind: 'real' },
    generatedAt: '2026-11-28T10:00:00.000Z',
    tests,
  };
  writeFileSync(join(dir, 'conformance.json'), JSON.stringify(report));
  const spans = Object.entries(files).map(([file, requests]) => ({ file, requests }));
  writeFileSync(join(dir, 'concurrency.json'), JSON.stringify({ files: spans }));
  return join(dir, 'conformance.json');
}

const owner = (n: number) => ({ 'platform|the owner token': n });

function reportDir() {
  return reportOf(
    [
      {
        file: 'f',
        fullName: 'a',
        state: 'passed',
        requests: { 'platform|the owner token': 3, 'rag|the project key': 2 },
      },
      { file: 'f', fullName: 'b', state: 'skipped' },
      { file: 'f', fullName: 'stopped', state: 'inconclusive', requests: owner(7) },
      { file: 'f', fullName: 'red', state: 'failed', requests: owner(2) },
      { file: 'g', fullName: 'c', state: 'passed', requests: { 'rag|an official SDK client': 4 } },
    ],
    { f: 18, g: 4 },
  );
}

const table = (path: string) => {
  const t = costTableOfReport(path);
  if ('error' in t) throw new Error(t.error);
  return t;
};

const config = (extra: Record<string, unknown> = {}) =>
  TargetConfig.parse({
    name: 'staging',
    base_url: 'https://staging.example/api/v1',
    tokens: { owner: 'api-v1-owner' },
    project_key: 'apk-key',
    allow: { writes: true, quota: true, credits: true },
    ...extra,
  });
const STATES = { provider_states: { url: 'https://staging.example/_states' } };

describe('what each test costs, for a budgeted run [HARNESS-BUDGET-COSTS]', () => {
  it("reads each test's requests by credential, the key's RAG requests on its RAG budget, and a file's hooks", () => {
    const book = costBook(table(reportDir()));
    expect(book.test('f', 'a')).toEqual({ spend: { 'the owner token': 3, [RAG_KEY]: 2 }, checked: true });
    expect(book.test('g', 'c')).toEqual({ spend: { [RAG_KEY]: 4 }, checked: true });
    expect(book.test('g', 'unknown')).toBeUndefined();
    // f's tests sent 14 of its 18 (the inconclusive one's 7 and the failed one's 2 included): its hooks sent 4
    expect(book.scope('f', '')).toEqual({ [HOOKS]: 4 });
    expect(book.scope('g', '')).toEqual({});
    expect(book.scope('h', '')).toBeUndefined(); // the run did not run h
  });

  it('takes from a report only what passed: a skipped, planned-out, failed or inconclusive test says nothing of now', () => {
    // The second budgeted run read the first's report, where every planned-out test is skipped with no request:
    // costed at nothing, they all went first and spent the budget.
    const book = costBook(table(reportDir()));
    expect(book.test('f', 'b')).toBeUndefined();
    expect(book.test('f', 'stopped')).toBeUndefined(); // it had sent 7 when the quota stopped it
    expect(book.test('f', 'red')).toBeUndefined(); // it stopped at its failed assertion
  });

  it('knows a report of the same target, and refuses a file that is not a report', () => {
    const path = reportDir();
    expect(isReportOf(path, { name: 'staging', kind: 'real' })).toBe(true);
    expect(isReportOf(path, { name: 'production', kind: 'real' })).toBe(false);
    const bad = join(temp(), 'x.json');
    writeFileSync(bad, '{"tests": 3}');
    expect(costTableOfReport(bad)).toEqual({ error: expect.stringMatching(/not a conformance report/) });
  });
});

describe("a scope's shared arrangement is paid by its first test [HARNESS-BUDGET-COSTS]", () => {
  it('moves what the first test sent above its siblings to its file, per credential', () => {
    // getSessionMessages' first test walked every conversation once for the file (33), the others reuse it.
    const tests = [33, 4, 1, 1, 1].map((n, i) => ({ fullName: `t${i}`, spend: { 'the owner token': n } }));
    expect(shareArrangement(tests)).toEqual({ '': { 'the owner token': 32 } });
    expect(tests.map((t) => t.spend['the owner token'])).toEqual([1, 4, 1, 1, 1]);
  });

  it("gives a describe block's own arrangement to the block, and takes nothing from a lone or even test", () => {
    const tests: { fullName: string; spend: Record<string, number> }[] = [
      { fullName: 'a > one', spend: { 'the owner token': 2 } },
      { fullName: 'a > two', spend: { 'the owner token': 2 } },
      { fullName: 'plan gate > first', spend: { 'the project key': 22, 'the owner token': 2 } },
      { fullName: 'plan gate > second', spend: { 'the owner token': 2 } },
      { fullName: 'alone > only', spend: { 'the owner token': 50 } },
    ];
    expect(shareArrangement(tests)).toEqual({ 'plan gate': { 'the project key': 22 } });
    expect(tests[2]?.spend).toEqual({ 'the project key': 0, 'the owner token': 2 });
    expect(tests[4]?.spend).toEqual({ 'the owner token': 50 });
  });

  it('leaves with its test what a credential the test made sent: nothing else could reuse it', () => {
    // The hourly cap's first test spends a fresh token's thousand requests; its sibling does not share them.
    const tests = [
      { fullName: 'caps > a fresh token', spend: { 'a test-made credential': 1002 } },
      { fullName: 'caps > a fresh project', spend: { 'a test-made credential': 101 } },
    ];
    expect(shareArrangement(tests)).toEqual({});
    expect(tests[0]?.spend).toEqual({ 'a test-made credential': 1002 });
  });

  it("costs the report's scopes so: a later test chosen alone pays the file's arrangement", () => {
    const path = reportOf(
      [
        { file: 'f', fullName: 'returns them', state: 'passed', requests: owner(33) },
        { file: 'f', fullName: 'rejects limit 0', state: 'passed', requests: owner(1) },
        { file: 'f', fullName: 'rejects limit 101', state: 'passed', requests: owner(1) },
      ],
      { f: 35 },
    );
    const book = costBook(table(path));
    expect(book.test('f', 'returns them')?.spend).toEqual({ 'the owner token': 1 });
    expect(book.scope('f', '')).toEqual({ 'the owner token': 32 });
  });
});

describe('the reference table is the one measured the way the run will go [HARNESS-BUDGET-COSTS]', () => {
  const all = { writes: true, quota: true, credits: true, control: false };
  const none = { writes: false, quota: false, credits: false, control: false };
  /** The platform cap's test: a thousand requests where provider states build its token, skipped where not. */
  const cap = (states: boolean) =>
    reportOf(
      [
        {
          file: 'f',
          fullName: 'the cap',
          state: states ? 'passed' : 'skipped',
          ...(states ? { requests: { 'platform|a test-made credential': 1001 } } : {}),
        },
        { file: 'f', fullName: 'a read', state: 'passed', requests: owner(2) },
      ],
      { f: states ? 1003 : 2 },
    );
  function referenceFile(profiles: CostProfile[]): string {
    const path = join(temp(), 'reference-costs.json');
    const tables = profiles.map((profile) => ({
      profile,
      source: 'the fake as staging, 2026-12-02',
      table: table(cap(profile.provider_states && profile.quota)),
    }));
    writeFileSync(path, JSON.stringify(referenceOf(tables)));
    return path;
  }
  const file = referenceFile([
    { provider_states: false, ...all },
    { provider_states: true, ...all },
    { provider_states: true, ...none },
  ]);
  const book = (run: CostProfile) => {
    const ref = referenceBook(run, file);
    if ('error' in ref) throw new Error(ref.error);
    return ref;
  };

  it('with provider states: the table measured with them, where the cap costs its thousand requests', () => {
    const ref = book(profileOf(config(STATES)));
    expect(ref.source).toMatch(/^the reference costs measured with provider states, allow all/);
    expect(ref.book.test('f', 'the cap')).toEqual({
      spend: { 'a test-made credential': 1001 },
      checked: true,
    });
  });

  it('without provider states: the table measured without, where the cap skips and costs nothing', () => {
    const ref = book(profileOf(config()));
    expect(ref.source).toMatch(/measured without provider states, allow all/);
    expect(ref.book.test('f', 'the cap')).toEqual({ spend: {}, checked: false });
  });

  it('allowing nothing: the table that allowed nothing, not one that would have run more', () => {
    const ref = book(
      profileOf(config({ ...STATES, allow: { writes: false, quota: false, credits: false } })),
    );
    expect(ref.source).toMatch(/with provider states, allow none/);
    expect(ref.book.test('f', 'the cap')).toEqual({ spend: {}, checked: false });
    // Allowing only writes: no table allowed just that; the one allowing all covers it (its costs are at most those).
    expect(
      book(profileOf(config({ ...STATES, allow: { writes: true, quota: false, credits: false } }))).source,
    ).toMatch(/with provider states, allow all/);
  });

  it('a run that can do more than any table (the control API): what the table skipped is not taken as free', () => {
    const run = profileOf(config({ control: { url: 'http://127.0.0.1:1/_control', secret: 's' } }));
    const ref = book(run);
    expect(ref.source).toMatch(
      /measured without provider states, allow all .*may run tests that table skipped/,
    );
    // The closest table skipped the cap; the one that ran it says what it costs.
    expect(ref.book.test('f', 'the cap')).toEqual({
      spend: { 'a test-made credential': 1001 },
      checked: true,
    });
    expect(ref.book.test('f', 'a read')?.checked).toBe(true);
  });

  it('round-trips scopes through the shipped form, and refuses a reference of the old format', () => {
    const ref = book(profileOf(config(STATES)));
    expect(ref.book.scope('f', '')).toEqual({});
    expect(ref.book.scope('g', '')).toBeUndefined();
    const old = join(temp(), 'old.json');
    writeFileSync(old, JSON.stringify({ source: 'x', tests: {}, hooks: {} }));
    expect(referenceBook(profileOf(config()), old)).toEqual({
      error: expect.stringMatching(/run npm run plan:reference/),
    });
  });

  it('a test the chosen table stopped as inconclusive costs what the next closest table measured', () => {
    // Without provider states every RAG test shares the config's key, whose hour ran out in the reference run.
    const path = join(temp(), 'reference-costs.json');
    const tool = (state: string, n: number) =>
      reportOf(
        [
          { file: 'r', fullName: 'a user tool', state, requests: { 'rag|the project key': n } },
          { file: 'r', fullName: 'scripted', state: 'skipped' },
        ],
        { r: n },
      );
    writeFileSync(
      path,
      JSON.stringify(
        referenceOf([
          { profile: { provider_states: false, ...all }, source: 's', table: table(tool('inconclusive', 1)) },
          { profile: { provider_states: true, ...all }, source: 's', table: table(tool('passed', 2)) },
        ]),
      ),
    );
    const ref = referenceBook(profileOf(config()), path);
    if ('error' in ref) throw new Error(ref.error);
    expect(ref.source).toMatch(/measured without provider states/);
    expect(ref.book.test('r', 'a user tool')).toEqual({ spend: { [RAG_KEY]: 2 }, checked: true });
    expect(ref.book.test('r', 'scripted')).toEqual({ spend: {}, checked: false });
  });

  it("a test costed from another table costs all it sent there, what it gave that table's scopes included", () => {
    // With provider states the file's first test sent 7 (6 above its sibling went to the file's scope there); without
    // them it stopped as inconclusive, and the file's scope there holds nothing of it.
    const path = join(temp(), 'reference-costs.json');
    const models = (first: string) =>
      table(
        reportOf(
          [
            { file: 'm', fullName: 'every model', state: first, requests: { 'rag|the project key': 7 } },
            { file: 'm', fullName: 'one model', state: 'passed', requests: { 'rag|the project key': 1 } },
          ],
          { m: 8 },
        ),
      );
    writeFileSync(
      path,
      JSON.stringify(
        referenceOf([
          { profile: { provider_states: false, ...all }, source: 's', table: models('inconclusive') },
          { profile: { provider_states: true, ...all }, source: 's', table: models('passed') },
        ]),
      ),
    );
    const withStates = referenceBook(profileOf(config(STATES)), path);
    const without = referenceBook(profileOf(config()), path);
    if ('error' in withStates || 'error' in without) throw new Error('unreadable');
    expect(withStates.book.test('m', 'every model')?.spend).toEqual({ [RAG_KEY]: 1 });
    expect(withStates.book.scope('m', '')).toEqual({ [RAG_KEY]: 6 });
    expect(without.book.test('m', 'every model')?.spend).toEqual({ [RAG_KEY]: 7 });
    expect(without.book.scope('m', '')).toEqual({});
  });

  it("layers a report's measured tests over the reference, which costs what the report did not measure", () => {
    const last = costBook(
      table(
        reportOf(
          [
            { file: 'f', fullName: 'the cap', state: 'skipped' }, // planned out by the last budgeted run
            { file: 'f', fullName: 'a read', state: 'passed', requests: owner(3) },
          ],
          { f: 3 },
        ),
      ),
    );
    const both = layered(last, book(profileOf(config(STATES))).book);
    expect(both.test('f', 'the cap')?.spend).toEqual({ 'a test-made credential': 1001 });
    expect(both.test('f', 'a read')?.spend).toEqual({ 'the owner token': 3 });
  });

  it("costs a scope at the larger of the two: a report that measured one test of a block did not see the block's arrangement", () => {
    // The last run measured one test of "only Owner" (nothing shared to see); the reference's first test there paid 7.
    const run = (tests: [string, number][]) =>
      costBook(
        table(
          reportOf(
            tests.map(([fullName, n]) => ({ file: 'u', fullName, state: 'passed', requests: owner(n) })),
            { u: tests.reduce((sum, [, n]) => sum + n, 0) },
          ),
        ),
      );
    const last = run([
      ['reads > one', 1],
      ['only Owner > set', 1],
    ]);
    const reference = run([
      ['reads > one', 1],
      ['reads > two', 1],
      ['only Owner > editor refused', 8],
      ['only Owner > set', 1],
      ['only Owner > remove', 1],
    ]);
    expect(last.scope('u', 'only Owner')).toEqual({});
    expect(layered(last, reference).scope('u', 'only Owner')).toEqual({ 'the owner token': 7 });
    expect(layered(last, reference).scope('v', '')).toBeUndefined();
  });

  it('a test that sends with a token the config does not have costs nothing: it skips before it sends', () => {
    const costs: CostBook = {
      test: (_, name) => {
        const spend: Spend =
          name === 'editor' ? { 'the editor token': 4, 'the owner token': 1 } : { 'the owner token': 2 };
        return { spend, checked: true };
      },
      scope: () => ({}),
    };
    const mine = forCredentialsOf(costs, config());
    expect(mine.test('f', 'editor')).toEqual({ spend: {}, checked: false });
    expect(mine.test('f', 'owner')).toEqual({ spend: { 'the owner token': 2 }, checked: true });
    const noKey = forCredentialsOf(
      { test: () => ({ spend: { [RAG_KEY]: 3 }, checked: true }), scope: () => ({}) },
      config({ project_key: undefined }),
    );
    expect(noKey.test('f', 'rag')).toEqual({ spend: {}, checked: false });
  });
});
