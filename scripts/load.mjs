// `npm run load:<name> [-- --target FILE] [k6 options]`: run load/<name>.ts with k6 when k6 is installed (on PATH,
// or K6_BIN); otherwise say how to install it and exit non-zero. The decision is in plain functions that
// load/node/launcher.test.ts tests; main() only runs when this file is the program.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { usageLine } from '../bin/command-line.mjs';

/** The k6 scripts in load/ (load/lib/scripts.ts lists the same; the launcher test checks they agree). */
export const scriptNames = ['platform-token-cap', 'rag-cap', 'kb-search-cap', 'soak', 'smoke'];

/** k6 runs TypeScript without flags from v0.57 on. */
export const minimumK6 = [0, 57, 0];

export const installUrl = 'https://grafana.com/docs/k6/latest/set-up/install-k6/';

/** What --help prints. */
export const usage = `Usage: npm run load:<script> -- [--target FILE] [k6 options]
       node scripts/load.mjs <${scriptNames.join('|')}> [--target FILE] [k6 options]

Runs load/<script>.ts with k6 (v${minimumK6.join('.')} or later, on PATH or K6_BIN) against the deployment of a target file;
without k6, says how to install it. The script's settings (PLAN, VUS, DURATION, …) come from the environment
(load/README.md).

Options:
  --target FILE   the target config (else TARGET_FILE, or BASE_URL, TOKEN, … in the environment)
  -h, --help      this text
  k6 options      anything else goes to \`k6 run\` as it is (e.g. --quiet; \`k6 run --help\` lists them)

Exit codes: k6's own (0 every threshold passed); 1 k6 is too old or could not be started; 2 a usage error;
127 k6 is not installed.`;

/** What to print when k6 is missing. */
export function installHelp(name) {
  return [
    `k6 is not installed: it is not on PATH (set K6_BIN to its path if it is elsewhere).`,
    `load/${name}.ts needs k6 v${minimumK6.join('.')} or later (it runs TypeScript directly). Install it: ${installUrl}`,
    '  macOS:          brew install k6',
    "  Debian/Ubuntu:  add Grafana's apt repository (commands on the page above), then: sudo apt-get install k6",
    '  Windows:        choco install k6    or    winget install k6 --source winget',
    `  Docker:         docker run --rm -i --network host -v "$PWD:/work" -w /work -e TARGET_FILE=/work/<target.json> grafana/k6 run load/${name}.ts`,
    'Without k6, the Node-side check runs the same cap scenarios: npm run load:node -- --target <target.json>',
  ].join('\n');
}

/** The first executable named `name` in the PATH list (with Windows' extensions when on Windows). */
export function findExecutable(
  name,
  pathEnv,
  { platform = process.platform, isExecutable = canExecute } = {},
) {
  const names = platform === 'win32' ? [`${name}.exe`, `${name}.cmd`, name] : [name];
  for (const dir of (pathEnv ?? '').split(platform === 'win32' ? ';' : delimiter)) {
    if (!dir) continue;
    for (const n of names) {
      const candidate = join(dir, n);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

function canExecute(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** [major, minor, patch] from `k6 version` output ("k6 v0.57.0 (…)" or "k6 v1.2.3"), or undefined. */
export function parseK6Version(output) {
  const m = /\bv?(\d+)\.(\d+)\.(\d+)/.exec(output ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

export function versionAtLeast(version, minimum) {
  for (let i = 0; i < 3; i += 1) {
    if (version[i] !== minimum[i]) return version[i] > minimum[i];
  }
  return true;
}

/**
 * What `node scripts/load.mjs <name> [--target FILE] [k6 options…]` should do.
 * Returns {action: 'run', command, args, env} or {action: 'fail', code, message}.
 */
export function plan({ argv, env, cwd, platform = process.platform, isExecutable = canExecute }) {
  const [name, ...rest] = argv;
  if (argv.includes('--help') || argv.includes('-h')) return { action: 'help', message: usage };
  if (!name || !scriptNames.includes(name)) {
    return {
      action: 'fail',
      code: 2,
      message: usageLine(
        'load',
        `${name ? `no load script ${name}` : 'no load script given'}: one of ${scriptNames.join(', ')}`,
      ),
    };
  }
  const k6Args = [];
  const childEnv = { ...env };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i];
    if (arg === '--target' || arg.startsWith('--target=')) {
      const value = arg === '--target' ? rest[++i] : arg.slice('--target='.length);
      if (!value) return { action: 'fail', code: 2, message: usageLine('load', '--target needs a FILE') };
      childEnv.TARGET_FILE = value;
    } else k6Args.push(arg);
  }
  // k6 resolves a relative open() path from the script, not from the shell: make it absolute, from the folder npm
  // was started in (INIT_CWD) when there is one.
  if (childEnv.TARGET_FILE && !isAbsolute(childEnv.TARGET_FILE)) {
    childEnv.TARGET_FILE = resolve(env.INIT_CWD || cwd, childEnv.TARGET_FILE);
  }
  const command = env.K6_BIN || findExecutable('k6', env.PATH ?? env.Path, { platform, isExecutable });
  if (!command) return { action: 'fail', code: 127, message: installHelp(name) };
  return { action: 'run', command, args: ['run', ...k6Args, join('load', `${name}.ts`)], env: childEnv };
}

function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const decision = plan({ argv: process.argv.slice(2), env: process.env, cwd: process.cwd() });
  if (decision.action === 'help') {
    console.log(decision.message);
    process.exit(0);
  }
  if (decision.action === 'fail') {
    console.error(decision.message);
    process.exit(decision.code);
  }
  const version = parseK6Version(spawnSync(decision.command, ['version'], { encoding: 'utf8' }).stdout);
  if (version && !versionAtLeast(version, minimumK6)) {
    console.error(
      `k6 v${version.join('.')} is too old: the load scripts need v${minimumK6.join('.')} or later (${installUrl})`,
    );
    process.exit(1);
  }
  mkdirSync(join(root, 'reports'), { recursive: true }); // handleSummary writes reports/load-<name>.json
  const child = spawnSync(decision.command, decision.args, {
    cwd: root,
    env: decision.env,
    stdio: 'inherit',
  });
  if (child.error) {
    console.error(`could not run ${decision.command}: ${child.error.message}`);
    process.exit(1);
  }
  process.exit(child.status ?? 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
