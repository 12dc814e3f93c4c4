/**
 * Probes for server errors in every family (issue 33): deeply nested JSON, huge and odd numbers and odd encodings on
 * every Platform and Project Integration operation; malformed `tools`, `messages` and content blocks of each RAG
 * dialect. What a server answers to these is mostly its own choice (a 4xx, or a lenient 2xx), so each test checks
 * softly that the answer is no 5xx (ERR-NEVER-5XX, RAG-BAD-REQUEST-400); the verdict fails on any 5xx all the same,
 * as a server error with its request and response (suites/target/answers.ts), whatever became of the test.
 */
import { describe, expect, it } from 'vitest';
import { integrationOperations, platformOperations } from '../../contract/index.js';
import { needRag } from '../support/rag.js';
import { DIALECTS, type RagDialect } from '../support/rag-wire.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();

/** `{"a":{"a":…1…}}`, `depth` objects deep. */
const nested = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const noServerError = (clause: string, what: string, res: RawResponse) =>
  assumed(clause, () =>
    expect(res.status, `${what}: ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500),
  );

/** The body fields an operation reads, set to `value`, and the rest of a valid body around them. */
const withField = (operation: { id: string }, value: string): string => {
  const uid = target().config.project_uid ?? 'no-project';
  const fields: Record<string, string> = {
    getMyProjects: `{"limit":${value}}`,
    getOrganizationMembers: `{"limit":${value}}`,
    getSessions: '',
    getSessionMessages: '',
    searchIndexDocument: `{"project_uid":"${uid}","query":"refund","limit":${value}}`,
    getChatbotExecutionLogs: `{"limit":${value}}`,
    searchIndexDocumentByProjectKey: `{"query":"refund","limit":${value}}`,
  };
  return fields[operation.id] ?? `{"project_uid":"${uid}","limit":${value}}`;
};

const jsonOperations = [...platformOperations, ...integrationOperations].filter(
  (op) => op.encoding === 'json',
);

describe('Platform and Project Integration operations: no server error on odd bodies [ERR-NEVER-5XX]', () => {
  it.for(jsonOperations.map((op) => op.id))('%s: JSON nested 5000 deep', async (id, ctx) => {
    need(ctx, target(), integrationOperations.some((o) => o.id === id) ? { projectKey: true } : {});
    const res = await target().call(id, { raw: { body: nested(5000), contentType: 'application/json' } });
    noServerError('ERR-NEVER-5XX', `${id} with JSON nested 5000 deep`, res);
  });

  it.for(['1e400', '-1e400', '123456789012345678901234567890', '-0', '1.0e2', '9007199254740993'])(
    'numbers past every integer type: limit %s',
    async (value, ctx) => {
      need(ctx, target(), { projectKey: true });
      // A write operation is probed only where writes are allowed (these bodies lack its required fields, but a
      // lenient server might still act on them).
      const probed = jsonOperations.filter(
        (o) => withField(o, value) !== '' && (target().config.allow.writes || !('writes' in o && o.writes)),
      );
      for (const op of probed) {
        const res = await target().call(op.id, {
          raw: { body: withField(op, value), contentType: 'application/json' },
        });
        noServerError('ERR-NEVER-5XX', `${op.id} with limit ${value}`, res);
      }
    },
  );

  it('odd encodings: invalid UTF-8, a byte-order mark, UTF-16, a charset the server may not know, a NUL', async () => {
    const bodies: { body: Buffer; contentType: string; what: string }[] = [
      {
        body: Buffer.from([0x7b, 0x22, 0x73, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        contentType: 'application/json',
        what: 'invalid UTF-8',
      },
      {
        body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"limit":1}')]),
        contentType: 'application/json',
        what: 'a UTF-8 byte-order mark',
      },
      {
        body: Buffer.from('{"limit":1}', 'utf16le'),
        contentType: 'application/json; charset=utf-16le',
        what: 'UTF-16LE',
      },
      {
        body: Buffer.from('{"search":"caf\u00e9"}', 'latin1'),
        contentType: 'application/json; charset=klingon',
        what: 'an unknown charset',
      },
      {
        body: Buffer.from('{"search":"a\u0000b"}'),
        contentType: 'application/json',
        what: 'a NUL in a string',
      },
    ];
    for (const { body, contentType, what } of bodies) {
      const res = await target().call('getMyProjects', { raw: { body, contentType } });
      noServerError('ERR-NEVER-5XX', `getMyProjects with ${what}`, res);
    }
  });

  it('form operations: a field repeated, a field nested 5000 deep, invalid percent-encoding', async (ctx) => {
    need(ctx, target(), {});
    const uid = encodeURIComponent(target().config.project_uid ?? 'no-project');
    for (const body of [
      `project_uid=${uid}&limit=1&limit=2&status=open&status=closed`,
      `project_uid=${uid}&${'a['.repeat(5000)}x${']'.repeat(5000)}=1`,
      `project_uid=${uid}&limit=%ZZ&session_uid=%`,
    ]) {
      for (const id of ['getSessions', 'getSessionMessages']) {
        const res = await target().call(id, {
          raw: { body, contentType: 'application/x-www-form-urlencoded' },
        });
        noServerError('ERR-NEVER-5XX', `${id} with ${body.slice(0, 60)}`, res);
      }
    }
  });
});

/** Malformed requests of each dialect: tools, messages, content blocks. */
const malformed = (dialect: RagDialect, model: string): { what: string; body: unknown }[] => {
  const user = { role: 'user', content: 'What is the refund window?' };
  const base =
    dialect === 'openai' ? { model, messages: [user] } : { model, max_tokens: 64, messages: [user] };
  const fn =
    dialect === 'openai'
      ? (parameters: unknown) => ({ type: 'function', function: { name: 'get_weather', parameters } })
      : (input_schema: unknown) => ({ name: 'get_weather', input_schema });
  return [
    { what: 'a function tool whose parameters are [1]', body: { ...base, tools: [fn([1])] } },
    { what: 'a function tool whose parameters are a string', body: { ...base, tools: [fn('object')] } },
    { what: 'tools as a string', body: { ...base, tools: 'service:knowledgebase' } },
    { what: 'a null tool', body: { ...base, tools: [null] } },
    {
      what: 'a knowledgebase tool whose limit is text',
      body: { ...base, tools: [{ type: 'service:knowledgebase', parameters: { limit: 'many' } }] },
    },
    {
      what: 'a knowledgebase tool whose parameters are [1]',
      body: { ...base, tools: [{ type: 'service:knowledgebase', parameters: [1] }] },
    },
    { what: 'messages as a string', body: { ...base, messages: 'hello' } },
    {
      what: 'a message whose content is a number',
      body: { ...base, messages: [{ role: 'user', content: 5 }] },
    },
    { what: 'a message with no role', body: { ...base, messages: [{ content: 'hi' }] } },
    {
      what: 'a text block whose text is a number',
      body: { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 7 }] }] },
    },
    {
      what: 'a tool result beside a text block whose text is not a string',
      body: {
        ...base,
        messages:
          dialect === 'openai'
            ? [user, { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: { a: 1 } }] }]
            : [
                user,
                {
                  role: 'assistant',
                  content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} }],
                },
                {
                  role: 'user',
                  content: [
                    { type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' },
                    { type: 'text', text: { a: 1 } },
                  ],
                },
              ],
      },
    },
    {
      what: 'a content block of an unknown type',
      body: { ...base, messages: [{ role: 'user', content: [{ type: 'hologram', data: 'x' }] }] },
    },
    { what: 'max_tokens past every integer type', body: { ...base, max_tokens: 1e300 } },
    { what: 'messages nested 2000 deep', body: { ...base, messages: [JSON.parse(nested(2000))] } },
  ];
};

describe.each(DIALECTS)('%s-style endpoint: no server error on malformed requests', (dialect) => {
  it('malformed tools, messages and content blocks get no 5xx [RAG-BAD-REQUEST-400, ERR-NEVER-5XX]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const path = dialect === 'openai' ? '/openai/chat/completions' : '/anthropic/v1/messages';
    for (const { what, body } of malformed(dialect, model)) {
      const res = await target().raw(path, { body });
      noServerError('RAG-BAD-REQUEST-400', `${dialect}: ${what}`, res);
    }
  });
});
