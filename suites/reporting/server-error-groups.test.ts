/** Server errors grouped by cause: family × status × the shape of the request (issue 39, item 6). */
import { describe, expect, it } from 'vitest';
import { integrationOperations, platformOperations } from '../../contract/index.js';
import type { TestOutcome } from './clause-matrix.js';
import { partsOf } from './exchange-parts.js';
import { deepNestingServerError, redacted } from './outcomes.test-support.js';
import { requestShape } from './request-shape.js';
import { serverErrorGroupsOf } from './server-error-groups.js';

const json = platformOperations.filter((o) => o.encoding === 'json');

describe('server errors by cause [REPORT-SERVER-ERRORS, REPORT-LIKELY-DEFECTS]', () => {
  it('one server answering 500 to deeply nested JSON on every Platform operation: one group, every error counted', () => {
    const tests = json.map((op, i) => deepNestingServerError(op.id, i));
    // One test met more than it kept (answers.ts keeps three a test): they count with its cause.
    const last = tests.at(-1) as TestOutcome;
    tests[tests.length - 1] = { ...last, serverErrorsMore: 12 };
    const summary = serverErrorGroupsOf(tests);
    expect(summary.groups).toHaveLength(1);
    expect(summary).toMatchObject({ count: json.length + 12, tests: json.length });
    const [g] = summary.groups;
    expect(g).toMatchObject({
      family: 'Platform',
      status: '500',
      shape: 'deeply nested JSON',
      count: json.length + 12,
    });
    expect(g?.operations).toHaveLength(json.length);
    expect(g?.firstTests).toHaveLength(3);
    expect(g?.example.curl).toMatch(
      /^curl -sS -i -X POST "\$BASE_URL\/getMyProjects" -H "Authorization: Bearer \$TOKENS_OWNER" -H 'Content-Type: application\/json' --data-raw '\{"a":\{"a":/,
    );
    expect(g?.example.curl).toMatch(/# the report kept the first 800 of the body's 30001 characters$/);
  });

  it('another family, another status or another shape is another group', () => {
    const integration = integrationOperations.map((op, i) => deepNestingServerError(op.id, i, 'integration'));
    const notJson: TestOutcome = {
      fullName: 'getSupportedModels answers its list [MODELS-RESPONSE-SHAPE]',
      file: 'suites/platform/models.test.ts',
      state: 'passed',
      durationMs: 2,
      serverErrors: [
        {
          request: `POST /api/v1/getSupportedModels\nauthorization: Bearer ${redacted(1)}\ncontent-type: application/json\n\n{}`,
          response: '200\ncontent-type: text/html\n\n<html>gateway page</html>',
          status: 200,
          why: 'not JSON',
        },
      ],
    };
    const summary = serverErrorGroupsOf([
      deepNestingServerError('getMyProjects', 1),
      ...integration,
      notJson,
    ]);
    expect(summary.groups.map((g) => [g.family, g.status, g.shape, g.count])).toEqual([
      ['Project Integration', '500', 'deeply nested JSON', integration.length],
      ['Platform', '200, not JSON', 'JSON {}', 1],
      ['Platform', '500', 'deeply nested JSON', 1],
    ]);
  });

  it('request shapes in words: the odd bodies of the server-error probes, and any other body by its skeleton', () => {
    const shape = (body: string, type = 'application/json') =>
      requestShape(partsOf(`POST /api/v1/getSessions\ncontent-type: ${type}\n\n${body}`));
    const form = 'application/x-www-form-urlencoded';
    expect(shape(`project_uid=x&${'a['.repeat(5000)}x${']'.repeat(5000)}=1`.slice(0, 800), form)).toBe(
      'a deeply nested form field',
    );
    expect(shape('project_uid=x&limit=%ZZ&session_uid=%', form)).toBe('invalid percent-encoding');
    expect(shape('project_uid=x&limit=1&limit=2', form)).toBe('a form field repeated (limit, project_uid)');
    expect(shape('{"limit":1e400}')).toBe('a number past every integer type');
    expect(shape('{"limit":123456789012345678901234567890}')).toBe('a number past every integer type');
    expect(shape('(binary body)', 'application/json; charset=utf-16le')).toBe(
      'a binary body (application/json; charset=utf-16le)',
    );
    expect(shape('{"limit": 1,')).toBe('a body that is not JSON');
    expect(shape('')).toBe('an empty body');
    // Ids and values differ, the skeleton does not.
    expect(shape('{"project_uid":"h9vdap64","query":"refund","limit":3}')).toBe(
      shape('{"limit":99,"query":"other","project_uid":"zwcsjthl"}'),
    );
    expect(shape('{"model":"gpt-4o-mini","messages":[{"role":"user","content":5}],"tools":[null]}')).toBe(
      'JSON {messages: [{content: number, role: string}], model: string, tools: [null]}',
    );
  });
});
