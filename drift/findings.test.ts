import { describe, expect, it } from 'vitest';
import { clauseById } from '../contract/clauses/index.js';
import { findingsOf, isCandidate, summarize, totalsOf } from './findings.js';
import { altered, errorBody, json, pair, projectsBody } from './pairs.test-support.js';

const ASSUMED = 'PROJECTS-SEARCH-CASE-INSENSITIVE';
const DOCUMENTED = 'PROJECTS-RESPONSE-TOTAL';

const renamed = altered(projectsBody(), (b) => {
  b.message = 'Projects listed';
});

describe('findings and the summary per operation', () => {
  it('uses clauses of the kinds the test expects [DRIFT-ASSUMED-CANDIDATES]', () => {
    expect(clauseById(ASSUMED)?.kind).toBe('assumed');
    expect(clauseById(DOCUMENTED)?.kind).toBe('documented');
  });

  it('marks a difference as a candidate only when every cited clause is assumed [DRIFT-ASSUMED-CANDIDATES]', () => {
    const real = json(200, projectsBody());
    const fake = json(200, renamed);
    const [onAssumed, mixed, unknown, none, same] = findingsOf([
      pair(real, fake, { clauses: [ASSUMED] }),
      pair(real, fake, { clauses: [ASSUMED, DOCUMENTED] }),
      pair(real, fake, { clauses: ['NO-SUCH-CLAUSE'] }),
      pair(real, fake, { clauses: [] }),
      pair(real, real, { clauses: [ASSUMED] }),
    ]);
    expect([onAssumed, mixed, unknown, none, same].map((f) => f!.onAssumedClauses)).toEqual([
      true,
      false,
      false,
      false,
      true,
    ]);
    expect([onAssumed, mixed, unknown, none, same].map((f) => isCandidate(f!))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(onAssumed!.differences.map((d) => d.kind)).toEqual(['message']);
    expect(onAssumed!.violations).toEqual([]);
  });

  it('counts per operation, keyed by METHOD and path outside the table [DRIFT-ASSUMED-CANDIDATES]', () => {
    const broken = altered(projectsBody(), (b) => {
      (b as { total?: number }).total = undefined;
    });
    const findings = findingsOf([
      pair(json(200, projectsBody()), json(200, projectsBody())),
      pair(json(200, broken), json(200, renamed), { clauses: [ASSUMED] }),
      pair(json(404, errorBody('Route not found')), json(404, errorBody('Not found')), {
        operationId: undefined,
        method: 'post',
        path: '/unknownThing',
      }),
    ]);
    const summaries = summarize(findings);
    expect(summaries).toEqual([
      {
        operation: 'POST /unknownThing',
        operationId: null,
        interactions: 1,
        clean: 0,
        withViolations: 0,
        violations: 0,
        withDifferences: 1,
        differences: { status: 0, envelope: 0, presence: 0, type: 0, message: 1 },
        onAssumedClauses: 0,
        candidates: 0,
        documented: 0,
        assumed: 1,
      },
      {
        operation: 'getMyProjects',
        operationId: 'getMyProjects',
        interactions: 2,
        clean: 1,
        withViolations: 1,
        violations: 1,
        withDifferences: 1,
        differences: { status: 0, envelope: 0, presence: 1, type: 0, message: 1 },
        onAssumedClauses: 1,
        candidates: 1,
        documented: 1,
        assumed: 2,
      },
    ]);
    expect(totalsOf(findings)).toMatchObject({ interactions: 3, clean: 1, violations: 1, candidates: 1 });
  });
});
