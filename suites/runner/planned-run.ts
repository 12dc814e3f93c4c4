/**
 * `--budget N` before any request (HARNESS-BUDGET-PLAN): collect the selected tests (vitest imports the files, runs no
 * hook), cost them the way this run will go (cost-book.ts, HARNESS-BUDGET-COSTS), read what each credential of the target config has left this hour (the quota
 * ledger), plan (budget-plan.ts), print the plan and write it to DIR/plan.json, where the reporter reads why each test
 * left out was left out. The run then starts only the chosen tests (their vitest ids), and the run coordinator refuses
 * any request past N, so the run never sends more than N whatever the estimates missed.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { TestSpecification, Vitest } from 'vitest/node';
import { clauses, scopeOf } from '../../contract/clauses/index.js';
import type { TargetConfig } from '../../contract/index.js';
import { extractClauseIds } from '../reporting/clause-matrix.js';
import { PLAN_FILE } from '../reporting/plan-file.js';
import { REPORT_FILES } from '../reporting/report.js';
import { openLedger } from '../target/quota-ledger.js';
import { budgetFor } from '../target/request-budget.js';
import { type Candidate, type CostBook, planRun, type RunPlan } from './budget-plan.js';
import {
  costBook,
  costTableOfReport,
  forCredentialsOf,
  isReportOf,
  layered,
  RAG_KEY,
  referenceBook,
} from './cost-book.js';
import { profileOf } from './cost-profile.js';

const DOCUMENTED_API = new Set(
  clauses.filter((c) => c.kind === 'documented' && scopeOf(c) === 'api').map((c) => c.id),
);

export interface PlanOptions {
  readonly repoRoot: string;
  readonly config: TargetConfig;
  readonly files: readonly string[];
  readonly filter?: RegExp;
  readonly budget: number;
  readonly reportsDir: string;
  /** `--plan-from FILE`: an earlier report to take the costs from. */
  readonly planFrom?: string;
}

/** `--budget` takes a whole number of requests. */
export function parseBudget(text: string): number | { readonly error: string } {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1)
    return { error: `--budget takes a whole number of requests (at least 1), not "${text}"` };
  return Number(text);
}

/**
 * Where the costs come from, measured the way this run will go (HARNESS-BUDGET-COSTS): the tests the earlier report
 * named (`--plan-from FILE`, else this target's last report in DIR) measured, and every other test from the reference
 * table of this run's profile; a test with a credential the config lacks costs nothing (it skips before it sends).
 */
function costSource(o: PlanOptions): { book: CostBook; source: string } | { readonly error: string } {
  const reference = referenceBook(profileOf(o.config));
  if ('error' in reference) return reference;
  const of = (book: CostBook, source: string) => ({ book: forCredentialsOf(book, o.config), source });
  const report = (path: string) => {
    const table = costTableOfReport(path);
    if ('error' in table) return table;
    return of(
      layered(costBook(table), reference.book),
      `${table.source}, the tests it did not measure from ${reference.source}`,
    );
  };
  if (o.planFrom !== undefined) return report(o.planFrom);
  const last = join(o.reportsDir, REPORT_FILES.json);
  if (existsSync(last) && isReportOf(last, o.config)) {
    const mine = report(last);
    if (!('error' in mine)) return mine;
  }
  return of(reference.book, reference.source);
}

/** Requests each counted credential of the config has left this hour, by the report's name for it. */
function leftThisHour(config: TargetConfig): Record<string, number> {
  const budget = budgetFor(config, false, openLedger(config.base_url));
  const left: Record<string, number> = {};
  if (!budget) return left;
  for (const [name, first] of Object.entries(config.tokens)) {
    const pool = [...new Set([first, ...(config.token_pools?.[name as keyof TargetConfig['tokens']] ?? [])])];
    left[`the ${name} token`] = pool
      .filter((v): v is string => !!v)
      .reduce((sum, v) => sum + budget.remaining(v), 0);
  }
  if (config.project_key) left[RAG_KEY] = budget.remaining(config.project_key, 'rag');
  return left;
}

/** The selection's tests, collected without running a hook. */
async function candidates(o: PlanOptions): Promise<Candidate[]> {
  const { createVitest } = await import('vitest/node');
  const vitest = await createVitest('test', {
    root: o.repoRoot,
    run: true,
    watch: false,
    reporters: [],
    ...(o.filter ? { testNamePattern: o.filter } : {}),
  });
  try {
    const { testModules } = await vitest.collect([...o.files]);
    return testModules.flatMap((m) => {
      const file = relative(o.repoRoot, m.moduleId).split(sep).join('/');
      return [...m.children.allTests()]
        .filter((t) => t.options.mode === 'run')
        .map((t) => ({
          id: t.id,
          file,
          fullName: t.fullName,
          documented: extractClauseIds(t.fullName).filter((id) => DOCUMENTED_API.has(id)),
        }));
    });
  } finally {
    await vitest.close();
  }
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Plan the run, print the plan and write DIR/plan.json. */
export async function planTheRun(o: PlanOptions): Promise<RunPlan | { readonly error: string }> {
  const costs = costSource(o);
  if ('error' in costs) return costs;
  const plan = planRun({
    candidates: await candidates(o),
    costs: costs.book,
    budget: o.budget,
    left: leftThisHour(o.config),
  });
  writeFileSync(
    join(o.reportsDir, PLAN_FILE),
    `${JSON.stringify({ ...plan, costs_from: costs.source }, null, 2)}\n`,
  );
  const files = new Set(plan.chosen.map((t) => t.file));
  const estimated = plan.chosen.filter((t) => t.estimated).length;
  say(`conformance: plan for --budget ${o.budget} (costs from ${costs.source})`);
  say(
    `  will run ${plan.chosen.length} tests in ${files.size} files, about ${plan.requests} requests (${plan.usable} planned, the rest of ${o.budget} kept for what estimates miss)${estimated ? `; ${estimated} tests' costs are guesses` : ''}`,
  );
  const byCredential = Object.entries(plan.byCredential)
    .sort(([, a], [, b]) => b - a)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
  if (byCredential) say(`  by credential: ${byCredential}`);
  say(
    `  will check ${plan.clauses.length} of ${DOCUMENTED_API.size} documented clauses; ${plan.plannedOut.length} tests planned out`,
  );
  if (plan.clausesPlannedOut.length > 0)
    say(
      `  planned out (budget), checked by no planned test: ${plan.clausesPlannedOut.length} clauses (${plan.clausesPlannedOut.slice(0, 8).join(', ')}${plan.clausesPlannedOut.length > 8 ? ', …' : ''}); every test left out and why: ${relative(process.cwd(), join(o.reportsDir, PLAN_FILE))}`,
    );
  return plan;
}

/** The specifications of the planned tests: their files, each limited to its chosen tests. */
export async function plannedSpecifications(vitest: Vitest, plan: RunPlan): Promise<TestSpecification[]> {
  const ids = new Map<string, string[]>();
  for (const t of plan.chosen) ids.set(t.file, [...(ids.get(t.file) ?? []), t.id]);
  const project = vitest.getRootProject();
  return [...ids].map(([file, testIds]) =>
    project.createSpecification(join(vitest.config.root, file), { testIds }),
  );
}
