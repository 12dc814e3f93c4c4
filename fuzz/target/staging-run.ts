/**
 * `npx tsx fuzz/target/staging-run.ts [--planted] -- RUNNER_ARGS...`: the fake presented as staging (started as
 * `npm start` does, its target file without the control API, kind "real", provider states kept, everything allowed:
 * suites/runner/staging-target.ts), with `--planted` behind a proxy that answers 500 when the model calls a declared
 * tool whose name is not a string (planted.ts), then the conformance runner against it with RUNNER_ARGS (e.g.
 * `--fuzz 2000 --out DIR fuzz/target`). How the fuzzer's done-when of issue 40 is measured; exits with the runner's
 * code. The staging target file is written to a temporary folder, printed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startFake, stop } from '../../bench/processes.js';
import { commandLine, usageError } from '../../bin/command-line.mjs';
import { startBreakingProxy } from '../../broken/proxy.js';
import { asStaging } from '../../contract/target-config.js';
import { plantedRule } from './planted.js';

const ROOT = resolve(import.meta.dirname, '../..');

const main = async (): Promise<number> => {
  const { values, positionals: runnerArgs } = commandLine({
    name: 'staging-run',
    usage: `Usage: npx tsx fuzz/target/staging-run.ts [--planted] -- RUNNER_ARGS...

Starts the fake presented as staging (its target file without the control API, kind "real", provider states kept,
everything allowed), with --planted behind a proxy that answers 500 when the model calls a declared tool whose name
is not a string, then the conformance runner against it with RUNNER_ARGS (after --, e.g. --fuzz 2000 --out DIR
fuzz/target). Exits with the runner's code; 2 on a usage error.

Options:
  --planted    the planted 500 in front of the fake
  -h, --help   this text`,
    options: { planted: { type: 'boolean' } },
    allowPositionals: true,
  });
  const planted = values.planted === true;
  if (runnerArgs.includes('--target') || runnerArgs.includes('-t'))
    usageError('staging-run', 'the target is the fake presented as staging: give no --target');
  const dir = mkdtempSync(join(tmpdir(), 'fuzz-staging-'));
  const fake = await startFake(await freePort(), join(dir, 'fake-target.json'));
  const proxy = planted ? await startBreakingProxy(asStaging(fake.target, true)) : undefined;
  try {
    proxy?.use(plantedRule);
    const staging = proxy?.config ?? asStaging(fake.target, true);
    const targetFile = join(dir, 'staging.json');
    writeFileSync(
      targetFile,
      `${JSON.stringify({ ...staging, name: `${staging.name}${planted ? ', planted 500' : ''}` }, null, 2)}\n`,
    );
    process.stdout.write(
      `staging-run: ${planted ? 'planted proxy in front of ' : ''}the fake as staging: ${targetFile}\n`,
    );
    return await new Promise<number>((done) => {
      const child = spawn(
        join(ROOT, 'node_modules', '.bin', 'tsx'),
        [join(ROOT, 'suites/runner/conformance.ts'), '--target', targetFile, ...runnerArgs],
        { stdio: 'inherit' },
      );
      child.on('exit', (code) => done(code ?? 1));
    });
  } finally {
    await proxy?.close();
    await stop(fake);
  }
};

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`staging-run: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
