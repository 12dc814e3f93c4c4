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
import { startBreakingProxy } from '../../broken/proxy.js';
import { asStaging } from '../../contract/target-config.js';
import { plantedRule } from './planted.js';

const ROOT = resolve(import.meta.dirname, '../..');

const main = async (): Promise<number> => {
  const args = process.argv.slice(2);
  const planted = args[0] === '--planted';
  const rest = args.slice(planted ? 1 : 0);
  const runnerArgs = rest[0] === '--' ? rest.slice(1) : rest;
  if (runnerArgs.includes('--target') || runnerArgs.includes('-t')) {
    process.stderr.write('staging-run: the target is the fake presented as staging: give no --target\n');
    return 2;
  }
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
