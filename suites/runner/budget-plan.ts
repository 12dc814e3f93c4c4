/**
 * `--budget N`: a run planned to fit the requests it is given (HARNESS-BUDGET-PLAN). Before a request is sent, the
 * tests of the selection are chosen greedily for the most documented clauses not yet planned per request, each test
 * costed by what it sent in an earlier run measured the way this one will go (cost-book.ts), and each scope it runs
 * in (its file, its describe blocks) costed once, with the first chosen test of the scope: the file's hooks and the
 * arrangement the scope's tests share (found once, by whichever test runs first). All within N (less a margin for
 * what estimates miss) and within what each of the target config's credentials has left of its hour (the quota
 * ledger). Once no test adds a clause, cheaper tests that check planned clauses again fill what is left. Everything
 * else is planned out, and says why: the report counts its clauses as "planned out (budget)", never as failed or
 * uncited.
 */

export interface Candidate {
  /** Vitest's id of the test (to run it). */
  readonly id: string;
  /** Repository-relative path of its file. */
  readonly file: string;
  readonly fullName: string;
  /** The documented API clauses its title cites. */
  readonly documented: readonly string[];
}

/** What one test or one file's hooks sent, per credential as the report names it (`the owner token`, …). */
export type Spend = Readonly<Record<string, number>>;

export interface TestCost {
  readonly spend: Spend;
  /**
   * Whether the test checked anything where it was measured (it passed there); one that was skipped there (a missing
   * credential, no control API) is planned at its cost, but its clauses are not counted on.
   */
  readonly checked: boolean;
}

export interface CostBook {
  /**
   * What the test itself sent in the earlier run (without the arrangement it shared with its scope), or undefined when
   * that run did not measure it the way this run will go.
   */
  test(file: string, fullName: string): TestCost | undefined;
  /**
   * What entering a scope costs, once however many of its tests run: for the file (`path` ''), its hooks and the
   * arrangement its tests share; for a describe block (`path` its titles joined by ' > '), the arrangement its tests
   * share. Undefined when the earlier run did not run the file.
   */
  scope(file: string, path: string): Spend | undefined;
}

/** The scopes a test runs in: its file ('') and each describe block around it, outermost first. */
export function scopesOf(fullName: string): string[] {
  const parts = fullName.split(' > ').slice(0, -1);
  return ['', ...parts.map((_, i) => parts.slice(0, i + 1).join(' > '))];
}

export interface PlanInput {
  readonly candidates: readonly Candidate[];
  readonly costs: CostBook;
  /** Requests the whole run may send. */
  readonly budget: number;
  /** Requests each counted credential has left this hour, by the report's name for it. */
  readonly left: Readonly<Record<string, number>>;
  /** Share of the budget kept back for what the estimates miss (default 0.1). */
  readonly margin?: number;
}

export interface PlannedTest extends Candidate {
  readonly requests: number;
  /**
   * The cost is a guess (no earlier run measured this test): the median of its file's measured tests, else of every
   * measured test.
   */
  readonly estimated: boolean;
}

export interface PlannedOut extends Candidate {
  /** The skip note the report shows: `planned out (budget): …`. */
  readonly reason: string;
}

export interface RunPlan {
  readonly budget: number;
  /** What the plan may spend: the budget less the margin. */
  readonly usable: number;
  readonly chosen: readonly PlannedTest[];
  readonly plannedOut: readonly PlannedOut[];
  /** Estimated requests of the chosen tests and of the scopes they enter. */
  readonly requests: number;
  /** Estimated requests per credential. */
  readonly byCredential: Readonly<Record<string, number>>;
  /** Documented clauses the chosen tests cite. */
  readonly clauses: readonly string[];
  /** Documented clauses only planned-out tests cite. */
  readonly clausesPlannedOut: readonly string[];
}

export const PLANNED_OUT = 'planned out (budget)';
export const DEFAULT_MARGIN = 0.1;

const total = (s: Spend) => Object.values(s).reduce((a, b) => a + b, 0);

const median = (xs: readonly number[]): number | undefined => {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const add = (into: Record<string, number>, s: Spend) => {
  for (const [k, v] of Object.entries(s)) into[k] = (into[k] ?? 0) + v;
};

export function planRun(input: PlanInput): RunPlan {
  const usable = Math.floor(input.budget * (1 - (input.margin ?? DEFAULT_MARGIN)));
  const known = new Map<Candidate, Spend>();
  /** Tests that checked nothing in the earlier run: planned, but not counted on for a clause. */
  const idle = new Set<Candidate>();
  for (const c of input.candidates) {
    const cost = input.costs.test(c.file, c.fullName);
    if (!cost) continue;
    known.set(c, cost.spend);
    if (!cost.checked) idle.add(c);
  }
  const gainOf = (c: Candidate) => (idle.has(c) ? 0 : c.documented.filter((id) => !covered.has(id)).length);
  // A guess goes by the tests that ran: one that skipped (costing nothing) says nothing of what a test that runs sends.
  const measured = [...known].filter(([c]) => !idle.has(c));
  const fileMedian = (file: string) =>
    median(measured.filter(([c]) => c.file === file).map(([, s]) => total(s)));
  const everyMedian = median(measured.map(([, s]) => total(s))) ?? 1;
  const costOf = (c: Candidate): { spend: Spend; estimated: boolean } => {
    const s = known.get(c);
    if (s) return { spend: s, estimated: false };
    return {
      spend: { 'a request of unknown credential': fileMedian(c.file) ?? everyMedian },
      estimated: true,
    };
  };
  const costs = new Map(input.candidates.map((c) => [c, costOf(c)]));

  const spent: Record<string, number> = {};
  let requests = 0;
  /** Scopes a chosen test entered already, keyed `file\0path`. */
  const opened = new Set<string>();
  const scopeKeys = (c: Candidate) =>
    scopesOf(c.fullName).map((path) => ({ path, key: `${c.file}\0${path}` }));
  const covered = new Set<string>();
  const chosen: PlannedTest[] = [];
  const pending = new Set(input.candidates);

  /** Why `c` does not fit now, or undefined when it does; its full price (the scopes it enters first included). */
  const price = (c: Candidate): { spend: Spend; n: number; why?: string } => {
    const spend: Record<string, number> = {};
    add(spend, (costs.get(c) as { spend: Spend }).spend);
    for (const { path, key } of scopeKeys(c))
      if (!opened.has(key)) add(spend, input.costs.scope(c.file, path) ?? {});
    const n = total(spend);
    if (requests + n > usable)
      return {
        spend,
        n,
        why: `${PLANNED_OUT}: about ${n} requests, and the plan has ${usable - requests} of ${input.budget} left`,
      };
    for (const [credential, k] of Object.entries(spend)) {
      const left = input.left[credential];
      if (left !== undefined && (spent[credential] ?? 0) + k > left)
        return {
          spend,
          n,
          why: `${PLANNED_OUT}: ${credential} has ${Math.max(0, left - (spent[credential] ?? 0))} requests left this hour, the test needs about ${k}`,
        };
    }
    return { spend, n };
  };
  const take = (c: Candidate, spend: Spend, n: number) => {
    pending.delete(c);
    add(spent, spend);
    requests += n;
    for (const { key } of scopeKeys(c)) opened.add(key);
    if (!idle.has(c)) for (const id of c.documented) covered.add(id);
    const { estimated } = costs.get(c) as { estimated: boolean };
    chosen.push({ ...c, requests: total((costs.get(c) as { spend: Spend }).spend), estimated });
  };

  // Tests that checked nothing before and cost nothing go in first: they report again why they cannot check here.
  for (const c of [...idle]) {
    const p = price(c);
    if (p.n === 0) take(c, p.spend, 0);
  }
  // Most new documented clauses per request first (a test that costs nothing ranks first).
  for (;;) {
    let best: { c: Candidate; spend: Spend; n: number; ratio: number } | undefined;
    for (const c of pending) {
      const gain = gainOf(c);
      if (gain === 0) continue;
      const p = price(c);
      if (p.why) continue;
      const ratio = gain / Math.max(p.n, 0.001);
      if (!best || ratio > best.ratio) best = { c, spend: p.spend, n: p.n, ratio };
    }
    if (!best) break;
    take(best.c, best.spend, best.n);
  }
  // Then the cheapest tests that check planned clauses again, while they fit.
  const rest = [...pending].filter((c) => c.documented.length > 0).sort((a, b) => price(a).n - price(b).n);
  for (const c of rest) {
    const p = price(c);
    if (!p.why) take(c, p.spend, p.n);
  }

  const plannedOut: PlannedOut[] = [...pending].map((c) => ({
    ...c,
    reason:
      c.documented.length === 0
        ? `${PLANNED_OUT}: it checks no documented clause, and the budget goes to those that do`
        : (price(c).why ?? `${PLANNED_OUT}: its clauses are checked by cheaper tests`),
  }));
  const clausesPlannedOut = [
    ...new Set(plannedOut.flatMap((p) => p.documented).filter((id) => !covered.has(id))),
  ].sort();
  return {
    budget: input.budget,
    usable,
    chosen,
    plannedOut,
    requests,
    byCredential: spent,
    clauses: [...covered].sort(),
    clausesPlannedOut,
  };
}
