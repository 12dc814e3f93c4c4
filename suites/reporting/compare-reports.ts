/**
 * Whether two conformance reports say the same thing, clause by clause: each clause's status, the tests citing it with
 * their outcome, its skip reasons and warnings; the verdict (status, failing items, warnings, errors, inconclusive),
 * the counts and the documented coverage. Durations and times are left out. A merge of shards is checked against an
 * unsharded run of the same suite with it (HARNESS-SHARDED-RUN).
 */
import type { ConformanceJson } from './report.js';

type Row = ConformanceJson['matrix'][number];

const testsOf = (row: Row) => row.tests.map((t) => `${t.file} > ${t.fullName}: ${t.state}`).sort();
const itemKey = (i: ConformanceJson['verdict']['failing'][number]) =>
  'id' in i ? i.id : 'fullName' in i ? i.fullName : i.message;

/** What clause-by-clause facts of a row are compared. */
const rowFacts = (row: Row) => ({
  status: row.status,
  tests: testsOf(row),
  skipReasons: [...row.skipReasons].sort(),
  warnings: row.warnings.map((w) => `${w.file} > ${w.fullName}: ${w.message}`).sort(),
});

const verdictFacts = (r: ConformanceJson) => ({
  filter: r.filter,
  status: r.verdict.status,
  pass: r.verdict.pass,
  failing: r.verdict.failing.map(itemKey).sort(),
  warnings: r.verdict.warnings.map(itemKey).sort(),
  errors: r.verdict.errors.map(itemKey).sort(),
  inconclusive: r.verdict.inconclusive,
  tests: r.counts.tests,
  clauses: r.counts.clauses,
  coverage: { checked: r.coverage.checked, documented: r.coverage.documented, byReason: r.coverage.byReason },
  // The numbers every rendering gives (REPORT-ONE-COUNT); a report from before the headline has none.
  headline: r.headline ?? null,
});

const show = (v: unknown) => JSON.stringify(v);

/** `a ≠ b`; for two lists, only what one has and the other has not. */
function difference(a: unknown, b: unknown): string {
  if (!Array.isArray(a) || !Array.isArray(b)) return `${show(a)} ≠ ${show(b)}`;
  const onlyA = a.filter((x) => !b.includes(x));
  const onlyB = b.filter((x) => !a.includes(x));
  return [
    ...(onlyA.length > 0 ? [`only in the first: ${show(onlyA)}`] : []),
    ...(onlyB.length > 0 ? [`only in the second: ${show(onlyB)}`] : []),
  ].join('; ');
}

/** Every difference between `a` and `b`, one line each; empty when they agree clause by clause. */
export function reportDifferences(a: ConformanceJson, b: ConformanceJson): string[] {
  const out: string[] = [];
  const va = verdictFacts(a);
  const vb = verdictFacts(b);
  for (const key of Object.keys(va) as (keyof typeof va)[])
    if (show(va[key]) !== show(vb[key])) out.push(`verdict ${key}: ${show(va[key])} ≠ ${show(vb[key])}`);
  const rowsB = new Map(b.matrix.map((row) => [row.id, row]));
  for (const row of a.matrix) {
    const other = rowsB.get(row.id);
    if (!other) {
      out.push(`${row.id}: only in the first report`);
      continue;
    }
    rowsB.delete(row.id);
    const fa = rowFacts(row);
    const fb = rowFacts(other);
    for (const key of Object.keys(fa) as (keyof typeof fa)[])
      if (show(fa[key]) !== show(fb[key])) out.push(`${row.id} ${key}: ${difference(fa[key], fb[key])}`);
  }
  for (const id of rowsB.keys()) out.push(`${id}: only in the second report`);
  return out;
}
