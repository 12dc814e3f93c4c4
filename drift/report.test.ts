import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clauseById } from '../contract/clauses/index.js';
import { findingsOf } from './findings.js';
import { altered, errorBody, json, pair, projectsBody } from './pairs.test-support.js';
import { driftReport, writeDriftReport } from './report.js';
import { driftHtml } from './report-html.js';

const meta = {
  cassettes: 'fixtures/cassettes',
  fake: 'in-process fake',
  generatedAt: '2025-01-01T00:00:00.000Z',
};
const ASSUMED = 'PROJECTS-SEARCH-CASE-INSENSITIVE';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const clean = pair(json(200, projectsBody()), json(200, projectsBody()), { index: 0 });
const hostile = pair(
  json(401, errorBody('<script>alert(1)</script>')),
  json(401, errorBody('Invalid token')),
  {
    index: 1,
    test: 'auth > rejects <script>',
  },
);
const candidate = pair(
  json(200, projectsBody()),
  json(
    200,
    altered(projectsBody(), (b) => {
      b.message = 'Projects listed';
    }),
  ),
  { index: 2, clauses: [ASSUMED] },
);

/** The HTML between the heading that starts with `title` and the next h2. */
const sectionOf = (html: string, title: string): string => {
  const start = html.indexOf(`<h2>${title}`);
  if (start < 0) return '';
  const end = html.indexOf('<h2>', start + 4);
  return html.slice(start, end < 0 ? undefined : end);
};

describe('the drift report files', () => {
  it('writes drift.json and drift.html, listing only findings with something to say [DRIFT-REPORT-FILES]', () => {
    const dir = mkdtempSync(join(tmpdir(), 'drift-'));
    dirs.push(dir);
    const paths = writeDriftReport(join(dir, 'out'), findingsOf([clean, hostile, candidate]), meta);
    expect(paths).toEqual({ json: join(dir, 'out', 'drift.json'), html: join(dir, 'out', 'drift.html') });
    const report = JSON.parse(readFileSync(paths.json, 'utf8'));
    expect(Object.keys(report)).toEqual(['format', 'meta', 'totals', 'drift', 'operations', 'findings']);
    expect(report.format).toBe('chatbot-platform-drift/1');
    expect(report.meta).toEqual(meta);
    expect(report.totals).toMatchObject({ interactions: 3, clean: 1, withDifferences: 2, candidates: 1 });
    expect(report.drift).toBe(2);
    expect(report.findings.map((f: { index: number }) => f.index)).toEqual([1, 2]);
    expect(report.findings[0]).toEqual({
      operation: 'getMyProjects',
      operationId: 'getMyProjects',
      cassette: 'suites/platform/projects.test.ts',
      index: 1,
      method: 'POST',
      path: '/getMyProjects',
      test: 'auth > rejects <script>',
      clauses: [],
      onAssumedClauses: false,
      scripted: false,
      real: { status: 401, contentType: 'application/json; charset=utf-8' },
      fake: { status: 401, contentType: 'application/json; charset=utf-8' },
      fakeError: null,
      violations: [],
      differences: [
        {
          kind: 'message',
          path: '$.message',
          real: '<script>alert(1)</script>',
          fake: 'Invalid token',
          detail: 'message differs',
          strength: 'assumed',
        },
      ],
    });
    expect(readFileSync(paths.html, 'utf8')).toBe(driftHtml(report));
  });

  it('escapes all HTML and uses no external asset [DRIFT-REPORT-FILES]', () => {
    const html = driftHtml(
      driftReport(findingsOf([hostile]), { ...meta, fake: '<img src=x onerror=alert(1)>' }),
    );
    expect(html).not.toMatch(/<(script|img|link|iframe)\b/i);
    expect(html).not.toMatch(/\b(src|href)=["']/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('auth &gt; rejects &lt;script&gt;');
  });

  it('shows a difference on assumed clauses as a candidate, quoting the clause [DRIFT-ASSUMED-CANDIDATES, DRIFT-REPORT-FILES]', () => {
    const html = driftHtml(driftReport(findingsOf([hostile, candidate]), meta));
    const candidates = sectionOf(html, 'Candidates to correct our assumptions');
    const byOperation = sectionOf(html, 'Differences by operation');
    const rule = clauseById(ASSUMED)!.rule.replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    expect(candidates).toContain(`<code>${ASSUMED}</code>`);
    expect(candidates).toContain(`<blockquote>${rule}</blockquote>`);
    expect(candidates).toContain('Projects listed');
    expect(candidates).not.toContain('Invalid token');
    expect(byOperation).toContain('Invalid token');
    expect(byOperation).not.toContain('Projects listed');
  });

  it('lists violations of the real deployment in their own section [DRIFT-REPORT-FILES]', () => {
    const broken = altered(projectsBody(), (b) => {
      b.data[0]!.name = 7 as unknown as string;
    });
    const html = driftHtml(
      driftReport(findingsOf([pair(json(200, broken), json(200, projectsBody()))]), meta),
    );
    const violations = sectionOf(html, 'Violations of the real deployment');
    expect(violations).toContain('$.data[0].name');
    expect(violations).toContain('Invalid input: expected string, received number');
    expect(html).toContain('<div class="verdict fail">DRIFT</div>');
  });

  it('states plainly that there is no drift when every pair is clean [DRIFT-REPORT-FILES]', () => {
    const html = driftHtml(driftReport(findingsOf([clean, { ...clean, index: 5 }]), meta));
    expect(html).toContain('<div class="verdict pass">NO DRIFT</div>');
    expect(html).toContain('No drift: all 2 recorded answers match the contract');
    expect(html).not.toContain('<h2>Violations');
    expect(html).not.toContain('<h2>Candidates');
    expect(driftReport(findingsOf([clean]), meta).findings).toEqual([]);
  });
});
