import { describe, expect, it } from 'vitest';
import { operationById } from '../../contract/operations.ts';
import { errorMessageOf } from './http.ts';
import { familyCall, familyOperation, platformCall, ragCall, searchCall } from './requests.ts';

const BASE = 'https://staging.example/api/v1';

describe('the requests of the load scripts follow contract/ [LOAD-CAP-CHECK]', () => {
  it('[RATE-PLATFORM-1000] Platform: getMyProjects with the token as Bearer and a body the schema accepts', () => {
    const op = operationById(familyOperation.platform.id);
    const call = platformCall(BASE, 'api-v1-t');
    expect(op.credential).toBe('bearer-token');
    expect(call).toMatchObject({ method: 'POST', url: `${BASE}${op.path}` });
    expect(call.headers.Authorization).toBe('Bearer api-v1-t');
    expect(op.request.safeParse(JSON.parse(call.body!)).success).toBe(true);
  });

  it('[RATE-RAG-PROFESSIONAL-200] RAG: the OpenAI-style endpoint with the key as Bearer and the knowledgebase tool', () => {
    const op = operationById(familyOperation.rag.id);
    const call = ragCall(BASE, 'apk-k', 'gpt-4o-mini');
    expect(op.credential).toBe('rag-key');
    expect(call.url).toBe(`${BASE}${op.path}`);
    expect(call.headers.Authorization).toBe('Bearer apk-k');
    const body = JSON.parse(call.body!);
    expect(op.request.safeParse(body).success).toBe(true);
    expect(body.tools).toEqual([{ type: 'service:knowledgebase', parameters: { limit: 1 } }]);
  });

  it('[RATE-SEARCH-KEY-100] search: the project-key variant with the key in api-key', () => {
    const op = operationById(familyOperation.search.id);
    const call = searchCall(BASE, 'apk-k');
    expect(op.credential).toBe('project-key');
    expect(call.url).toBe(`${BASE}${op.path}`);
    expect(call.headers['api-key']).toBe('apk-k');
    expect(op.request.safeParse(JSON.parse(call.body!)).success).toBe(true);
  });

  it('[LOAD-CONFIG] a family without its credential is refused before any request', () => {
    expect(() => familyCall('rag', BASE, { projectKey: 'apk-k' })).toThrow('rag: no RAG model');
    expect(() => familyCall('platform', BASE, {})).toThrow('platform: no Platform token');
    expect(familyCall('search', BASE, { projectKey: 'apk-k' }).url).toBe(`${BASE}/searchIndexDocument`);
  });

  it('[RATE-429-MESSAGE, RAG-RATE-LIMIT-NATIVE] reads the message of the envelope and of a native RAG error', () => {
    expect(
      errorMessageOf('{"type":"RXERROR","message":"Rate limit exceeded. Please try again later."}'),
    ).toBe('Rate limit exceeded. Please try again later.');
    expect(
      errorMessageOf('{"error":{"message":"m","type":"rate_limit_error","code":"rate_limit_exceeded"}}'),
    ).toBe('m');
    expect(errorMessageOf('{"type":"error","error":{"type":"rate_limit_error","message":"a"}}')).toBe('a');
    expect(errorMessageOf('<html>')).toBeUndefined();
    expect(errorMessageOf('null')).toBeUndefined();
  });
});
