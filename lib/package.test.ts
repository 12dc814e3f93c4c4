/**
 * The two tarballs `npm pack` makes [LIB-PACKAGE-BINS]: the conformance package (the root, `chatbot-conformance` and
 * the suites), which depends on the fake's; and the fake's (packages/fake/, `chatbot-fake` and the library), bundles
 * only. Each holds what its bin and entries need, nothing else.
 */
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { conformanceFiles } from '../suites/target/conformance-files.js';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
const fakeRoot = `${root}/packages/fake`;
const fakePkg = JSON.parse(readFileSync(`${fakeRoot}/package.json`, 'utf8'));
let files: string[] = [];
let fakeFiles: string[] = [];

/** What `npm pack` would put in the tarball of the package in `cwd` (--ignore-scripts: the list only, no build). */
async function packed(cwd: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd,
  });
  return (JSON.parse(stdout) as [{ files: { path: string }[] }])[0].files.map((f) => f.path);
}

beforeAll(async () => {
  [files, fakeFiles] = await Promise.all([packed(root), packed(fakeRoot)]);
}, 60_000);

describe('the package [LIB-PACKAGE-BINS]', () => {
  it('[LIB-PACKAGE-BINS] both are installable; the conformance package declares chatbot-conformance, the fake package chatbot-fake, each an executable node script', () => {
    for (const [dir, manifest, shipped, bin] of [
      [root, pkg, files, { 'chatbot-conformance': 'bin/chatbot-conformance.mjs' }],
      [fakeRoot, fakePkg, fakeFiles, { 'chatbot-fake': 'bin/chatbot-fake.mjs' }],
    ] as const) {
      expect(manifest.private).toBeUndefined();
      expect(manifest.bin).toEqual(bin);
      for (const path of Object.values(manifest.bin) as string[]) {
        expect(shipped).toContain(path);
        expect(readFileSync(`${dir}/${path}`, 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
        expect(statSync(`${dir}/${path}`).mode & 0o111, path).not.toBe(0);
      }
    }
  });

  it('[LIB-PACKAGE-BINS] the fake package ships its bundles, their declarations and the fixture documents: no sources, no tests', () => {
    for (const path of [
      'dist/fake-server.js',
      'dist/index.js',
      'dist/msw.js',
      'dist/contract.js',
      'dist/index.d.ts',
    ])
      expect(fakeFiles, path).toContain(path);
    expect(fakeFiles.some((f) => f.startsWith('fixtures/documents/'))).toBe(true);
    const stray = fakeFiles.filter(
      (f) =>
        !/^(bin\/chatbot-fake\.mjs|dist\/.+\.(js|d\.ts)|fixtures\/documents\/.+|README\.md|package\.json)$/.test(
          f,
        ),
    );
    expect(stray).toEqual([]);
    expect(fakeFiles.filter((f) => /\.test\.|\.map$/.test(f))).toEqual([]);
  });

  it("[LIB-PACKAGE-BINS] the conformance package ships the suites and what they import, not the fake's bundles", () => {
    expect(files.filter((f) => f.startsWith('dist/'))).toEqual([]);
    for (const path of [
      'suites/runner/conformance.ts',
      'suites/reporting/clause-reporter.ts',
      'suites/properties/ranges.test-support.ts',
      'suites/platform/projects.test.ts',
      'contract/index.ts',
      'fake-server/index.ts',
      'recording/cassette.ts',
      'fixtures/knowledgebase.ts',
      'vitest.config.ts',
      'docs/qa-staging.md',
      // The bin's --shard and merge (docs/ci.md, "Sharded runs").
      'suites/runner/shard-run.ts',
      'suites/runner/merge.ts',
      'suites/target/shard-credentials.ts',
      'suites/reporting/compare-reports.ts',
      // The bin's --sensitivity puts the breaking proxy and its rules in front of the target.
      'broken/sensitivity.ts',
      'broken/rules/index.ts',
      'broken/file-switch.setup.ts',
    ])
      expect(files, path).toContain(path);
    expect(files.some((f) => f.startsWith('fixtures/documents/'))).toBe(true);
  });

  it('[LIB-PACKAGE-BINS] every relative import of a shipped source or conformance test file is shipped too', () => {
    const shipped = new Set(files);
    const runs = new Set(conformanceFiles(root));
    const missing: string[] = [];
    // The harness's own tests ship beside the suites but never run from the package (not in a QA run).
    const read = (f: string) =>
      f.endsWith('.ts') && !f.endsWith('.d.ts') && (!/\.test\.ts$/.test(f) || runs.has(f));
    for (const file of files.filter(read)) {
      const text = readFileSync(`${root}/${file}`, 'utf8');
      for (const [, spec] of text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)) {
        const target = posix.normalize(posix.join(posix.dirname(file), `${spec}.ts`));
        if (!shipped.has(target) && !shipped.has(target.replace(/\.ts$/, '.mjs')))
          missing.push(`${file} → ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('[LIB-PACKAGE-BINS] ships no tests of the fake, contract or recorder, and none of the other rooms (of the fuzzer, only what --fuzz runs)', () => {
    const stray = files.filter(
      (f) =>
        /^(fake-server|contract|recording|lib)\/.*\.test\.ts$/.test(f) ||
        /^fake-server\/.*\.test-support\.ts$/.test(f) ||
        /^suites\/reporting\/.*\.test\.ts$/.test(f) ||
        /^(bench|load|mutation|drift|examples|scripts|\.ci)\//.test(f) ||
        // The fuzzer against the run's target (--fuzz N) ships with the runner: its generators and its one test file,
        // none of the fuzzer's own tests.
        (/^fuzz\/.*\.test\.ts$/.test(f) && f !== 'fuzz/target/target.fuzz.test.ts') ||
        (f.startsWith('fuzz/') && !/^fuzz\/(target|arbitraries)\/|^fuzz\/(case|context)\.ts$/.test(f)) ||
        /^broken\/.*\.test\.ts$/.test(f) ||
        f === 'broken/prove.ts' ||
        f.startsWith('fixtures/cassettes/'),
    );
    expect(stray).toEqual([]);
  });

  it('[LIB-PACKAGE-BINS] the packages the shipped suites import are dependencies, not devDependencies (the empty-project run in CI checks they resolve)', () => {
    expect(pkg.dependencies['chatbot-platform-fake']).toBe(fakePkg.version);
    for (const dep of [
      'vitest',
      'fast-check',
      'openai',
      '@anthropic-ai/sdk',
      'eventsource-parser',
      'tsx',
      'zod',
    ]) {
      expect(pkg.dependencies[dep], dep).toBeDefined();
      expect(pkg.devDependencies[dep], dep).toBeUndefined();
    }
  });
});
