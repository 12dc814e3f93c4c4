/**
 * The four operations of the throughput runs, with the fake prepared so that the runs measure serving, not caps:
 * fresh Platform tokens (1,000 an hour each) taken in turn; the organization on Enterprise with a large RAG cap
 * (RATE-ENTERPRISE-CAP) and credits; widget sessions taken in turn (a few turns each, as a real widget has); and
 * for the project-key search (100 an hour per project) a one-second window and knowledgebase copies in several
 * projects of a second organization, taken in turn. Every answer that is not a 2xx is still counted in the table.
 */
import { operationById } from '../contract/index.js';
import { loadFixtureDocuments } from '../fixtures/knowledgebase.js';
import type { BenchClient } from './control.js';
import type { RequestVariant } from './load.js';

export interface Scenario {
  /** Operation id of contract/operations.ts. */
  op: string;
  /** Path relative to {base_url}. */
  path: string;
  variants: RequestVariant[];
}

export interface ScenarioSizes {
  tokens: number;
  sessions: number;
  searchProjects: number;
}

export const defaultSizes: ScenarioSizes = { tokens: 100, sessions: 2000, searchProjects: 150 };

const questions = [
  'How do I get a refund for my subscription?',
  'How do I enable two-factor authentication?',
  'Can I connect Acme Ledger to my bank?',
  'Why was my invoice sent twice?',
  'How do I export my data?',
];

/** In turns of `count`, with 8 at a time in flight. */
async function inBatches<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += 8) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, j) => make(i + j)))));
  }
  return out;
}

export async function prepareScenarios(
  client: BenchClient,
  sizes: ScenarioSizes = defaultSizes,
): Promise<Scenario[]> {
  const t = client.target;
  if (!t.project_uid || !t.project_key || !t.widget_uid) throw new Error('the target lacks the main project');
  const api = client.api;
  const main = await api.project(t.project_uid);
  const owner = (await api.tokens()).find((k) => k.value === t.tokens.owner);
  if (!owner) throw new Error('the owner token is not listed');
  const org = main.organization_id;
  await api.setPlan(org, { plan: 'enterprise', rag_cap_per_hour: 100_000_000 });
  await api.setCredits(org, { credits: 1e12 });
  await api.setRateWindow({ ms: 1000 });

  const tokens = await inBatches(sizes.tokens, (i) =>
    api
      .createToken({
        organization_id: org,
        creator_user_id: owner.creator_user_id,
        name: `bench-${i}`,
        role: 'owner',
        scope_type: 'all',
        expiration: 'none',
      })
      .then((k) => k.value),
  );

  const keyHeaders = { 'api-key': t.project_key };
  const sessions = await inBatches(sizes.sessions, async () => {
    const res = await client.call('/createSession', keyHeaders, { widget_uid: t.widget_uid });
    if (res.status !== 200) throw new Error(`createSession: ${res.status}`);
    return (res.body as { data: { session_uid: string } }).data.session_uid;
  });

  // The search projects live in an organization of their own, so that getMyProjects still lists three projects.
  const searchOrg = await api.createOrganization({
    name: 'Bench search',
    owner: { name: 'Bench', email: 'bench@example.com' },
    plan: 'enterprise',
  });
  const documents = loadFixtureDocuments().filter((d) => d.projectSlug === 'acme-support');
  const searchKeys = await inBatches(sizes.searchProjects, async (i) => {
    const p = await api.createProject({
      organization_id: searchOrg.id,
      name: `Bench search ${i}`,
    });
    for (const d of documents) {
      await api.addDocument(p.project_uid, {
        docId: d.docId,
        title: d.title,
        url: d.url,
        kind: d.kind,
        text: d.text,
      });
    }
    return (await api.createKey(p.project_uid)).value;
  });

  const json = (body: unknown) => JSON.stringify(body);
  return [
    {
      op: 'getMyProjects',
      path: operationById('getMyProjects').path,
      variants: tokens.map((token) => ({ headers: { authorization: `Bearer ${token}` }, body: '{}' })),
    },
    {
      op: 'sendMessage',
      path: operationById('sendMessage').path,
      variants: sessions.map((session_uid, i) => ({
        headers: keyHeaders,
        body: json({ widget_uid: t.widget_uid, session_uid, message: questions[i % questions.length] }),
      })),
    },
    {
      op: 'searchIndexDocumentByProjectKey',
      path: operationById('searchIndexDocumentByProjectKey').path,
      variants: searchKeys.flatMap((key) =>
        questions.map((query) => ({ headers: { 'api-key': key }, body: json({ query, limit: 5 }) })),
      ),
    },
    {
      op: 'openaiChatCompletions',
      path: operationById('openaiChatCompletions').path,
      variants: questions.map((q) => ({
        headers: { authorization: `Bearer ${t.project_key}` },
        body: json({
          model: 'gpt-4o-mini',
          max_tokens: 16,
          messages: [{ role: 'user', content: q }],
          tools: [{ type: 'service:knowledgebase', parameters: { limit: 3 } }],
        }),
      })),
    },
  ];
}
