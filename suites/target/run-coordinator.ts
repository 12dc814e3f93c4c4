/**
 * The run's coordinator: one small HTTP service on loopback, in the runner's process, that every test file of a
 * conformance run asks before it touches the target (HARNESS-CONCURRENT-FILES). It holds
 *
 * - the lock table over the target's shared data (data-locks.ts, claims from shared-data.ts): a file that writes the
 *   config project's settings waits while another reads them, a file that must be alone waits for every other;
 * - the quota bank: the one quota ledger of the run (quota-ledger.ts) and the per-credential request budgets
 *   (request-budget.ts), so files running side by side draw every request from one account and never send more
 *   with a credential than the ledger's plan, and the run's own request budget (`--budget N`) is never passed.
 *
 * Credentials cross the wire only as the ledger's hashes (credentialKey), never as values.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { relative, sep } from 'node:path';
import type { TargetConfig } from '../../contract/index.js';
import { createLockTable } from './data-locks.js';
import { type BudgetKind, credentialKey, openLedger, type QuotaLedger } from './quota-ledger.js';
import { budgetFor, configuredTokens, type Refusal } from './request-budget.js';
import { claimsOf } from './shared-data.js';

/** Where a test file finds the coordinator (set by the runner for the vitest workers it starts). */
export const COORDINATOR_ENV = 'CONFORMANCE_COORDINATOR';

export interface QuotaInfo {
  /**
   * Whether the coordinator has anything to enforce: a per-credential budget (a target without a control API, or one
   * given budgets) or the run's `--budget`. When not, files send as they would without it (a fake's bursts keep the
   * timing a recording and its drift replay agree on).
   */
  readonly enforced: boolean;
  readonly per_token: number;
  readonly per_rag_key: number;
  /** What is left per counted credential (by its ledger key). */
  readonly remaining: Record<string, number>;
  readonly run_budget?: { readonly limit: number; readonly used: number };
}

export interface TakeAnswer {
  readonly refused?: Refusal;
  /** What is left of this credential's budget after the take (absent for credentials not counted). */
  readonly remaining?: number;
}

export interface CoordinatorOptions {
  readonly config: TargetConfig;
  readonly hasControl: boolean;
  readonly repoRoot: string;
  /** `--budget N`: requests the whole run may send, every credential and none included. */
  readonly runBudget?: number;
  readonly ledger?: QuotaLedger;
}

export interface RunCoordinator {
  readonly url: string;
  /** Requests the run sent (every one that was let through). */
  sent(): number;
  /** Requests refused because the run's budget was spent. */
  refusedByRunBudget(): number;
  /** The longest a file waited for its locks, and which. */
  longestWait(): { readonly file: string; readonly ms: number } | undefined;
  /** When each file asked for its claims, got them and let them go (ms since the coordinator started). */
  timeline(): readonly FileSpan[];
  close(): Promise<void>;
}

export interface FileSpan {
  readonly file: string;
  readonly asked: number;
  granted?: number;
  released?: number;
  /** Requests the file sent, its hooks' included. */
  requests: number;
}

const SAVE_EVERY_MS = 2_000;

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => {
      try {
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {});
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

const answer = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function startCoordinator(o: CoordinatorOptions): Promise<RunCoordinator> {
  const locks = createLockTable();
  const ledger = o.ledger ?? openLedger(o.config.base_url);
  const budget = budgetFor(o.config, o.hasControl, ledger);
  const credentialOf = new Map<string, { value: string; kind: BudgetKind }>();
  for (const value of configuredTokens(o.config))
    credentialOf.set(credentialKey(value, 'token'), { value, kind: 'token' });
  if (o.config.project_key)
    credentialOf.set(credentialKey(o.config.project_key, 'rag'), {
      value: o.config.project_key,
      kind: 'rag',
    });
  let sent = 0;
  let refusedByRun = 0;
  let dirty = false;
  let longest: { file: string; ms: number } | undefined;
  const t0 = Date.now();
  const spans = new Map<string, FileSpan>();
  const rel = (file: string) => relative(o.repoRoot, file).split(sep).join('/');

  const remainingOf = (key: string): number | undefined => {
    const known = credentialOf.get(key);
    return known && budget ? budget.remaining(known.value, known.kind) : undefined;
  };

  const take = (key: string | undefined, file: string | undefined): TakeAnswer => {
    if (o.runBudget !== undefined && sent >= o.runBudget) {
      refusedByRun += 1;
      return { refused: 'run' };
    }
    const known = key ? credentialOf.get(key) : undefined;
    if (known && budget) {
      if (!budget.take(known.value, known.kind)) return { refused: 'credential', remaining: 0 };
      dirty = true;
    }
    sent += 1;
    if (file) {
      const span = spans.get(file) ?? { file, asked: Date.now() - t0, requests: 0 };
      span.requests += 1;
      spans.set(file, span);
    }
    const left = key ? remainingOf(key) : undefined;
    return left === undefined ? {} : { remaining: left };
  };

  const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown> | unknown> = {
    '/locks/acquire': async (body) => {
      const file = rel(String(body.file));
      const started = Date.now();
      const span: FileSpan = spans.get(file) ?? { file, asked: started - t0, requests: 0 };
      spans.set(file, span);
      await locks.acquire(file, claimsOf(file).claims);
      span.granted = Date.now() - t0;
      const ms = Date.now() - started;
      if (!longest || ms > longest.ms) longest = { file, ms };
      return { waited_ms: ms };
    },
    '/locks/release': (body) => {
      const file = rel(String(body.file));
      locks.release(file);
      const span = spans.get(file);
      if (span) span.released = Date.now() - t0;
      return {};
    },
    '/quota': () => {
      const remaining: Record<string, number> = {};
      for (const key of credentialOf.keys()) {
        const left = remainingOf(key);
        if (left !== undefined) remaining[key] = left;
      }
      const info: QuotaInfo = {
        enforced: budget !== undefined || o.runBudget !== undefined,
        per_token: budget?.perToken ?? Number.POSITIVE_INFINITY,
        per_rag_key: budget?.perRagKey ?? Number.POSITIVE_INFINITY,
        remaining,
        ...(o.runBudget !== undefined ? { run_budget: { limit: o.runBudget, used: sent } } : {}),
      };
      return info;
    },
    '/quota/take': (body) =>
      take(
        typeof body.key === 'string' ? body.key : undefined,
        typeof body.file === 'string' ? rel(body.file) : undefined,
      ),
    '/quota/spent': (body) => {
      const known = credentialOf.get(String(body.key));
      if (known && budget) {
        const retry = typeof body.retry_after_s === 'number' ? body.retry_after_s : undefined;
        budget.markSpent(known.value, known.kind, retry);
        dirty = true;
      }
      return {};
    },
  };

  const server = createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (!route || req.method !== 'POST')
      return answer(res, 404, { error: `no route ${req.method} ${req.url}` });
    readJson(req)
      .then((body) => route(body))
      .then(
        (out) => answer(res, 200, out),
        (err: unknown) => answer(res, 400, { error: (err as Error).message }),
      );
  });
  // A file may wait for its locks as long as the files before it run.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const saver = setInterval(() => {
    if (!dirty) return;
    dirty = false;
    budget?.save();
  }, SAVE_EVERY_MS);
  saver.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent: () => sent,
    refusedByRunBudget: () => refusedByRun,
    longestWait: () => longest,
    timeline: () => [...spans.values()],
    async close() {
      clearInterval(saver);
      budget?.save();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
