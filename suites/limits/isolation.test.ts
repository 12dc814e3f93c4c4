/**
 * The three caps never share a count: a Platform token's, a project's key search and a project's RAG endpoints are
 * counted apart, and each per its own scope (token, project). One organization on Enterprise with a RAG cap of 3
 * (RATE-ENTERPRISE-CAP), so the RAG cap is crossed in a few requests; two projects with a key each; one token.
 * Hard: the token's cap crossed (its burst admitted, then 429 with the spec's message) apart from the keys'. Which
 * scope each key cap has (RATE-SEARCH-KEY-SCOPE, RATE-RAG-SCOPE), the Enterprise caps (RATE-ENTERPRISE-CAP,
 * RATE-SEARCH-KEY-EVERY-PLAN) and the headers are the fake's choices, checked softly.
 */
import { describe, it } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { RATE_LIMITED, SEARCH_RATE_LIMITED } from '../support/messages.js';
import { needRag, RAG_RATE_LIMITED } from '../support/rag.js';
import { readAnswer } from '../support/rag-answer.js';
import { expectRagError } from '../support/rag-refusal.js';
import { askRag } from '../support/rag-wire.js';
import { projectKeyVia, ragProjectVia, setPlanVia } from '../support/rag-world.js';
import { all, capCheck, expectRate, expectTally } from '../support/rate-limits.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { createOrganizationVia, orgTokenVia } from '../support/world.js';

const target = useTarget();
const control = () => target().control!;
const SEARCH_CAP = hourlyCaps.projectKeySearchPerHour;
const TOKEN_CAP = hourlyCaps.platformTokenPerHour;
const RAG_CAP = 3;
const SEARCH = 'searchIndexDocumentByProjectKey';

describe('caps counted apart', () => {
  it('spending a project’s search cap, then its RAG cap, then a token’s cap leaves every other count untouched [RATE-SEARCH-KEY-SCOPE, RATE-RAG-SCOPE, RATE-PLATFORM-PER-TOKEN, RATE-ENTERPRISE-CAP, RATE-SEARCH-KEY-EVERY-PLAN]', async (ctx) => {
    need(ctx, target(), { control: 'the rate window', quota: true });
    const model = await needRag(ctx, target(), 'openai');
    const org = await createOrganizationVia(control(), { plan: 'enterprise' });
    await setPlanVia(control(), org.organization_id, 'enterprise', RAG_CAP);
    const [a, b] = [await ragProjectVia(control(), org), await ragProjectVia(control(), org)];
    const token = await orgTokenVia(control(), org);

    const search = (key: string) =>
      target().call('searchIndexDocumentByProjectKey', {
        auth: { apiKey: key },
        body: { query: 'refund', limit: 3 },
      });
    const rag = (key: string) =>
      askRag(target(), 'openai', { model, messages: 'Hi', maxTokens: 5 }, { bearer: key });
    const platform = (project_uid: string) =>
      target().call('searchIndexDocument', {
        auth: { bearer: token.value },
        body: { project_uid, query: 'refund', limit: 3 },
      });

    // Project A's key search spent: A's RAG, B's search and the token's Bearer search of A are not. The search cap
    // of 100 on Enterprise is the fake's (the spec states it for one plan).
    const searches = await all(SEARCH_CAP, () => search(a.key));
    const overSearch = await search(a.key);
    assumed('RATE-SEARCH-KEY-EVERY-PLAN', () => {
      expectTally(searches, { admitted: SEARCH_CAP });
      expectError(overSearch, 429, SEARCH_RATE_LIMITED);
    });
    const ragOfA = await rag(a.key);
    assumed('RATE-RAG-SCOPE', () => readAnswer('openai', ragOfA));
    expectRate(
      ragOfA,
      { limit: RAG_CAP, remaining: RAG_CAP - 1 },
      'RATE-ENTERPRISE-CAP',
      'RAG-RATE-LIMIT-HEADERS',
    );
    const searchOfB = await search(b.key);
    assumed('RATE-SEARCH-KEY-SCOPE', () => expectSuccess(searchOfB, SEARCH));
    expectRate(searchOfB, { remaining: SEARCH_CAP - 1 }, 'RATE-SEARCH-KEY-SCOPE');
    const bearer = await platform(a.project_uid);
    expectSuccess(bearer, 'searchIndexDocument');
    expectRate(bearer, { limit: TOKEN_CAP, remaining: TOKEN_CAP - 1 });

    // Project A's RAG spent (one counter for all its keys): B's RAG is not.
    await rag(a.key);
    await rag(await projectKeyVia(control(), a.project_uid));
    const ragOverOfA = await rag(a.key);
    assumed('RATE-ENTERPRISE-CAP', () => expectRagError('openai', ragOverOfA, 429, RAG_RATE_LIMITED));
    const ragOfB = await rag(b.key);
    assumed('RATE-RAG-SCOPE', () => readAnswer('openai', ragOfB));
    expectRate(ragOfB, { remaining: RAG_CAP - 1 }, 'RATE-RAG-SCOPE', 'RAG-RATE-LIMIT-HEADERS');

    // The token spent: neither project's key caps move.
    // Spending the token's cap is this test's arrangement, the cap's own rule its count: a count off by one reds the
    // cap, not the counts kept apart.
    const spent = await all(TOKEN_CAP - 1, () => platform(b.project_uid));
    const overToken = await platform(a.project_uid);
    capCheck(() => {
      expectTally(spent, { admitted: TOKEN_CAP - 1 });
      expectError(overToken, 429, RATE_LIMITED);
    }, ['RATE-PLATFORM-1000', 'ERR-429-STATUS']);
    const searchOfBAfter = await search(b.key);
    assumed('RATE-SEARCH-KEY-SCOPE', () => expectSuccess(searchOfBAfter, SEARCH));
    expectRate(searchOfBAfter, { remaining: SEARCH_CAP - 2 }, 'RATE-SEARCH-KEY-SCOPE');
    const ragOfBAfter = await rag(b.key);
    assumed('RATE-RAG-SCOPE', () => readAnswer('openai', ragOfBAfter));
    expectRate(ragOfBAfter, { remaining: RAG_CAP - 2 }, 'RATE-RAG-SCOPE', 'RAG-RATE-LIMIT-HEADERS');
  });
});
