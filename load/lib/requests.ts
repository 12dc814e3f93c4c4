/**
 * The one request each capped family sends. Paths, credential headers and bodies follow the operation table and the
 * request schemas of contract/ (requests.test.ts proves it; k6 cannot load those zod schemas itself).
 */
import type { CapFamily } from './caps.ts';
import type { HttpCall } from './http.ts';

/** The operation each family calls (ids and paths of contract/operations.ts). */
export const familyOperation: Readonly<Record<CapFamily, { id: string; path: string }>> = {
  platform: { id: 'getMyProjects', path: '/getMyProjects' },
  rag: { id: 'openaiChatCompletions', path: '/openai/chat/completions' },
  search: { id: 'searchIndexDocumentByProjectKey', path: '/searchIndexDocument' },
};

/** Platform: the cheapest read any valid token may make (getMyProjects, empty body). */
export function platformCall(baseUrl: string, token: string): HttpCall {
  return {
    method: 'POST',
    url: `${baseUrl}${familyOperation.platform.path}`,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{}',
  };
}

/** Bodies kept small: RAG requests are billed per token. */
export const ragQuestion = 'How do I reset my password?';
export const searchQuery = 'password';

/** RAG: one short OpenAI-style completion declaring the knowledgebase tool, the key as Bearer. */
export function ragCall(baseUrl: string, projectKey: string, model: string): HttpCall {
  return {
    method: 'POST',
    url: `${baseUrl}${familyOperation.rag.path}`,
    headers: { Authorization: `Bearer ${projectKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      model,
      messages: [{ role: 'user', content: ragQuestion }],
      tools: [{ type: 'service:knowledgebase', parameters: { limit: 1 } }],
      max_tokens: 32,
    }),
  };
}

/** Project-key knowledgebase search: one result, the key in `api-key`. */
export function searchCall(baseUrl: string, projectKey: string): HttpCall {
  return {
    method: 'POST',
    url: `${baseUrl}${familyOperation.search.path}`,
    headers: { 'api-key': projectKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: searchQuery, limit: 1 }),
  };
}

/** Credentials of one run: a Platform token, or a project key (with the RAG model for the RAG family). */
export interface Credentials {
  token?: string;
  projectKey?: string;
  ragModel?: string;
}

/** The request of `family` with `credentials`; throws when one it needs is missing. */
export function familyCall(family: CapFamily, baseUrl: string, c: Credentials): HttpCall {
  const need = (value: string | undefined, what: string): string => {
    if (!value) throw new Error(`${family}: no ${what}`);
    return value;
  };
  switch (family) {
    case 'platform':
      return platformCall(baseUrl, need(c.token, 'Platform token'));
    case 'rag':
      return ragCall(baseUrl, need(c.projectKey, 'project key'), need(c.ragModel, 'RAG model'));
    case 'search':
      return searchCall(baseUrl, need(c.projectKey, 'project key'));
  }
}
