/**
 * JUnit XML for CI test views: one <testsuite> per test file, one <testcase> per test, the clause
 * ids a test cites as <property name="clause"> entries. Run errors (a file that failed to load,
 * unhandled errors) become <error> test cases in a suite of their own, so CI shows them red too.
 */
import type { CitingTest } from './clause-matrix.js';
import type { ConformanceReport } from './report.js';
import { escapeMarkup as x } from './text.js';

const seconds = (ms: number): string => (Math.max(0, ms) / 1000).toFixed(3);

const attrs = (values: Record<string, string | number>): string =>
  Object.entries(values)
    .map(([k, v]) => ` ${k}="${x(String(v))}"`)
    .join('');

const firstLine = (text: string | undefined, fallback: string): string =>
  text?.split('\n').find((l) => l.trim() !== '') ?? fallback;

const testcase = (t: CitingTest): string => {
  const lines = [
    `    <testcase${attrs({ classname: t.file, name: t.fullName, time: seconds(t.durationMs) })}>`,
  ];
  if (t.clauseIds.length > 0) {
    lines.push('      <properties>');
    for (const id of t.clauseIds) lines.push(`        <property${attrs({ name: 'clause', value: id })}/>`);
    lines.push('      </properties>');
  }
  if (t.state === 'failed') {
    const last = t.exchanges?.at(-1);
    const exchange = last ? `last request:\n${last.request}\n\nits response:\n${last.response}` : undefined;
    const body = [t.errorMessage, exchange, t.errorStack].filter(Boolean).join('\n\n');
    const message = firstLine(t.errorMessage, 'failed');
    lines.push(`      <failure${attrs({ message, type: 'AssertionError' })}>${x(body)}</failure>`);
  } else if (t.state === 'skipped' || t.state === 'inconclusive') {
    lines.push(`      <skipped${attrs({ message: t.skipReason ?? 'skipped' })}/>`);
  }
  for (const w of t.assumedWarnings ?? [])
    lines.push(`      <system-out>${x(`assumed ${w.clauseId} warned: ${w.message}`)}</system-out>`);
  lines.push('    </testcase>');
  return lines.join('\n');
};

const suite = (
  name: string,
  timestamp: string,
  props: Record<string, string>,
  tests: readonly CitingTest[],
  extra: { errors: number; body: string[] } = { errors: 0, body: [] },
): string => {
  const counts = {
    name,
    timestamp,
    hostname: 'conformance',
    tests: tests.length + extra.errors,
    failures: tests.filter((t) => t.state === 'failed').length,
    errors: extra.errors,
    skipped: tests.filter((t) => t.state === 'skipped' || t.state === 'inconclusive').length,
    time: seconds(tests.reduce((sum, t) => sum + t.durationMs, 0)),
  };
  const properties = Object.entries(props).map(
    ([k, v]) => `      <property${attrs({ name: k, value: v })}/>`,
  );
  return [
    `  <testsuite${attrs(counts)}>`,
    '    <properties>',
    ...properties,
    '    </properties>',
    ...tests.map(testcase),
    ...extra.body,
    '  </testsuite>',
  ].join('\n');
};

export const toJUnitXml = (report: ConformanceReport): string => {
  const byFile = new Map<string, CitingTest[]>();
  for (const t of report.matrix.tests) {
    const list = byFile.get(t.file) ?? [];
    list.push(t);
    byFile.set(t.file, list);
  }
  const props = {
    'target.name': report.target.name,
    'target.kind': report.target.kind,
    verdict: report.verdict.status,
    'coverage.documented': `${report.coverage.checked}/${report.coverage.documented}`,
  };
  const suites = [...byFile.entries()].map(([file, tests]) => suite(file, report.generatedAt, props, tests));
  if (report.runErrors.length > 0) {
    const body = report.runErrors.map((message, i) =>
      [
        `    <testcase${attrs({ classname: 'conformance', name: `run error ${i + 1}`, time: '0.000' })}>`,
        `      <error${attrs({ message: firstLine(message, 'run error'), type: 'RunError' })}>${x(message)}</error>`,
        '    </testcase>',
      ].join('\n'),
    );
    suites.push(suite('(run errors)', report.generatedAt, props, [], { errors: body.length, body }));
  }
  const t = report.counts.tests;
  const total = {
    name: `conformance: ${report.target.name}`,
    tests: t.total + report.runErrors.length,
    failures: t.failed,
    errors: report.runErrors.length,
    skipped: t.skipped + t.inconclusive,
    time: seconds(report.matrix.tests.reduce((sum, x) => sum + x.durationMs, 0)),
    timestamp: report.generatedAt,
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs(total)}>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
};
