// The fake as one bundled file (fake-server/main.ts with esbuild): `npm start` builds it into .build/ when a source is
// newer (the fake's package builds its own, with the library, in scripts/build-lib.mjs). It sits one folder below the
// repository's root, where fake-server/main.ts finds ../fixtures/documents/.

/** Build the bundle into `outfile`; throws on a build error. */
export async function buildFakeBundle(outfile, entry) {
  const { build } = await import('esbuild'); // only when a build is due: loading it costs startup time
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // The tokenizer's encoding tables are megabytes of JavaScript that only the first RAG request needs
    // (fake-server/rag/tokens.ts imports them lazily): left out of the bundle, node loads them from
    // node_modules on that request instead of parsing them at every start.
    external: ['gpt-tokenizer'],
    // Some dependencies are CommonJS and call require(); give the ESM bundle one.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
}
