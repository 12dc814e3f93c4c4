/**
 * A request that differs only in how it travels gets the same answer (issue 40, item 2): a body in the chunked
 * transfer coding beside its Content-Length twin, on every family; several operations on one kept-alive socket
 * beside each on a fresh connection; the project key in each header the RAG endpoints take. What is compared is what
 * the spec fixes (status, envelope type, `total`, ids; on the RAG endpoints status, native object and model), never
 * what varies from call to call (timestamps, generated ids, the model's words). The other transports are
 * suites/target/raw-http.ts, through Target.call's `transport` option, so every request is budgeted and counted as
 * any other. A server that reads a chunked body as empty answers getMyProjects with `search` unfiltered.
 */
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { expectSuccess } from '../support/envelope.js';
import { ownRagKeyOfFile } from '../support/fresh-quota.js';
import { needRag } from '../support/rag.js';
import { readAnswer } from '../support/rag-answer.js';
import { DIALECTS, nativeBody, operationOf, type RagDialect, SMALL_TALK } from '../support/rag-wire.js';
import { arranged, documented } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { CASSETTE_MODE_ENV } from '../target/cassette-env.js';
import { keptAlive, nodeHttp } from '../target/raw-http.js';
import type { CallOptions } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import { fixed, fixedRag } from './transports.test-support.js';

const target = useTarget();
const ownKey = ownRagKeyOfFile(target);
/** The project key the RAG requests carry: the file's own where the target offers it, else the config's. */
const ragKey = async () => (await ownKey())?.value ?? target().config.project_key!;

const CHUNKED: CallOptions = { headers: { 'transfer-encoding': 'chunked' }, transport: nodeHttp() };

/** A name to search for: the first project's (a search narrower than the whole list, unless every name matches). */
async function searchTerm(ctx: TestContext): Promise<string> {
  const all = expectSuccess<{ name: string }[]>(
    await target().call('getMyProjects', { body: {} }),
    'getMyProjects',
  );
  const name = all.data[0]?.name ?? '';
  arranged(ctx, name.length > 0, 'the owner token lists no project to search for');
  return name;
}

describe('a body sent in the chunked transfer coding gets the answer its Content-Length twin gets', () => {
  it('Platform, JSON: getMyProjects with search and limit 1 (a body read as empty lists every project) [CONV-HTTP-FRAMING]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const body = { search: await searchTerm(ctx), limit: 1 };
    const plain = await target().call('getMyProjects', { body });
    expectSuccess(plain, 'getMyProjects');
    const chunked = await target().call('getMyProjects', { body, ...CHUNKED });
    expect(fixed(chunked)).toEqual(fixed(plain));
  });

  it('Platform, form-encoded: getSessions with limit 2 and orderBy DESC [CONV-HTTP-FRAMING, CONV-FORM-ENCODED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const body = { project_uid: target().config.project_uid, limit: 2, orderBy: 'DESC' };
    const plain = await target().call('getSessions', { body });
    expectSuccess(plain, 'getSessions');
    const chunked = await target().call('getSessions', { body, ...CHUNKED });
    expect(fixed(chunked)).toEqual(fixed(plain));
  });

  it('Project Integration: searchIndexDocument by project key with a query and limit 2 [CONV-HTTP-FRAMING]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    const body = { query: 'refund', limit: 2 };
    const plain = await target().call('searchIndexDocumentByProjectKey', { body });
    expectSuccess(plain, 'searchIndexDocumentByProjectKey');
    const chunked = await target().call('searchIndexDocumentByProjectKey', { body, ...CHUNKED });
    expect(fixed(chunked)).toEqual(fixed(plain));
  });

  it('Project Integration: createSession on the widget answers the same state and status, a session_uid each [CONV-HTTP-FRAMING]', async (ctx) => {
    need(ctx, target(), { writes: true, projectKey: true, widgetUid: true });
    const body = { widget_uid: target().config.widget_uid };
    const of = (res: RawResponse) => {
      const { data } = expectSuccess<{ session_uid: string; state: unknown; status: unknown }>(
        res,
        'createSession',
      );
      return {
        ...fixed(res),
        ids: undefined,
        state: data.state,
        status: data.status,
        uid: typeof data.session_uid,
      };
    };
    const plain = of(await target().call('createSession', { body }));
    expect(of(await target().call('createSession', { body, ...CHUNKED }))).toEqual(plain);
  });

  it.for(DIALECTS)(
    'the %s-style RAG endpoint, not streamed: the same status, native object and model [CONV-HTTP-FRAMING]',
    async (dialect, ctx) => {
      const model = await needRag(ctx, target(), dialect);
      const body = nativeBody(dialect, { model, messages: SMALL_TALK, maxTokens: 32, temperature: 0 });
      const auth = { headers: { authorization: `Bearer ${await ragKey()}` } };
      const plain = await target().call(operationOf(dialect), { body, auth });
      readAnswer(dialect, plain);
      const chunked = await target().call(operationOf(dialect), { body, auth, ...CHUNKED });
      expect(fixedRag(chunked)).toEqual(fixedRag(plain));
    },
  );
});

describe('keep-alive', () => {
  const socket = keptAlive();
  afterAll(() => socket.close());

  it('different operations and credentials on one kept-alive socket answer as each does on a fresh connection [CONV-HTTP-FRAMING]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const t = target();
    const search = await searchTerm(ctx);
    const calls: [string, CallOptions][] = [
      ['getMyProjects', { body: { search, limit: 1 } }],
      ['getOrganizationDetail', { body: {} }],
      ['getSupportedModels', { body: {} }],
      ['getMyProjects', { body: { search, limit: 1 }, headers: { 'transfer-encoding': 'chunked' } }],
    ];
    if (t.config.project_uid)
      calls.push(['getSessions', { body: { project_uid: t.config.project_uid, limit: 2, orderBy: 'DESC' } }]);
    if (t.config.project_key)
      calls.push(['searchIndexDocumentByProjectKey', { body: { query: 'refund', limit: 2 } }]);
    const fresh: RawResponse[] = [];
    for (const [op, o] of calls) fresh.push(await t.call(op, { ...o, transport: nodeHttp() }));
    const kept: RawResponse[] = [];
    for (const [op, o] of calls) kept.push(await t.call(op, { ...o, transport: socket.deliver }));
    // A replay answers from the recording, whose run saw the socket reused (else it stopped here): no socket now.
    if (process.env[CASSETTE_MODE_ENV] !== 'replay')
      arranged(
        ctx,
        socket.reused() > 0,
        'the target closed the connection after every answer (HTTP lets it)',
      );
    for (const [i, [op]] of calls.entries())
      documented('CONV-HTTP-FRAMING', () =>
        expect(fixed(kept[i]!), `${op} (request ${i + 1} on the kept-alive socket)`).toEqual(
          fixed(fresh[i]!),
        ),
      );
  });
});

describe('the project key in each header the RAG endpoints take', () => {
  it.for(DIALECTS)(
    'the %s-style endpoint answers the key as Authorization: Bearer and as x-api-key alike [AUTH-RAG-KEY-HEADERS]',
    async (dialect: RagDialect, ctx) => {
      const model = await needRag(ctx, target(), dialect);
      const body = nativeBody(dialect, { model, messages: SMALL_TALK, maxTokens: 32, temperature: 0 });
      const key = await ragKey();
      const bearer = await target().call(operationOf(dialect), {
        body,
        auth: { headers: { authorization: `Bearer ${key}` } },
      });
      const xApiKey = await target().call(operationOf(dialect), {
        body,
        auth: { headers: { 'x-api-key': key } },
      });
      readAnswer(dialect, bearer);
      readAnswer(dialect, xApiKey);
      expect(fixedRag(xApiKey)).toEqual(fixedRag(bearer));
    },
  );
});
