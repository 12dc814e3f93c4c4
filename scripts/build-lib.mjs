// `npm run build:lib` (also run by `prepare`, so `npm ci` builds it, and by the fake package's `prepack`): the fake's
// package, packages/fake/ (`chatbot-platform-fake`). Into its dist/: one ESM build with shared chunks of the library
// entries (lib/index.ts, lib/msw.ts, lib/contract.ts, lib/openai.ts, lib/anthropic.ts) and of the fake's process
// (fake-server/main.ts, for its `chatbot-fake`), every dependency bundled except those the client's own copy must be
// (zod and faker, whose types the declarations name; nock, which patches node:http for the whole process;
// write-file-atomic, CommonJS that reads its own __filename, required at run time by the state and target files) and the optional
// peers (msw, the official SDKs); the tokenizer's tables stay a chunk of their own, loaded by the first RAG request.
// Then the type declarations (tsc -p tsconfig.lib.json into dist/types/, re-exported by dist/{entry}.d.ts) and the
// knowledgebase fixture documents (packages/fake/fixtures/documents/, found from the bundle as ../fixtures/documents/).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine } from '../bin/command-line.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const fakePackage = join(root, 'packages', 'fake');
const out = join(fakePackage, 'dist');

/** The library's entries: `chatbot-platform-fake` and its subpaths. */
export const libraryEntries = ['index', 'msw', 'contract', 'openai', 'anthropic'];
/** What stays an import of the client's own node_modules. */
export const externalPackages = [
  'zod',
  '@faker-js/faker',
  '@faker-js/faker/*',
  'nock',
  'msw',
  'msw/*',
  'openai',
  'openai/*',
  '@anthropic-ai/sdk',
  '@anthropic-ai/sdk/*',
];

/** Build the bundle, then (unless `declarations` is false) the declarations. Throws on any failure. */
export async function buildLib({ declarations = true } = {}) {
  mkdirSync(out, { recursive: true });
  const { build } = await import('esbuild');
  const { metafile } = await build({
    metafile: true,
    absWorkingDir: root,
    entryPoints: {
      ...Object.fromEntries(libraryEntries.map((entry) => [entry, join(root, 'lib', `${entry}.ts`)])),
      'fake-server': join(root, 'fake-server', 'main.ts'),
    },
    outdir: out,
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: externalPackages,
    logLevel: 'warning',
    // Some bundled dependencies are CommonJS and call require(); give each ESM file one.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  // The chunks of an earlier build (their names are hashes of their content) would ship beside the new ones: removed
  // once the new files are written, so that a reader of dist/ never finds an entry missing. The declarations stay.
  const written = new Set(Object.keys(metafile.outputs).map((file) => resolve(root, file)));
  for (const file of readdirSync(out))
    if (file.endsWith('.js') && !written.has(join(out, file))) rmSync(join(out, file), { force: true });
  cpSync(join(root, 'fixtures', 'documents'), join(fakePackage, 'fixtures', 'documents'), {
    recursive: true,
  });
  if (!declarations) return;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.lib.json')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`tsc -p tsconfig.lib.json exited with ${result.status}`);
  for (const entry of libraryEntries) {
    writeFileSync(join(out, `${entry}.d.ts`), `export * from './types/lib/${entry}.js';\n`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = commandLine({
    name: 'build:lib',
    usage: `Usage: npm run build:lib [-- --bundle-only]

Builds the fake's package, packages/fake/ (chatbot-platform-fake): the library's entries and the fake's process as
one ESM build with shared chunks into packages/fake/dist/, the type declarations into packages/fake/dist/types/, and
the knowledgebase fixture documents into packages/fake/fixtures/documents/. Run by \`npm ci\` (prepare) and by the
fake package's prepack.

Options:
  --bundle-only   the bundles without the declarations (seconds faster)
  -h, --help      this text`,
    options: { 'bundle-only': { type: 'boolean' } },
  });
  try {
    await buildLib({ declarations: !values['bundle-only'] });
  } catch (err) {
    console.error(`build:lib: ${err.message}`);
    process.exit(1);
  }
}
