/**
 * A test file's side of the run coordinator (run-coordinator.ts): it holds its claims on the target's shared data
 * while it runs, and draws every request it sends from the run's one quota bank (a RequestBudget whose `admit` asks
 * the coordinator). Absent when no coordinator runs (`npm test`'s in-process fakes, a file run on its own).
 */
import { request } from 'node:http';
import { type BudgetKind, credentialKey } from './quota-ledger.js';
import type { RequestBudget } from './request-budget.js';
import { COORDINATOR_ENV, type QuotaInfo, type TakeAnswer } from './run-coordinator.js';

export const coordinatorUrl = (): string | undefined => process.env[COORDINATOR_ENV] || undefined;

/** POST JSON to the coordinator, with no timeout: a file waits for its locks as long as the files before it run. */
function post<T>(url: string, path: string, body: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`run coordinator ${path}: ${res.statusCode} ${text}`));
          else resolve(JSON.parse(text) as T);
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Wait for the file's claims on the shared data (shared-data.ts); resolves to what lets them go. */
export async function holdSharedData(url: string, file: string): Promise<() => Promise<void>> {
  await post(url, '/locks/acquire', { file });
  return async () => {
    await post(url, '/locks/release', { file });
  };
}

/**
 * The run's quota bank as a RequestBudget, or undefined when it enforces nothing (a fake with its control API and no
 * `--budget`): `admit` asks the coordinator before each request (naming the file, whose
 * requests it counts); `remaining` and `pick` read what the coordinator last said of each credential (a pick is a
 * preference, the coordinator decides).
 */
export async function remoteBudget(url: string, file?: string): Promise<RequestBudget | undefined> {
  const info = await post<QuotaInfo>(url, '/quota', {});
  if (!info.enforced) return undefined;
  const left = new Map(Object.entries(info.remaining));
  const keyOf = (value: string, kind: BudgetKind) => credentialKey(value, kind);
  const counted = (value: string, kind: BudgetKind) => left.has(keyOf(value, kind));
  const remaining = (value: string, kind: BudgetKind = 'token') =>
    left.get(keyOf(value, kind)) ?? Number.POSITIVE_INFINITY;
  const limit = (kind: BudgetKind) => (kind === 'rag' ? info.per_rag_key : info.per_token);
  let queue: Promise<unknown> = Promise.resolve();
  return {
    perToken: info.per_token,
    perRagKey: info.per_rag_key,
    take: () => {
      throw new Error('the run coordinator admits requests asynchronously: use admit()');
    },
    async admit(value, kind = 'token') {
      const key = value ? keyOf(value, kind) : undefined;
      // One after another, in the order asked: requests a test fires at once then go out in the order it made them
      // (a burst at a cap gets its 429s on the last ones, as a recording and its replay must agree).
      const answer = queue.then(() =>
        post<TakeAnswer>(url, '/quota/take', { ...(key ? { key } : {}), ...(file ? { file } : {}) }),
      );
      queue = answer.catch(() => undefined);
      const out = await answer;
      if (key && out.remaining !== undefined) left.set(key, out.remaining);
      return out.refused;
    },
    used: (value, kind = 'token') => (counted(value, kind) ? limit(kind) - remaining(value, kind) : 0),
    remaining,
    pick(values, kind = 'token') {
      let best = values[0] as string;
      for (const v of values) if (remaining(v, kind) > remaining(best, kind)) best = v;
      return best;
    },
    markSpent(value, kind, retryAfterSeconds) {
      left.set(keyOf(value, kind), 0);
      void post(url, '/quota/spent', {
        key: keyOf(value, kind),
        ...(retryAfterSeconds !== undefined ? { retry_after_s: retryAfterSeconds } : {}),
      }).catch(() => {});
    },
    counts: counted,
    save: () => {},
  };
}
