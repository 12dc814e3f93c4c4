/** Each violation and difference of a recording gets its strength: documented (the spec says so) or assumed. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clauseById } from '../contract/clauses/index.js';
import { operations } from '../contract/operations.js';
import { documentedFindings, findingOf } from './findings.js';
import { altered, errorBody, json, pair, projectsBody } from './pairs.test-support.js';
import type { DriftAnswer } from './types.js';

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

describe('drift strengths where the spec leaves the choice open [DRIFT-STRENGTH]', () => {
  const FORBIDDEN = 'You do not have permission to perform this action';
  const success = (data: unknown) => json(200, { type: 'RXSUCCESS', message: 'ok', data });

  it('any path under /openai/ or /anthropic/ is RAG: its error body is not shown', () => {
    const real = json(404, errorBody('Route not found'));
    const native = json(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    for (const [method, path] of [
      ['POST', '/openai/embeddings'],
      ['GET', '/anthropic/v1/messages'],
      ['POST', '/anthropic'],
    ] as const) {
      const f = findingOf(pair(real, native, { operationId: undefined, method, path }));
      expect(f.differences.length, path).toBeGreaterThan(0);
      expect(documentedFindings(f), `${path}: ${strengths(f).join(' ')}`).toBe(0);
    }
    // Outside the RAG dialects the error envelope is documented.
    const platform = pair(native, json(404, errorBody('Route not found')), {
      operationId: undefined,
      path: '/getMyProjectz',
    });
    expect(documentedFindings(findingOf(platform))).toBeGreaterThan(0);
  });

  it('access not shown: the 403 for a missing permission against an answer is assumed on getStats and getSupportedModels', () => {
    const models = { operationId: 'getSupportedModels', path: '/getSupportedModels' };
    const stats = { operationId: 'getStats', path: '/getStats', requestBody: '{"project_uid":"p1"}' };
    const cases = [
      pair(json(403, errorBody(FORBIDDEN)), success([{ value: 'gpt-4o-mini', tier: 0 }]), models),
      pair(success([{ value: 'gpt-4o-mini', tier: 0 }]), json(403, errorBody(FORBIDDEN)), models),
      pair(json(403, errorBody(FORBIDDEN)), success({ total_messages: 1 }), stats),
      // refused for the permission before the membership check the fake refuses on
      pair(
        json(403, errorBody(FORBIDDEN)),
        json(403, errorBody('User is not a member of the project')),
        stats,
      ),
      // refused for the permission before the body is checked
      pair(json(403, errorBody(FORBIDDEN)), json(400, errorBody('Invalid params')), stats),
    ];
    for (const p of cases) {
      const f = findingOf(p);
      expect(f.differences.length).toBeGreaterThan(0);
      expect(documentedFindings(f), strengths(f).join(' ')).toBe(0);
    }
    // Where the spec shows the access, the same differences are documented.
    const sessions = { operationId: 'getSessions', path: '/getSessions', requestBody: 'project_uid=p1' };
    for (const p of cases.slice(2))
      expect(documentedFindings(findingOf({ ...p, ...sessions })), p.real.body).toBeGreaterThan(0);
    // Access not shown does not make a 401 or a server error open.
    expect(
      documentedFindings(
        findingOf(pair(json(401, errorBody('nope')), json(403, errorBody(FORBIDDEN)), stats)),
      ),
    ).toBeGreaterThan(0);
  });

  it('a field the spec does not show may alone decide between success and refusal', () => {
    const body = (extra: Record<string, unknown>) =>
      JSON.stringify({ project_uid: 'p1', session_uid: 7, query: 'Where is my refund?', ...extra });
    const answer = success({ session_uid: 7, message: 'Soon.', response_time: 1, total_credits: 1 });
    const playground = (real: DriftAnswer, fake: DriftAnswer, extra: Record<string, unknown>) =>
      pair(real, fake, {
        operationId: 'playgroundAgentResponse',
        path: '/playgroundAgentResponse',
        requestBody: body(extra),
      });
    const invalid = json(400, errorBody('Invalid params'));
    const history = Array.from({ length: 51 }, () => ({ role: 'user', content: 'hi' }));
    const cases = [
      // the fake's name for the previous messages (`messages`, assumed) with items it refuses; the server ignores it
      playground(answer, invalid, { messages: [{ role: 'system', content: 1 }] }),
      // the same body refused further on, for another reason
      playground(json(400, errorBody('Session not found')), invalid, { messages: [{ role: 'system' }] }),
      // another name for the previous messages, which the fake ignores
      playground(json(422, errorBody('Invalid params: history: too big')), answer, { history }),
      // an agent_setting field beyond model, system_prompt and temperature
      playground(answer, invalid, { agent_setting: { temperature: 1, top_p: 7 } }),
    ];
    for (const p of cases) {
      const f = findingOf(p);
      expect(f.differences.length).toBeGreaterThan(0);
      expect(documentedFindings(f), `${p.requestBody}: ${strengths(f).join(' ')}`).toBe(0);
    }
    // Only the documented fields: the refusal is theirs.
    expect(documentedFindings(findingOf(playground(answer, invalid, {})))).toBeGreaterThan(0);
    expect(
      documentedFindings(
        findingOf(
          playground(json(400, errorBody('Session not found')), invalid, { agent_setting: { model: 'x' } }),
        ),
      ),
    ).toBeGreaterThan(0);
    // A documented field the fake refuses (query over 5000 characters) beside one not shown: still documented.
    const long = pair(answer, invalid, {
      operationId: 'playgroundAgentResponse',
      path: '/playgroundAgentResponse',
      requestBody: JSON.stringify({ project_uid: 'p1', session_uid: 7, query: 'x'.repeat(5001), history }),
    });
    expect(documentedFindings(findingOf(long))).toBeGreaterThan(0);
    // A field not shown does not open the documented 403 or 401.
    expect(
      documentedFindings(findingOf(playground(json(403, errorBody(FORBIDDEN)), answer, { history }))),
    ).toBeGreaterThan(0);
  });

  it('a refusal of the fake whose status and message the spec does not document may be a success elsewhere', () => {
    const messages = {
      operationId: 'getSessionMessages',
      path: '/getSessionMessages',
      requestBody: 'project_uid=p1&session_uid=7',
    };
    const f = findingOf(pair(success([]), json(404, errorBody('Session not found')), messages));
    expect(f.differences.length).toBeGreaterThan(0);
    expect(documentedFindings(f), strengths(f).join(' ')).toBe(0);
    // A refusal the spec documents (Invalid params), or a server error against the undocumented one: documented.
    const documentedRefusal = pair(success([]), json(400, errorBody('Invalid params')), messages);
    expect(documentedFindings(findingOf(documentedRefusal))).toBeGreaterThan(0);
    const serverError = pair(
      json(500, errorBody('boom')),
      json(404, errorBody('Session not found')),
      messages,
    );
    expect(documentedFindings(findingOf(serverError))).toBeGreaterThan(0);
  });
});

describe('the open choices drift reads from the contract [DRIFT-STRENGTH]', () => {
  it('each assumed access rule and assumed request field names an assumed clause, and the field is in the request', () => {
    const marked = operations.filter((o) => o.accessClause || o.assumedRequestFields);
    expect(marked.map((o) => o.id).sort()).toEqual([
      'getStats',
      'getSupportedModels',
      'playgroundAgentResponse',
    ]);
    for (const op of marked) {
      for (const id of [op.accessClause, ...Object.values(op.assumedRequestFields ?? {})])
        if (id) expect(clauseById(id)?.kind, `${op.id}: ${id}`).toBe('assumed');
      for (const field of Object.keys(op.assumedRequestFields ?? {}))
        expect(op.request instanceof z.ZodObject && field in op.request.shape, field).toBe(true);
    }
  });
});
