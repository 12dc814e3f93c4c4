/**
 * The project key the SDK tests of a file hand their clients. Where the target offers the provider states: a fresh
 * organization's, one per file (support/fresh-quota.ts ownRagKeyOfFile, its knowledgebase holding `documents`), so
 * the SDK calls spend nothing of the config key's RAG budget; else the config's `project_key`, whose budget must
 * still hold the calls before they start (each is counted as it goes out, support/sdk-clients.ts spendRag).
 */
import type { TestContext } from 'vitest';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import { ownRagKeyOfFile, type StateDocuments } from '../support/fresh-quota.js';
import { needRag } from '../support/rag.js';
import { reserveRagRequests } from '../support/sdk-clients.js';
import { need } from '../support/use-target.js';
import type { Target } from '../target/target.js';

export interface SdkKeyOfFile {
  /** The key for `requests` SDK calls (skips, with the reason, when the target has none or the budget is spent). */
  key(ctx: TestContext, requests: number): Promise<string>;
  /** Skip unless the target can take `requests` RAG calls on `dialect`: its model, and the key to send. */
  calls(ctx: TestContext, dialect: RagDialect, requests: number): Promise<{ model: string; key: string }>;
}

/** Call at the top of a test file. */
export function sdkKeyOfFile(target: () => Target, documents: StateDocuments = []): SdkKeyOfFile {
  const own = ownRagKeyOfFile(target, documents);
  const key = async (ctx: TestContext, requests: number): Promise<string> => {
    need(ctx, target(), { projectKey: true });
    const made = await own();
    if (made) return made.value;
    reserveRagRequests(ctx, target(), requests);
    return target().config.project_key!;
  };
  return {
    key,
    async calls(ctx, dialect, requests) {
      const model = await needRag(ctx, target(), dialect);
      return { model, key: await key(ctx, requests) };
    },
  };
}
