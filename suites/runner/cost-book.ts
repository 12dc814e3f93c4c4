/**
 * What each test costs, for `--budget N` (budget-plan.ts, HARNESS-BUDGET-COSTS), measured the way the run will go:
 *
 * - from an earlier conformance report of the same target (its last one, or `--plan-from FILE`): each test that
 *   passed there by the requests it sent per credential, each file's hooks by the file's whole count in the run's
 *   concurrency.json less its tests'. A test that report skipped (planned out, a missing provider state), or that
 *   stopped early there (failed, inconclusive), says nothing of what it costs now;
 * - else, and for every test the report did not measure, from the reference costs shipped beside this file
 *   (`npm run plan:reference`): one table per way a staging may be set up (with provider states or without, allowing
 *   all or nothing), the one chosen that could do all this run can (cost-profile.ts). A test that table skipped is
 *   skipped here too and costs nothing; one it did not measure, or skipped where no table could do all the run can
 *   (a run with the control API), costs what the next closest table measured, else the plan guesses.
 *
 * A scope's shared arrangement (a list walked once per file and kept for its other tests) is paid by whichever of its
 * tests runs first: the first measured test of a file or describe block gives what it sent with the config's
 * credentials above its siblings' median to the scope, which the plan costs once, with the first test it chooses
 * there. A test that sends with a credential the target config does not have skips before it sends, and costs
 * nothing. The credential a request is counted on is named as the report names it; RAG requests with the project key
 * (the target's own or an SDK's) are counted on the key's RAG budget.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TargetConfig } from '../../contract/index.js';
import { type CostBook, type Spend, scopesOf, type TestCost } from './budget-plan.js';
import { byCloseness, type CostProfile, covers, describeProfile } from './cost-profile.js';

/** The key's RAG budget, as the plan and the ledger's view name it. */
export const RAG_KEY = 'the project key (RAG)';
/** What a file's hooks sent, not attributed to a credential. */
export const HOOKS = 'the hooks of the file';

export const REFERENCE_COSTS = join(import.meta.dirname, 'reference-costs.json');
const FORMAT = 'chatbot-platform-reference-costs';

/** A test's cost, and what it gave its scopes when it was the first of them to run (its whole cost is both). */
export interface MeasuredCost extends TestCost {
  readonly paid?: Spend;
}

/** Per file, per test full name, what it sent per credential; per file, per scope, what entering it costs. */
export interface CostTable {
  readonly source: string;
  readonly tests: Record<string, Record<string, MeasuredCost>>;
  /** Files the run ran: '' their hooks and shared arrangement, a describe path its shared arrangement. */
  readonly scopes: Record<string, Record<string, Spend>>;
}

/**
 * The reference costs as shipped: per table its profile, each test and scope keyed by a short hash of its name (the
 * names are long), a test's cost as `[checked ? 1 : 0, spend, paid?]`.
 */
type ReferenceEntry = [0 | 1, Spend] | [0 | 1, Spend, Spend];
interface ReferenceTable {
  readonly profile: CostProfile;
  readonly source: string;
  readonly tests: Record<string, Record<string, ReferenceEntry>>;
  readonly scopes: Record<string, Record<string, Spend>>;
}
interface ReferenceFile {
  readonly format: typeof FORMAT;
  readonly version: 2;
  readonly tables: readonly ReferenceTable[];
}

const nameKey = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 10);

const total = (s: Spend) => Object.values(s).reduce((a, b) => a + b, 0);

const upperMedian = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The shipped form of cost tables, one per profile (scripts/plan-reference.ts writes it). */
export function referenceOf(
  tables: readonly { profile: CostProfile; source: string; table: CostTable }[],
): ReferenceFile {
  return {
    format: FORMAT,
    version: 2,
    tables: tables.map(({ profile, source, table }) => {
      const tests: ReferenceTable['tests'] = {};
      for (const [file, byName] of Object.entries(table.tests)) {
        const out: Record<string, ReferenceEntry> = {};
        for (const [name, cost] of Object.entries(byName))
          out[nameKey(name)] = cost.paid
            ? [cost.checked ? 1 : 0, cost.spend, cost.paid]
            : [cost.checked ? 1 : 0, cost.spend];
        tests[file] = out;
      }
      const scopes: ReferenceTable['scopes'] = {};
      for (const [file, byPath] of Object.entries(table.scopes))
        scopes[file] = Object.fromEntries(Object.entries(byPath).map(([path, s]) => [nameKey(path), s]));
      return { profile, source, tests, scopes };
    }),
  };
}

/** Per credential, two spends together. */
function sum(a: Spend, b: Spend): Spend {
  const out: Record<string, number> = { ...a };
  for (const [credential, n] of Object.entries(b)) out[credential] = (out[credential] ?? 0) + n;
  return out;
}

/** Per credential, the larger of two spends. */
function larger(a: Spend, b: Spend): Spend {
  const out: Record<string, number> = { ...a };
  for (const [credential, n] of Object.entries(b)) out[credential] = Math.max(out[credential] ?? 0, n);
  return out;
}

/**
 * The shipped reference costs as a cost book for a run of profile `run`: the table measured the closest way. A test
 * that table skipped costs nothing when the table could do all the run can (the run skips it too); one it did not
 * measure (it failed, or stopped as inconclusive when the run spent a credential's hour) costs what the next closest
 * table measured, else it is left to the plan's guess.
 */
export function referenceBook(
  run: CostProfile,
  path = REFERENCE_COSTS,
): { book: CostBook; source: string } | { error: string } {
  let ref: ReferenceFile;
  try {
    ref = JSON.parse(readFileSync(path, 'utf8')) as ReferenceFile;
  } catch (err) {
    return { error: `${path}: the reference costs are unreadable (${(err as Error).message})` };
  }
  const tables =
    ref.format === FORMAT && ref.version === 2 && Array.isArray(ref.tables)
      ? byCloseness(
          ref.tables.map((t) => t.profile),
          run,
        ).map((i) => ref.tables[i] as ReferenceTable)
      : [];
  const [table, ...others] = tables;
  if (!table)
    return { error: `${path}: not the reference costs of this version (run npm run plan:reference)` };
  const skipsHold = covers(table.profile, run);
  // From another table a test costs all it sent there: what it gave that table's scopes is not in this one's.
  const measured = (t: ReferenceTable, file: string, key: string): TestCost | undefined => {
    const entry = t.tests[file]?.[key];
    return entry?.[0] === 1 ? { checked: true, spend: sum(entry[1], entry[2] ?? {}) } : undefined;
  };
  return {
    source: `the reference costs measured ${describeProfile(table.profile)} (${table.source})${skipsHold ? '' : `; this run (${describeProfile(run)}) may run tests that table skipped: they cost what another table measured, else a guess`}`,
    book: {
      test: (file, fullName) => {
        const key = nameKey(fullName);
        const entry = table.tests[file]?.[key];
        if (entry && (entry[0] === 1 || skipsHold)) return { checked: entry[0] === 1, spend: entry[1] };
        for (const other of others) {
          const cost = measured(other, file, key);
          if (cost) return cost;
        }
        return undefined;
      },
      scope: (file, scopePath) => {
        const scopes = tables.find((t) => t.scopes[file])?.scopes[file];
        return scopes ? (scopes[nameKey(scopePath)] ?? {}) : undefined;
      },
    },
  };
}

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

/** What each file of the run's concurrency.json sent (its hooks' requests and its tests'), if it was written. */
function fileCounts(reportPath: string): Map<string, number> | undefined {
  const spans = join(dirname(reportPath), 'concurrency.json');
  if (!existsSync(spans)) return undefined;
  try {
    const { files } = JSON.parse(readFileSync(spans, 'utf8')) as {
      files?: { file: string; requests?: number }[];
    };
    return new Map((files ?? []).map((f) => [f.file, f.requests ?? 0]));
  } catch {
    return undefined; // no per-file counts: hooks cost nothing in the estimate (the margin takes them)
  }
}

/**
 * Whether a scope's tests can share what was sent with this credential: the target config's tokens and key. A
 * test-made credential is made by its test, and a request with none arranges nothing.
 */
const shareable = (name: string) =>
  /^the \w+ token$/.test(name) || name === 'the project key' || name === RAG_KEY;

/**
 * A scope's shared arrangement, taken out of the test that paid it: for each scope of the file (outermost first),
 * what its first measured test sent per credential of the config above the median of the scope's other measured
 * tests. `tests` are the file's measured tests in file order; their spends are changed in place.
 */
export function shareArrangement(
  tests: readonly { readonly fullName: string; spend: Record<string, number>; paid?: Spend }[],
): Record<string, Spend> {
  const shared: Record<string, Spend> = {};
  const payers = new Set<string>();
  const paths = [...new Set(tests.flatMap((t) => scopesOf(t.fullName)))];
  for (const path of paths) {
    const [payer, ...others] = tests.filter((t) => scopesOf(t.fullName).includes(path));
    if (!payer || others.length === 0 || payers.has(payer.fullName)) continue;
    const excess: Record<string, number> = {};
    for (const [credential, n] of Object.entries(payer.spend)) {
      if (!shareable(credential)) continue;
      const over = n - upperMedian(others.map((o) => o.spend[credential] ?? 0));
      if (over > 0) excess[credential] = over;
    }
    if (total(excess) === 0) continue;
    payers.add(payer.fullName);
    for (const [credential, over] of Object.entries(excess))
      payer.spend[credential] = (payer.spend[credential] ?? 0) - over;
    payer.paid = excess;
    shared[path] = excess;
  }
  return shared;
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
  const tests: Record<string, Record<string, MeasuredCost>> = {};
  const measured: Record<string, { fullName: string; spend: Record<string, number>; paid?: Spend }[]> = {};
  const sums: Record<string, number> = {};
  for (const t of report.tests) {
    const spend = spendOf(t.requests);
    sums[t.file] = (sums[t.file] ?? 0) + total(spend);
    // A failed or inconclusive test sent only what it had sent when it stopped: it says nothing of its whole cost.
    if (t.state !== 'passed' && t.state !== 'skipped') continue;
    const checked = t.state === 'passed';
    tests[t.file] ??= {};
    (tests[t.file] as Record<string, MeasuredCost>)[t.fullName] = { spend, checked };
    if (!checked) continue;
    measured[t.file] ??= [];
    measured[t.file]?.push({ fullName: t.fullName, spend });
  }
  const counts = fileCounts(path);
  const ran = counts ? [...counts.keys()] : Object.keys(measured);
  const scopes: Record<string, Record<string, Spend>> = {};
  for (const file of ran) {
    const hooks = Math.max(0, (counts?.get(file) ?? 0) - (sums[file] ?? 0));
    const shared = shareArrangement(measured[file] ?? []);
    for (const { fullName, spend, paid } of measured[file] ?? [])
      if (paid) (tests[file] as Record<string, MeasuredCost>)[fullName] = { spend, checked: true, paid };
    const own = shared[''] ?? {};
    scopes[file] = { ...shared, '': hooks > 0 ? { ...own, [HOOKS]: hooks } : own };
  }
  return { source: `${path}${report.generatedAt ? ` (${report.generatedAt})` : ''}`, tests, scopes };
}

/**
 * A report's costs as a cost book: only what passed there (a skipped, failed or inconclusive test may go otherwise
 * now, and is left to the reference).
 */
export function costBook(table: CostTable): CostBook {
  return {
    test: (file, fullName) => {
      const cost = table.tests[file]?.[fullName];
      return cost?.checked ? cost : undefined;
    },
    scope: (file, path) => {
      const scopes = table.scopes[file];
      return scopes ? (scopes[path] ?? {}) : undefined;
    },
  };
}

/**
 * A test's cost from `primary` where it measured the test, else from `fallback`. A scope costs the larger of the two:
 * a run that measured one test of a describe block could not see the arrangement the block's tests share, which
 * the plan must still pay when it chooses another test there.
 */
export function layered(primary: CostBook, fallback: CostBook): CostBook {
  return {
    test: (file, fullName) => primary.test(file, fullName) ?? fallback.test(file, fullName),
    scope: (file, path) => {
      const [mine, other] = [primary.scope(file, path), fallback.scope(file, path)];
      return mine && other ? larger(mine, other) : (mine ?? other);
    },
  };
}

/** Whether the config has the credential a spend names (`the editor token`, `the project key`, …). */
function hasCredential(config: TargetConfig, name: string): boolean {
  const token = /^the (\w+) token$/.exec(name)?.[1];
  if (token !== undefined) return !!config.tokens[token as keyof TargetConfig['tokens']];
  if (name === 'the project key' || name === RAG_KEY) return config.project_key !== undefined;
  return true;
}

/** A test that sent with a credential the config does not have skips here before it sends: it costs nothing. */
export function forCredentialsOf(book: CostBook, config: TargetConfig): CostBook {
  return {
    test: (file, fullName) => {
      const cost = book.test(file, fullName);
      if (!cost || Object.keys(cost.spend).every((name) => hasCredential(config, name))) return cost;
      return { spend: {}, checked: false };
    },
    scope: book.scope,
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
