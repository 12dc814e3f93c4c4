import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, securitySchemes } from './openapi.js';
import { operations } from './operations.js';

// biome-ignore lint/suspicious/noExplicitAny: the test walks a JSON document whose shape it is checking
type Json = Record<string, any>;
const doc = buildOpenApiDocument() as Json;
const postOps = Object.entries(doc.paths as Record<string, Json>).map(([path, item]) => ({
  path,
  item,
  op: item.post as Json,
}));

describe('the OpenAPI document generated from the contract', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid).toBe(true);
  });

  it('has every operation of the table at its path, with its credential, encoding and schemas', () => {
    for (const op of operations) {
      const found = postOps.filter((p) => (p.op['x-operation-ids'] as string[]).includes(op.id));
      expect(
        found.map((p) => p.path),
        op.id,
      ).toEqual([op.path]);
      const { op: entry, item } = found[0]!;
      const schemes = (entry.security as Json[]).flatMap((s) => Object.keys(s));
      const expected = { 'bearer-token': ['platformToken'], 'project-key': ['projectKey'] }[
        op.credential as string
      ] ?? ['ragKeyBearer', 'ragKeyHeader'];
      for (const scheme of expected) expect(schemes, op.id).toContain(scheme);
      const media = op.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      expect(JSON.stringify(entry.requestBody.content[media]), op.id).toContain(`${op.id}Request`);
      expect(JSON.stringify(entry.responses['200']), op.id).toContain(`${op.id}Response`);
      expect(doc.components.schemas[`${op.id}Request`], op.id).toBeTypeOf('object');
      expect(doc.components.schemas[`${op.id}Response`], op.id).toBeTypeOf('object');
      if (op.orgLevel) expect(JSON.stringify(item.servers), op.id).toContain('{org_base_url}');
    }
    const listed = postOps.flatMap((p) => p.op['x-operation-ids'] as string[]);
    expect([...listed].sort()).toEqual(operations.map((o) => o.id).sort());
  });

  it('declares the three credentials and the documented error statuses', () => {
    expect(Object.keys(doc.components.securitySchemes)).toEqual(Object.keys(securitySchemes));
    for (const { op } of postOps) {
      for (const status of ['401', '403', '429']) expect(op.responses[status], op.operationId).toBeDefined();
    }
  });

  it('describes envelopes: RXSUCCESS with data, RXERROR with a message', () => {
    const projects = doc.components.schemas.getMyProjectsResponse as Json;
    expect(projects.properties.type.const).toBe('RXSUCCESS');
    expect(projects.properties.data.type).toBe('array');
    expect(projects.required).toEqual(expect.arrayContaining(['type', 'message', 'data']));
    expect(doc.components.schemas.ErrorEnvelope.properties.type.const).toBe('RXERROR');
  });

  it('gives form-encoded fields as the strings they arrive as', () => {
    const sessions = doc.components.schemas.getSessionsRequest as Json;
    expect(sessions.properties.limit.type).toBe('string');
    expect(sessions.required).toEqual(['project_uid']);
  });
});
