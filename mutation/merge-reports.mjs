/**
 * The chunks' Stryker reports merged into one (mutation-testing-report-schema), its scores per layer computed with
 * mutation-testing-metrics, and the HTML report rendered with mutation-testing-elements, as Stryker's own does.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { calculateMetrics } from 'mutation-testing-metrics';

/** @param {object[]} reports Stryker JSON reports of disjoint sets of files. */
export function mergeReports(reports) {
  const [first] = reports;
  if (!first) throw new Error('no chunk report to merge');
  return {
    ...first,
    files: Object.assign({}, ...reports.map((r) => r.files)),
    testFiles: Object.assign({}, ...reports.map((r) => r.testFiles ?? {})),
  };
}

/**
 * A chunk's report kept to the files the chunk mutates. Stryker's incremental mode carries over the results of files
 * an earlier run of the chunk mutated, so after the files are cut into chunks differently a report can still hold a
 * file that another chunk now owns (and measures afresh).
 * @param {object} report @param {readonly string[]} files
 */
export function onlyFiles(report, files) {
  const own = new Set(files.map((f) => f.replaceAll('\\', '/')));
  return {
    ...report,
    files: Object.fromEntries(Object.entries(report.files).filter(([f]) => own.has(f.replaceAll('\\', '/')))),
  };
}

/** The layer (`domain`, `http`) a mutated file belongs to. */
export const layerOf = (file) => /fake-server\/([^/]+)\//.exec(file.replaceAll('\\', '/'))?.[1] ?? 'other';

/**
 * Score per layer, by mutation-testing-metrics over the layer's files: Stryker's mutation score (killed and timed
 * out over killed, timed out, survived and not covered); ignored mutants (static, or marked equivalent) are left out.
 * @returns {Map<string, import('mutation-testing-metrics').Metrics>}
 */
export function layerScores(report) {
  const byLayer = new Map();
  for (const [file, result] of Object.entries(report.files)) {
    const layer = layerOf(file);
    byLayer.set(layer, { ...byLayer.get(layer), [file]: result });
  }
  return new Map([...byLayer].map(([layer, files]) => [layer, calculateMetrics(files).metrics]));
}

const require = createRequire(import.meta.url);

/** A standalone HTML page of the report, like Stryker's html reporter. */
export function reportHtml(report) {
  const elements = readFileSync(
    require.resolve('mutation-testing-elements/dist/mutation-test-elements.js'),
    'utf8',
  );
  const json = JSON.stringify(report).replaceAll('<', '\\u003c');
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Mutation testing of the fake</title>
<script>${elements.replaceAll('</script', '<\\/script')}</script></head>
<body>
<mutation-test-report-app title-postfix="Chatbot Platform fake"></mutation-test-report-app>
<script>document.querySelector('mutation-test-report-app').report = ${json};</script>
</body>
</html>
`;
}
