/** Each violation and difference of a recording gets its strength: documented (the spec says so) or assumed. */
import { describe, expect, it } from 'vitest';
import { documentedFindings, findingOf } from './findings.js';
import { altered, errorBody, json, pair, projectsBody } from './pairs.test-support.js';

const strengths = (f: ReturnType<typeof findingOf>) =>
  [...f.violations, ...f.differences].map((d) => `${d.kind}:${d.strength}`);

describe('drift strengths [DRIFT-STRENGTH]', () => {
  it('a server that differs only where the spec is silent shows assumed differences only', () => {
    const extra = altered(projectsBody(), (b) => {
      (b as unknown as { x_variant: number }).x_variant = 1;
      for (const p of b.data) (p as unknown as { x_variant: number }).x_variant = 1;
    });
    const cases = [
      // another 4xx for Invalid params, with detail in the message
      pair(json(422, errorBody('Invalid params: limit: too big')), json(400, errorBody('Invalid params'))),
      // extra undocumented fields
      pair(json(200, extra), json(200, projectsBody())),
      // 201 instead of 200
      pair(json(201, projectsBody()), json(200, projectsBody())),
      // another message for a refusal whose text the spec does not quote
      pair(json(400, errorBody('Project does not exist')), json(404, errorBody('Project not found'))),
      // a cap on an operation the spec gives none
      pair(json(429, errorBody('Rate limit exceeded. Please try again later.')), json(200, projectsBody())),
    ];
    for (const p of cases) {
      const f = findingOf(p);
      expect([...f.violations, ...f.differences].length, JSON.stringify(p.real)).toBeGreaterThan(0);
      expect(documentedFindings(f), strengths(f).join(' ')).toBe(0);
    }
  });

  it('a server that breaks what the spec documents shows documented differences', () => {
    const noTotal = altered(projectsBody(), (b) => {
      (b as { total?: number }).total = undefined;
    });
    const wrongType = altered(projectsBody(), (b) => {
      (b.data[0] as unknown as { id: string }).id = 'one';
    });
    const cases = [
      // success where the fake refuses
      pair(json(200, projectsBody()), json(400, errorBody('Invalid params'))),
      // the documented 401 message changed
      pair(json(401, errorBody('nope')), json(401, errorBody('Invalid or revoked API token'))),
      // 404 where the spec documents 403 for a missing permission
      pair(
        json(404, errorBody('You do not have permission to perform this action')),
        json(403, errorBody('You do not have permission to perform this action')),
      ),
      // `total` missing, a documented field of another type
      pair(json(200, noTotal), json(200, projectsBody())),
      pair(json(200, wrongType), json(200, projectsBody())),
      // not the envelope at all
      pair(json(200, { ok: true }), json(200, projectsBody())),
    ];
    for (const p of cases) {
      const f = findingOf(p);
      expect(
        documentedFindings(f),
        `${JSON.stringify(p.real.body)}: ${strengths(f).join(' ')}`,
      ).toBeGreaterThan(0);
    }
  });

  it('the Bearer search items and the model list envelope are not shown: their shape differences are assumed', () => {
    const search = (data: unknown) => json(200, { type: 'RXSUCCESS', message: 'ok', data });
    const chunk = { point_id: 'p1', doc_id: 'd1', score: 1.5, content: 'refunds' };
    const other = { node_id: 'p1', text: 'refunds', score: 1.5, metadata: { doc_id: 'd1' } };
    const f = findingOf(
      pair(search([other]), search([chunk]), {
        operationId: 'searchIndexDocument',
        path: '/searchIndexDocument',
      }),
    );
    expect(strengths(f).length).toBeGreaterThan(0);
    expect(documentedFindings(f)).toBe(0);
    const models = findingOf(
      pair(
        search({ models: [{ value: 'gpt-4o-mini', tier: 0 }] }),
        search([{ value: 'gpt-4o-mini', tier: 0 }]),
        {
          operationId: 'getSupportedModels',
          path: '/getSupportedModels',
        },
      ),
    );
    expect(documentedFindings(models)).toBe(0);
  });
});

describe('drift strengths at {org_base_url} and for statuses given only with a message [DRIFT-STRENGTH]', () => {
  it('what {org_base_url} serves is not shown: a refusal there where the fake answers is assumed', () => {
    const p = pair(json(400, errorBody('Route not found')), json(200, projectsBody()), { base: 'org' });
    expect(documentedFindings(findingOf(p))).toBe(0);
    expect(documentedFindings(findingOf({ ...p, base: 'base' }))).toBeGreaterThan(0);
  });

  it('"not a member of the project" has a described message but no documented status: another 4xx is assumed', () => {
    const notMember = errorBody('User is not a member of the project');
    const p = pair(json(400, notMember), json(403, notMember));
    expect(documentedFindings(findingOf(p))).toBe(0);
  });
});
