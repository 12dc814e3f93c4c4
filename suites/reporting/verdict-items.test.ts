/**
 * A verdict that blames the right thing (issue 33), read from a real vitest run of fixtures/verdict-items.fixture.ts
 * through the clause reporter: a failed assertion bound to one clause marks only that clause red, in a plain test
 * and in a property breaking two rules (which goes on checking every case); an unbound failure falls back to every
 * clause of the title; a 5xx and an answer that is not JSON are server-error items that fail the verdict apart from
 * the clauses; a request that gets no answer is a no-answer item, and no clause turns red for it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { reportOfFixture } from './fixture-run.test-support.js';
import { toHtml } from './html.js';
import type { ConformanceReport } from './report.js';
import { escapeMarkup } from './text.js';

const FIXTURE = 'suites/support/fixtures/verdict-items.fixture.ts';
let report: ConformanceReport;

beforeAll(async () => {
  report = await reportOfFixture(FIXTURE);
}, 60_000);

const status = (id: string) => report.matrix.rows.find((r) => r.id === id)?.status;
const test = (fragment: string) => report.matrix.tests.find((t) => t.fullName.includes(fragment));

describe('a red names the clause its failed assertion checks [REPORT-BOUND-ASSERTIONS]', () => {
  it('a plain test: only the clause of the failing bound check is red', () => {
    expect(status('SET-MODE-ENUM')).toBe('fail');
    expect(status('SET-TEMPERATURE-RANGE')).toBe('pass');
    expect(test('plain test')?.failedClauses).toEqual(['SET-MODE-ENUM']);
  });

  it('a property breaking two rules: both red, the third passes, every counterexample against its rule', () => {
    expect(status('SET-MAX-NODES-RANGE')).toBe('fail');
    expect(status('SET-CHAT-HISTORY-COUNT-RANGE')).toBe('fail');
    expect(status('SET-AUTO-CLOSE-RANGE')).toBe('pass');
    const t = test('a property breaking');
    expect(t?.state).toBe('failed');
    expect([...(t?.failedClauses ?? [])].sort()).toEqual([
      'SET-CHAT-HISTORY-COUNT-RANGE',
      'SET-MAX-NODES-RANGE',
    ]);
    // 60 cases: n % 7 === 3 nine times or so, n % 5 === 2 a dozen; a few kept per rule, the rest counted.
    const maxNodes = (t?.boundFailures ?? []).filter((f) => f.clauseIds.includes('SET-MAX-NODES-RANGE'));
    expect(maxNodes.length).toBeGreaterThan(0);
    expect(maxNodes.length).toBeLessThanOrEqual(3);
    expect(maxNodes[0]?.message).toMatch(/n=\d+/);
    // The test itself asserts that all 60 cases ran (an unbound failure there would turn all three red).
    expect(t?.failedClauses).not.toContain('SET-AUTO-CLOSE-RANGE');
  });

  it('an unbound failure falls back to every clause the title cites', () => {
    expect(status('SET-AUTO-RESOLVE-RANGE')).toBe('fail');
    expect(status('SET-ADD-PAGE-LINK-VALUES')).toBe('fail');
    expect(test('unbound failure')?.failedClauses).toBeUndefined();
  });

  it('the verdict blames the failing clauses, each with its own message', () => {
    const clauses = report.verdict.failing
      .filter((i) => i.type === 'clause')
      .map((i) => ('id' in i ? i.id : ''));
    expect(clauses.sort()).toEqual(
      [
        'SET-ADD-PAGE-LINK-VALUES',
        'SET-AUTO-RESOLVE-RANGE',
        'SET-CHAT-HISTORY-COUNT-RANGE',
        'SET-MAX-NODES-RANGE',
        'SET-MODE-ENUM',
      ].sort(),
    );
    const mode = report.verdict.failing.find((i) => i.type === 'clause' && i.id === 'SET-MODE-ENUM');
    expect(mode?.message).toMatch(/mode/);
    expect(mode?.message).not.toMatch(/n=/);
  });
});

describe('server errors and silence are items of their own [REPORT-SERVER-ERRORS, REPORT-NO-ANSWER]', () => {
  it('a 5xx fails the verdict as a server error, with its request and response, and no clause red for it', () => {
    const item = report.verdict.failing.find(
      (i) => i.type === 'server-error' && i.fullName.includes('a 500'),
    );
    expect(item?.message).toMatch(/^POST \/api\/v1\/getMyProjects → 500/);
    expect(item?.type === 'server-error' && item.exchanges[0]?.response).toMatch(/^500/);
    expect(item?.type === 'server-error' && item.exchanges[0]?.request).not.toMatch(/api-v1-stub-owner/);
    expect(status('PROJECTS-RESPONSE-TOTAL')).toBe('pass');
    expect(report.verdict.status).toBe('FAIL');
  });

  it('a 5xx of every family is a server error: Project Integration and RAG as well as Platform', () => {
    const item = report.verdict.failing.find(
      (i) => i.type === 'server-error' && i.fullName.includes('RAG families'),
    );
    expect(item?.type === 'server-error' && item.exchanges.map((x) => x.request.split('\n')[0])).toEqual([
      'POST /api/v1/createSession',
      'POST /api/v1/openai/chat/completions',
    ]);
    expect(item?.message).toMatch(/\(2 server errors in this test\)/);
    expect(status('CREATE-SESSION-INITIAL-STATE')).toBe('pass');
  });

  it('an answer that is not JSON where the spec documents JSON is a server error', () => {
    const item = report.verdict.failing.find(
      (i) => i.type === 'server-error' && i.fullName.includes('not JSON'),
    );
    expect(item?.message).toMatch(/getSupportedModels → 200, not JSON/);
  });

  it('a request that gets no answer is a no-answer item; its test is inconclusive and its clause not red', () => {
    const items = report.verdict.noAnswer;
    expect(items.map((i) => ('fullName' in i ? i.fullName : ''))).toEqual([
      expect.stringContaining('gets no answer'),
      expect.stringContaining('test times out'),
    ]);
    const first = items[0];
    expect(first?.type === 'no-answer' && first.requests[0]?.request).toMatch(
      /^POST \/api\/v1\/getOrganizationDetail/,
    );
    expect(first?.type === 'no-answer' && first.requests[0]?.elapsedMs).toBeGreaterThanOrEqual(250);
    expect(test('gets no answer')?.state).toBe('inconclusive');
    expect(test('gets no answer')?.skipReason).toMatch(
      /^no answer: POST \/api\/v1\/getOrganizationDetail waited \d+ ms with \d+ request\(s\) in flight/,
    );
    // Still waiting when its test ran out of time: said so, not as a request past its own timeout.
    expect(test('test times out')?.skipReason).toMatch(
      /^no answer: POST \/api\/v1\/getOrganizationDetail was still waiting \(\d+ ms\) when the test ran out of its time/,
    );
    expect(status('ORG-DETAIL-EMPTY-BODY')).toBe('inconclusive');
    expect(status('RES-ORGANIZATION-SHAPE')).toBe('inconclusive');
    expect(report.coverage.unchecked.find((u) => u.id === 'ORG-DETAIL-EMPTY-BODY')?.reason).toBe('no answer');
  });

  it('the HTML report shows server errors and no-answer items apart from the clause failures, with the quotes', () => {
    const html = toHtml(report);
    const defects = html.search(/<h2>\d+ likely defects?/);
    const servers = html.indexOf('<h2>Server errors');
    const silent = html.indexOf('<h2>No answer');
    const failing = html.indexOf('<h2>Failing');
    // The likely defects first, then the server errors by cause, the silence, the failing clauses one by one.
    expect(defects).toBeGreaterThan(-1);
    expect(servers).toBeGreaterThan(defects);
    expect(silent).toBeGreaterThan(servers);
    expect(failing).toBeGreaterThan(silent);
    expect(html.slice(failing, html.indexOf('<h2>', failing + 4))).not.toMatch(/getMyProjects/);
    expect(html.slice(defects, servers)).not.toMatch(/getMyProjects/);
    expect(html.slice(servers, silent)).toMatch(/getMyProjects/);
    // The failing clause with the spec's own words beside it (REPORT-CLAUSE-QUOTES).
    const mode = html.slice(html.indexOf('<code>SET-MODE-ENUM</code>', failing));
    const quote = report.matrix.rows.find((r) => r.id === 'SET-MODE-ENUM')?.quote?.[0] ?? 'no quote';
    expect(mode.slice(0, 800)).toContain('the spec says:');
    expect(mode.slice(0, 800)).toContain(`<q>${escapeMarkup(quote)}</q>`);
  });
});
