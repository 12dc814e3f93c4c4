// The layering rules (issue 16), checked in CI by `npm run layering` (dependency-cruiser). A rule broken is an error.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles between files: each file can be read after the ones it imports.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment:
        'No import circles between folders (fake-server/rag and fake-server/domain, say): rooms do not lean on each other.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-only-zod',
      severity: 'error',
      comment:
        'contract/ is the shared contract: it imports only itself and zod, so both halves can depend on it.',
      from: { path: '^contract/' },
      to: { pathNot: ['^contract/', '^node_modules/zod/'] },
    },
    {
      name: 'domain-imports-no-koa',
      severity: 'error',
      comment:
        'The domain layer knows no HTTP framework: Koa stays in fake-server/http and fake-server/control.',
      from: { path: '^fake-server/domain/' },
      to: { path: '^node_modules/(koa|koa-[^/]+|@koa/[^/]+)/' },
    },
    {
      name: 'suites-reach-the-fake-through-one-adapter',
      severity: 'error',
      comment: 'The suites check any deployment: only suites/target/in-process.ts imports the fake.',
      from: { path: '^suites/', pathNot: '^suites/target/in-process\\.ts$' },
      to: { path: '^fake-server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules may be a symlink (a worktree or a scratch copy): its packages still count as node_modules/….
    preserveSymlinks: true,
    // Tests of the fake, the contract and the tools may reach across rooms; the suites' tests are the product.
    exclude: { path: ['^(dist|\\.build|reports)/', '^(?!suites/).*\\.test(-support)?\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
