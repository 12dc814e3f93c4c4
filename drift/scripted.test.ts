/** What `--fail-on-drift` counts: native errors under the RAG roots are no violation; scripted tests' breaks neither. */
import { describe, expect, it } from 'vitest';
import { findingOf, isDrift, isScripted } from './findings.js';
import { errorBody, json, openaiFrames, pair, sse } from './pairs.test-support.js';

const native404 = json(404, {
  error: { message: 'Unknown path', type: 'invalid_request_error', param: null, code: null },
});

describe('drift that fails the fake’s own CI [DRIFT-SCHEMA-VIOLATIONS, DRIFT-COMPARE-SHAPES]', () => {
  it('an unknown path under /openai/ answered in the native error shape is no violation; the envelope there is one', () => {
    const under = { operationId: undefined, method: 'GET', path: '/openai/models' };
    expect(findingOf(pair(native404, native404, under)).violations).toEqual([]);
    expect(
      findingOf(pair(json(404, errorBody('Route not found')), undefined, under)).violations.length,
    ).toBeGreaterThan(0);
  });

  it('a stream cut by a FAKE- scripted test is reported but is not drift; the same cut elsewhere is', () => {
    const cut = sse(openaiFrames().slice(0, 2));
    const base = {
      operationId: 'openaiChatCompletions',
      path: '/openai/chat/completions',
      requestBody: '{"stream":true}',
    };
    const scripted = findingOf(pair(cut, cut, { ...base, clauses: ['FAKE-MODEL-SCRIPT'] }));
    expect(scripted.violations.length).toBeGreaterThan(0);
    expect([isScripted(scripted), isDrift(scripted)]).toEqual([true, false]);
    const plain = findingOf(pair(cut, cut, { ...base, clauses: ['RAG-OPENAI-STREAM'] }));
    expect([isScripted(plain), isDrift(plain)]).toEqual([false, true]);
  });
});
