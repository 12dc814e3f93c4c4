// `npm run mutation`: Stryker over the fake's domain and HTTP layers (mutation/stryker.config.mjs), one run per chunk
// of files (mutation/chunks.mjs). Each chunk keeps its report and incremental file in reports/mutation/chunks/; a chunk
// whose inputs (sources, tests, fixtures, config) are unchanged since its report is not run again, so an interrupted
// run resumes where it stopped. The chunks' reports are then merged into reports/mutation/mutation.{json,html} and the
// score of each layer is printed. Exits 1 when a layer asked for (--layer, else both) scores under 85% or has not been
// run whole; each layer's strict score (timeouts counted as survivors) is printed beside it.
//
//   npm run mutation                      every chunk of both layers
//   npm run mutation -- --layer domain    only the domain layer's chunks
//   npm run mutation -- --chunk domain-3  one chunk (see --list)
//   npm run mutation -- --list            the chunks and whether their report is current
//   npm run mutation -- --fresh           ignore earlier results (no reuse of reports or incremental files)
//   npm run mutation -- --report          run nothing: merge the chunks' reports as they are and print the scores
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commandLine } from '../bin/command-line.mjs';
import { chunks, inputsHash, LAYERS } from '../mutation/chunks.mjs';
import { layerScores, mergeReports, onlyFiles, reportHtml } from '../mutation/merge-reports.mjs';

/** Every layer's target (issue 18): killed and timed-out mutants over the valid ones. */
const TARGET = 85;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'reports', 'mutation');
const chunkDir = join(out, 'chunks');

const { values } = commandLine({
  name: 'mutation',
  usage: `Usage: npm run mutation -- [--layer ${LAYERS.join('|')}]... [--chunk NAME]... [--list] [--fresh] [--report]

Stryker over the fake's domain and HTTP layers, one run per chunk of files; a chunk whose inputs are unchanged since
its report is not run again. The chunks' reports are merged into reports/mutation/mutation.{json,html} and each
layer's score is printed.

Options:
  --layer L    only this layer's chunks (${LAYERS.join(', ')}; repeatable)
  --chunk C    only this chunk (repeatable; --list names them)
  --list       the chunks and whether their report is current; runs nothing
  --fresh      ignore earlier results (no reuse of reports or incremental files)
  --report     run nothing: merge the chunks' reports as they are and print the scores
  -h, --help   this text

Exit codes: 0 every layer asked for scores ${TARGET}% or more, run whole; 1 one scores under ${TARGET}%, was not run
whole or has no report, or Stryker failed; 2 a usage error.`,
  options: {
    layer: { type: 'string', multiple: true },
    chunk: { type: 'string', multiple: true },
    list: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    report: { type: 'boolean', default: false },
  },
});
for (const layer of values.layer ?? []) {
  if (!LAYERS.includes(layer)) {
    console.error(`--layer ${layer}: one of ${LAYERS.join(', ')}`);
    process.exit(2);
  }
}
if (values.report && (values.fresh || values.chunk)) {
  console.error('--report runs nothing: it takes no --fresh or --chunk');
  process.exit(2);
}
const all = chunks(root);
const unknown = (values.chunk ?? []).filter((name) => !all.some((c) => c.name === name));
if (unknown.length > 0) {
  console.error(`unknown chunk ${unknown.join(', ')}; chunks: ${all.map((c) => c.name).join(', ')}`);
  process.exit(2);
}
const selected = all.filter(
  (c) =>
    (!values.layer || values.layer.includes(c.layer)) && (!values.chunk || values.chunk.includes(c.name)),
);

const hash = inputsHash(root);
const paths = (c) => ({
  report: join(chunkDir, `${c.name}.json`),
  incremental: join(chunkDir, `${c.name}.incremental.json`),
  stamp: join(chunkDir, `${c.name}.inputs`),
  config: join(chunkDir, `${c.name}.stryker.mjs`),
});
/** The chunk's report is for these files and these inputs. */
const current = (c) => {
  const p = paths(c);
  if (!existsSync(p.report) || !existsSync(p.stamp)) return false;
  return readFileSync(p.stamp, 'utf8') === `${hash}\n${c.files.join('\n')}\n`;
};

if (values.list) {
  for (const c of all)
    console.log(`${c.name.padEnd(10)} ${current(c) ? 'current' : 'to run  '}  ${c.files.join(' ')}`);
  process.exit(0);
}

mkdirSync(chunkDir, { recursive: true });
if (values.fresh)
  for (const c of selected) for (const p of Object.values(paths(c))) rmSync(p, { force: true });

for (const [i, c] of (values.report ? [] : selected).entries()) {
  const label = `[${i + 1}/${selected.length}] ${c.name} (${c.files.length} files)`;
  if (current(c)) {
    console.log(`${label}: report is current, not run again`);
    continue;
  }
  console.log(`${label}: ${c.files.join(', ')}`);
  const p = paths(c);
  rmSync(p.stamp, { force: true });
  // The chunk's own config: the shared one with its files, its incremental file and its JSON report.
  const chunkOptions = {
    mutate: c.files,
    incremental: true,
    incrementalFile: p.incremental,
    reporters: ['json', 'progress-append-only'],
    jsonReporter: { fileName: p.report },
  };
  const base = pathToFileURL(join(root, 'mutation', 'stryker.config.mjs')).href;
  writeFileSync(
    p.config,
    `import base from ${JSON.stringify(base)};\nexport default { ...base, ...${JSON.stringify(chunkOptions)} };\n`,
  );
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'), 'run', p.config],
    { cwd: root, stdio: 'inherit' },
  );
  if (run.status !== 0) {
    console.error(`${c.name}: Stryker exited ${run.status ?? run.signal}`);
    process.exit(1);
  }
  writeFileSync(p.stamp, `${hash}\n${c.files.join('\n')}\n`);
}

// Merge every chunk that has a report (including ones not selected this time), and say which are missing.
const done = all.filter((c) => existsSync(paths(c).report));
const missing = all.filter((c) => !existsSync(paths(c).report));
if (done.length === 0) {
  console.error('no chunk has a report yet');
  process.exit(1);
}
const merged = mergeReports(
  done.map((c) => onlyFiles(JSON.parse(readFileSync(paths(c).report, 'utf8')), c.files)),
);
writeFileSync(join(out, 'mutation.json'), JSON.stringify(merged));
writeFileSync(join(out, 'mutation.html'), reportHtml(merged));

const scores = layerScores(merged);
console.log('\nmutation score per layer (killed + timed out over valid mutants; ignored left out)');
let failed = false;
// The layers asked for (--layer), else both; a layer not asked for is neither scored nor held against the run.
for (const layer of values.layer ?? LAYERS) {
  const m = scores.get(layer);
  const layerChunks = all.filter((c) => c.layer === layer);
  const stale = layerChunks.filter((c) => !current(c)).map((c) => c.name);
  const absent = missing.filter((c) => c.layer === layer).map((c) => c.name);
  if (!m) {
    console.log(`  ${layer.padEnd(7)} not run (chunks ${layerChunks.map((c) => c.name).join(', ')})`);
    failed = true;
    continue;
  }
  console.log(
    `  ${layer.padEnd(7)} ${m.mutationScore.toFixed(2).padStart(6)}%  ${m.totalMutants} mutants: killed ${m.killed}, timed out ${m.timeout}, survived ${m.survived}, no coverage ${m.noCoverage}, ignored ${m.ignored}${m.runtimeErrors + m.compileErrors ? `, errors ${m.runtimeErrors + m.compileErrors}` : ''}`,
  );
  if (absent.length > 0) {
    console.log(`          incomplete: chunks never run: ${absent.join(', ')}`);
    failed = true;
  } else if (stale.length > 0)
    console.log(`          from earlier inputs: ${stale.join(', ')} (run again to refresh)`);
  const valid = m.killed + m.timeout + m.survived + m.noCoverage;
  console.log(
    `          strict ${((100 * m.killed) / Math.max(1, valid)).toFixed(2)}% (timeouts counted as survivors)`,
  );
  if (m.mutationScore < TARGET) {
    console.log(`          under the ${TARGET}% target`);
    failed = true;
  }
}
console.log(`  report: ${join('reports', 'mutation', 'mutation.html')}`);
process.exit(failed ? 1 : 0);
