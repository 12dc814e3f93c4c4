// `npm run build:lib` (also run by `prepare`, so `npm ci` and `npm pack` build it): the fake's bundle for `chatbot-fake`
// (dist/fake-server.mjs), the library entry points lib/index.ts, lib/msw.ts and lib/contract.ts as ESM bundles,
// dist/lib/{index,msw,contract}.js, that import their dependencies from node_modules, and their type declarations
// (tsc -p tsconfig.lib.json into dist/lib/types/, re-exported by dist/lib/{index,msw,contract}.d.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFakeBundle } from './fake-bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'lib');

/** Build the bundle, then (unless `declarations` is false) the declarations. Throws on any failure. */
export async function buildLib({ declarations = true } = {}) {
  mkdirSync(out, { recursive: true });
  const { build } = await import('esbuild');
  await build({
    // Three entries, each its own bundle: `.` (never imports msw, an optional peer), `./msw` (chatbotApiHandlers) and
    // `./contract` (the API's schemas and types for client code).
    entryPoints: [
      join(root, 'lib', 'index.ts'),
      join(root, 'lib', 'msw.ts'),
      join(root, 'lib', 'contract.ts'),
    ],
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies stay imports: the package's own `dependencies` provide them (nock patches node:http itself).
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The fake for the package's `chatbot-fake` (bin/chatbot-fake.mjs): its own bundle, dependencies included.
  await buildFakeBundle(join(root, 'dist', 'fake-server.mjs'), join(root, 'fake-server', 'main.ts'));
  if (!declarations) return;
  rmSync(join(out, 'types'), { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.lib.json')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`tsc -p tsconfig.lib.json exited with ${result.status}`);
  for (const entry of ['index', 'msw', 'contract']) {
    writeFileSync(join(out, `${entry}.d.ts`), `export * from './types/lib/${entry}.js';\n`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    // --bundle-only: the bundle without the declarations (seconds faster; the library's own test uses it).
    await buildLib({ declarations: !process.argv.includes('--bundle-only') });
  } catch (err) {
    console.error(`build:lib: ${err.message}`);
    process.exit(1);
  }
}
