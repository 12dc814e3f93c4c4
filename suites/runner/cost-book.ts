/**
 * What each test costs, for `--budget N` (budget-plan.ts): read from an earlier conformance report of the same target
 * (each test's requests per family and credential, and each file's whole count from the run's concurrency.json, the
 * difference being its hooks'), else from the reference costs shipped beside this file (a run against the fake
 * presented as staging, without provider states, every token given: `npm run plan:reference`). The credential a
 * request is counted on is named as the report names it; RAG requests with the project key (the target's own or an
 * SDK's) are counted on the key's RAG budget.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CostBook, Spend, TestCost } from './budget-plan.js';

/** The key's RAG budget, as the plan and the ledger's view name it. */
export const RAG_KEY = 'the project key (RAG)';
/** What a file's hooks sent, not attributed to a credential. */
export const HOOKS = 'the hooks of the file';

export const REFERENCE_COSTS = join(import.meta.dirname, 'reference-costs.json');

/** Per file, per test full name, what it sent per credential; per file, what its hooks sent. */
export interface CostTable {
  readonly source: string;
  readonly tests: Record<string, Record<string, TestCost>>;
  readonly hooks: Record<string, number>;
}

/**
 * The reference costs as shipped: each test keyed by a short hash of its full name (the names are long and the
 * file would be half a megabyte), its cost as `[checked ? 1 : 0, spend]`.
 */
interface ReferenceFile {
  readonly source: string;
  readonly tests: Record<string, Record<string, [0 | 1, Spend]>>;
  readonly hooks: Record<string, number>;
}

const nameKey = (fullName: string) => createHash('sha256').update(fullName).digest('hex').slice(0, 10);

/** The shipped form of a cost table (scripts/plan-reference.ts writes it). */
export function referenceOf(table: CostTable, source: string): ReferenceFile {
  const tests: ReferenceFile['tests'] = {};
  for (const [file, byName] of Object.entries(table.tests)) {
    const out: Record<string, [0 | 1, Spend]> = {};
    for (const [name, cost] of Object.entries(byName))
      out[nameKey(name)] = [cost.checked ? 1 : 0, cost.spend];
    tests[file] = out;
  }
  return { source, tests, hooks: table.hooks };
}

/** The shipped reference costs as a cost book. */
export function referenceBook(
  path = REFERENCE_COSTS,
): { book: CostBook; source: string } | { error: string } {
  let ref: ReferenceFile;
  try {
    ref = JSON.parse(readFileSync(path, 'utf8')) as ReferenceFile;
  } catch (err) {
    return { error: `${path}: the reference costs are unreadable (${(err as Error).message})` };
  }
  return {
    source: ref.source,
    book: {
      test: (file, fullName) => {
        const entry = ref.tests[file]?.[nameKey(fullName)];
        return entry ? { checked: entry[0] === 1, spend: entry[1] } : undefined;
      },
      file: (file) => hooksSpend(ref.hooks[file]),
    },
  };
}

const hooksSpend = (n: number | undefined): Spend => (n && n > 0 ? { [HOOKS]: n } : {});

interface ReportTest {
  readonly file: string;
  readonly fullName: string;
  readonly state?: string;
  readonly requests?: Record<string, number>;
}

/** `rag|the project key` → the key's RAG budget; `platform|the owner token` → `the owner token`. */
function spendOf(requests: Record<string, number> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, n] of Object.entries(requests ?? {})) {
    const [family, credential = 'no credential'] = key.split('|');
    const name =
      family === 'rag' && (credential === 'the project key' || credential === 'an official SDK client')
        ? RAG_KEY
        : credential;
    out[name] = (out[name] ?? 0) + n;
  }
  return out;
}

/** The cost table of a conformance report (reports/conformance.json) and the concurrency.json beside it. */
export function costTableOfReport(path: string): CostTable | { readonly error: string } {
  let report: { generatedAt?: string; tests?: ReportTest[] };
  try {
    report = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    return { error: `${path}: not a readable report (${(err as Error).message})` };
  }
  if (!Array.isArray(report.tests)) return { error: `${path}: not a conformance report (no tests)` };
  const tests: Record<string, Record<string, TestCost>> = {};
  const sums: Record<string, number> = {};
  for (const t of report.tests) {
    const spend = spendOf(t.requests);
    tests[t.file] ??= {};
    (tests[t.file] as Record<string, TestCost>)[t.fullName] = { spend, checked: t.state !== 'skipped' };
    sums[t.file] = (sums[t.file] ?? 0) + Object.values(spend).reduce((a, b) => a + b, 0);
  }
  const hooks: Record<string, number> = {};
  const spans = join(dirname(path), 'concurrency.json');
  if (existsSync(spans)) {
    try {
      const { files } = JSON.parse(readFileSync(spans, 'utf8')) as {
        files?: { file: string; requests?: number }[];
      };
      for (const f of files ?? [])
        if (f.requests !== undefined) hooks[f.file] = Math.max(0, f.requests - (sums[f.file] ?? 0));
    } catch {
      // no per-file counts: hooks cost nothing in the estimate (the margin takes them)
    }
  }
  return { source: `${path}${report.generatedAt ? ` (${report.generatedAt})` : ''}`, tests, hooks };
}

export function costBook(table: CostTable): CostBook {
  return {
    test: (file, fullName) => table.tests[file]?.[fullName],
    file: (file) => hooksSpend(table.hooks[file]),
  };
}

/** Whether an earlier report was made against the target of this name and kind. */
export function isReportOf(path: string, target: { name: string; kind: string }): boolean {
  try {
    const t = (JSON.parse(readFileSync(path, 'utf8')) as { target?: { name?: string; kind?: string } })
      .target;
    return t?.name === target.name && t?.kind === target.kind;
  } catch {
    return false;
  }
}
