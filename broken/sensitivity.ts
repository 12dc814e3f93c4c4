/**
 * The sensitivity check (`npm run conformance -- --target FILE --sensitivity`): the breaking proxy goes in front of
 * the target, an unbroken run of every rule's tests comes first, then each rule runs only the tests citing the clause
 * it breaks, with the target's own credentials, allow-list and provider states; rules with no test file in common
 * share a round (rounds.ts). All runs share one vitest session and one quota ledger (lent to the proxy's address), so
 * the check stays within the request budget.
 * Reports: the unbroken run's conformance report with a `sensitivity` section (JSON, HTML, JUnit) in `reportsDir`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TargetConfig } from '../contract/index.js';
import { toHtml } from '../suites/reporting/html.js';
import { toJUnitXml } from '../suites/reporting/junit.js';
import { type ConformanceReport, REPORT_FILES, toJson } from '../suites/reporting/report.js';
import {
  countOutcomes,
  type SensitivityReport,
  type SensitivityRow,
  sensitivityTable,
} from '../suites/reporting/sensitivity.js';
import { notCheckableBefore, outcomeOf } from './classify.js';
import { openProxiedSession, ROOT } from './proxied-session.js';
import { planRounds } from './rounds.js';
import type { BreakingRule } from './rule.js';
import { breakingRules } from './rules/index.js';
import { citing, selectionFor, suiteFiles } from './selection.js';

export interface SensitivityOptions {
  /** The target config file as given, and its parsed content. */
  readonly targetPath: string;
  readonly config: TargetConfig;
  readonly reportsDir: string;
  /** Only these rules (ids); all when absent. */
  readonly rules?: readonly BreakingRule[];
  /** Run only the tests of each rule's `caughtBy` file, not every citing test (the broken/ tests' proof). */
  readonly onlyCaughtBy?: boolean;
  readonly log?: (line: string) => void;
}

export interface SensitivityResult {
  readonly report: ConformanceReport;
  readonly sensitivity: SensitivityReport;
}

const testsOf = (report: ConformanceReport, clause: string) => {
  const row = report.matrix.rows.find((r) => r.id === clause);
  const n = (s: string) => row?.tests.filter((t) => t.state === s).length ?? 0;
  return { passed: n('passed'), failed: n('failed'), skipped: n('skipped'), inconclusive: n('inconclusive') };
};

/** Assumed clauses a run warned on through tests of `files`. */
const warnedIn = (report: ConformanceReport, files: readonly string[]): string[] =>
  report.matrix.rows
    .filter((r) => r.kind === 'assumed' && r.warnings.some((w) => files.includes(w.file)))
    .map((r) => r.id);

export async function runSensitivity(options: SensitivityOptions): Promise<SensitivityResult> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const rules = options.rules ?? breakingRules;
  const started = Date.now();
  mkdirSync(options.reportsDir, { recursive: true });
  const files = suiteFiles(ROOT);
  const scope = (rule: BreakingRule) =>
    options.onlyCaughtBy ? files.filter((f) => f.file === rule.caughtBy) : files;
  const proxied = await openProxiedSession([options.config], options.reportsDir, 'sensitivity-target.json');
  const { proxy, session } = proxied;
  try {
    proxy.use(undefined);
    const baselineStart = Date.now();
    // The files whose text names the clause, and always the rule's own caughtBy file: it has a test citing the
    // clause whether or not its text spells the id (an access table computes its titles).
    const filesOf = (rule: BreakingRule) =>
      [...new Set([...selectionFor([rule.clause], scope(rule)).files, rule.caughtBy])].sort();
    const baseline = await session.run({
      files: [...new Set(rules.flatMap(filesOf))].sort(),
      pattern: new RegExp(rules.map((r) => citing(r.clause)).join('|')),
    });
    const baselineInfo = {
      status: baseline.verdict.status,
      requests: proxy.requests(),
      durationMs: Date.now() - baselineStart,
    };
    log(
      `sensitivity: unbroken run ${baselineInfo.status}, ${baseline.counts.tests.total} tests, ${baselineInfo.requests} requests`,
    );
    const rows = new Map<BreakingRule, SensitivityRow>();
    const row = (rule: BreakingRule) => ({
      rule: rule.id,
      name: rule.name,
      clause: rule.clause,
      section: rule.section,
    });
    const checkable: BreakingRule[] = [];
    for (const rule of rules) {
      const before = notCheckableBefore(baseline.matrix.rows.find((r) => r.id === rule.clause));
      if (!before) {
        checkable.push(rule);
        continue;
      }
      rows.set(rule, {
        ...row(rule),
        ...before,
        tests: testsOf(baseline, rule.clause),
        requests: 0,
        durationMs: 0,
      });
      log(`  ${rule.id}: not checkable (${before.why.slice(0, 120)})`);
    }
    const rounds = planRounds(checkable, filesOf, ROOT);
    for (const [n, round] of rounds.entries()) {
      const t0 = Date.now();
      proxy.useByFile(round.ruleOfFile);
      const run = await session.run(round.selection);
      const durationMs = Date.now() - t0;
      for (const rule of round.rules) {
        const own = round.filesOf.get(rule) ?? [];
        // Assumed clauses this rule's files warned on that the unbroken run did not.
        const warned = warnedIn(run, own).filter((id) => !warnedIn(baseline, own).includes(id));
        const verdict = outcomeOf(
          run.matrix.rows.find((r) => r.id === rule.clause),
          warned,
        );
        const requests = proxy.requestsOf(rule);
        rows.set(rule, { ...row(rule), ...verdict, tests: testsOf(run, rule.clause), requests, durationMs });
      }
      proxy.use(undefined);
      log(
        `  round ${n + 1} of ${rounds.length} (${((Date.now() - t0) / 1000).toFixed(1)} s): ${round.rules
          .map((r) => `${r.id} ${rows.get(r)?.outcome}`)
          .join(', ')}`,
      );
    }
    const ordered = rules.map((r) => rows.get(r) as SensitivityRow);
    const requests = baselineInfo.requests + ordered.reduce((sum, r) => sum + r.requests, 0);
    const sensitivity: SensitivityReport = {
      baseline: baselineInfo,
      rows: ordered,
      counts: countOutcomes(ordered),
      requests,
      durationMs: Date.now() - started,
    };
    const report: ConformanceReport = {
      ...baseline,
      target: {
        name: options.config.name,
        kind: options.config.kind,
        configPath: resolve(options.targetPath),
      },
      sensitivity,
    };
    writeReports(options.reportsDir, report);
    log(`\n${sensitivityTable(sensitivity)}`);
    return { report, sensitivity };
  } finally {
    await proxied.close();
  }
}

function writeReports(dir: string, report: ConformanceReport): void {
  writeFileSync(join(dir, REPORT_FILES.json), `${JSON.stringify(toJson(report), null, 2)}\n`);
  writeFileSync(join(dir, REPORT_FILES.html), toHtml(report));
  writeFileSync(join(dir, REPORT_FILES.junit), toJUnitXml(report));
}
