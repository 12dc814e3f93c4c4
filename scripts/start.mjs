// `npm start`: run the fake from one bundled file in .build/, rebuilt with esbuild whenever a source file is newer.
// Starting from a bundle with plain node is what keeps the fake ready in well under a second.
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildFakeBundle } from './fake-bundle.mjs';

// The parent at start: a wrapper (npm's shell) that goes away while the bundle is built leaves nothing to start.
const parent = process.ppid;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.build', 'fake-server.mjs');
const sourceDirs = ['fake-server', 'contract', 'fixtures'].map((d) => join(root, d));

/** Newest modification time among the TypeScript sources the fake is built from (tests excluded). */
function newestSource() {
  // The lock file and this script count too: a new dependency or build option means a new bundle.
  let newest = Math.max(
    statSync(join(root, 'package-lock.json')).mtimeMs,
    statSync(fileURLToPath(import.meta.url)).mtimeMs,
  );
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        newest = Math.max(newest, statSync(path).mtimeMs);
      }
    }
  };
  for (const dir of sourceDirs) walk(dir);
  return newest;
}

function builtAt() {
  try {
    return statSync(out).mtimeMs;
  } catch {
    return 0;
  }
}

// --rebuild is this script's own flag; every other argument is the fake's (fake-server/start-options.ts).
const rebuild = process.argv.includes('--rebuild');
process.argv = process.argv.filter((arg) => arg !== '--rebuild');
if (rebuild || builtAt() < newestSource()) {
  mkdirSync(dirname(out), { recursive: true });
  await buildFakeBundle(out, join(root, 'fake-server', 'main.ts'));
}

if (parent > 1 && process.ppid !== parent) {
  console.error('npm start: its parent process went away while the bundle was built: not started');
  process.exit(0);
}
// In this process (no child to forward signals to): the bundle stops on SIGTERM and SIGINT, and when this process's
// parent goes away (fake-server/graceful-stop.ts).
await import(pathToFileURL(out).href);
