/**
 * The options of `npm start` and `chatbot-fake` (FAKE-START-OPTIONS): one table, each option a flag and an environment
 * variable; the flag wins. The values are checked here, so a wrong one stops the start with one line naming it.
 */
import { parseArgs } from 'node:util';
import { corsOriginsFromStart } from './cors-start-option.js';
import { rateWindowFromEnv } from './rate-window-env.js';
import { variantFromEnv } from './variant/axes.js';

type Env = Record<string, string | undefined>;

/** The target file when none is given (relative to the working directory). */
export const DEFAULT_TARGET_FILE = 'reports/fake-target.json';
/** The default's name when another running fake owns the default file (fake-server/target-file.ts). */
const PER_PORT_TARGET_FILE = 'reports/fake-target-PORT.json';

/** One option: its flag (without `--`), its variable, the value it takes and what it does. */
export interface StartOption {
  readonly flag: string;
  readonly env: string;
  readonly value: string;
  readonly help: string;
}

export const START_OPTIONS = [
  { flag: 'port', env: 'PORT', value: 'N', help: 'port to listen on, 0 for any free one (default 4010)' },
  { flag: 'host', env: 'HOST', value: 'HOST', help: 'address to listen on (default 127.0.0.1)' },
  {
    flag: 'seed',
    env: 'FAKE_SEED',
    value: 'N',
    help: 'seed of the fixtures: ids, tokens, sessions (default 1)',
  },
  {
    flag: 'state',
    env: 'FAKE_STATE_FILE',
    value: 'FILE',
    help: 'keep the state in FILE across restarts: resumed from it, or seeded and FILE created',
  },
  {
    flag: 'target-file',
    env: 'FAKE_TARGET_FILE',
    value: 'FILE',
    help: `where the target config is written (default ${DEFAULT_TARGET_FILE}, or ${PER_PORT_TARGET_FILE} while another running fake owns it)`,
  },
  {
    flag: 'advertise-url',
    env: 'FAKE_ADVERTISE_URL',
    value: 'URL',
    help: 'origin written into the banner and the target file instead of the bound address, e.g. http://myhost:4010 (for --host 0.0.0.0)',
  },
  {
    flag: 'clock',
    env: 'FAKE_CLOCK',
    value: 'ticking|frozen',
    help: 'virtual time ticks with real time, or stands still until the control API moves it (default ticking)',
  },
  {
    flag: 'rate-window-ms',
    env: 'FAKE_RATE_WINDOW_MS',
    value: 'MS',
    help: 'length of the rate-limit window, at least 1000 (default one hour)',
  },
  {
    flag: 'rate-window',
    env: 'FAKE_RATE_WINDOW',
    value: 'fixed|sliding',
    help: 'kind of window (default fixed)',
  },
  {
    flag: 'variant',
    env: 'FAKE_VARIANT',
    value: 'all|AXES',
    help: 'the variant fake: every axis, or a comma-separated list (docs/qa-staging.md: Variant mode)',
  },
  {
    flag: 'cors-origins',
    env: 'FAKE_CORS_ORIGINS',
    value: 'LIST',
    help: 'page origins a browser may call it from, comma-separated (default: localhost pages)',
  },
  {
    flag: 'admin-secret',
    env: 'FAKE_ADMIN_SECRET',
    value: 'SECRET',
    help: 'the control API secret; `random` for a fresh one (printed once); required off loopback',
  },
  { flag: 'base-path', env: 'FAKE_BASE_PATH', value: 'PATH', help: 'path the API is served under' },
  {
    flag: 'org-base-path',
    env: 'FAKE_ORG_BASE_PATH',
    value: 'PATH',
    help: 'path the organization API is served under',
  },
] as const satisfies readonly StartOption[];

/** What `--help` prints for a program called `name`. */
export function startHelp(name: string): string {
  const width = Math.max(...START_OPTIONS.map((o) => `--${o.flag} ${o.value}`.length));
  return [
    `Usage: ${name} [options]`,
    '',
    'Starts the stateful fake of the Chatbot Platform Public API with seeded data, and writes its target config',
    '(base URLs, tokens, project key, control API) for the conformance runner.',
    '',
    'Options (each also read from the environment variable beside it; the flag wins):',
    ...START_OPTIONS.map((o) => `  ${`--${o.flag} ${o.value}`.padEnd(width)}  ${o.env.padEnd(19)} ${o.help}`),
    `  ${'-h, --help'.padEnd(width)}  ${''.padEnd(19)} show this help`,
    '',
    `Target file: ${DEFAULT_TARGET_FILE} unless it names another fake still running (its pid alive and its`,
    `/_health answering); then ${PER_PORT_TARGET_FILE}, said in one line. A file given with --target-file is`,
    'written whoever it named (one line says so). It is rewritten after every control reset and state import, and',
    'left in place at the stop. docs/fake-process.md has the details.',
    '',
    'Stopping: SIGINT or SIGTERM, sent to this process or to its wrapper (npm, a shell), or the wrapper going away:',
    'no new connection, requests in flight answered, then exit 0 (a connection still busy after 10 s is cut).',
    '',
    'Exit codes:',
    '  0  stopped by SIGINT or SIGTERM, or its parent process gone (the state file, if any, saved)',
    '  2  an unknown option or a value not accepted, a state file that is not a snapshot, or a target file that',
    '     cannot be written',
    '  3  cannot listen: the port is in use or not allowed',
    '  4  refused: --host is not loopback and the admin secret is the published default (give --admin-secret)',
  ].join('\n');
}

/** The settings of one start, checked. */
export interface StartSettings {
  readonly help: boolean;
  readonly port: number;
  readonly host: string;
  readonly seed: number;
  readonly state: string | undefined;
  readonly targetFile: string;
  /** Whether the target file was given (--target-file, FAKE_TARGET_FILE) rather than the default. */
  readonly targetFileGiven: boolean;
  /** The origin to advertise (--advertise-url), normalised: scheme, host and port, no trailing slash. */
  readonly advertiseUrl: string | undefined;
  readonly frozenClock: boolean;
  readonly rateWindow: ReturnType<typeof rateWindowFromEnv>;
  readonly variant: ReturnType<typeof variantFromEnv>;
  readonly corsOrigins: string[] | undefined;
  readonly adminSecret: string | undefined;
  readonly basePath: string | undefined;
  readonly orgBasePath: string | undefined;
}

const wholeNumber = (name: string, text: string, max: number): number => {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0 || n > max)
    throw new Error(`${name}=${text}: a whole number from 0 to ${max}`);
  return n;
};

/** An http(s) origin (a trailing slash allowed): what --advertise-url takes. */
const origin = (name: string, text: string): string => {
  const refused = new Error(`${name}=${text}: an http or https origin such as http://myhost:4010 (no path)`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refused;
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && !url.username && !url.password;
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || text.includes('?')) throw refused;
  return url.origin;
};

const nonEmpty = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);

/**
 * The settings from the command line and the environment; throws an Error saying what is wrong, naming the flag
 * when the value came from one.
 */
export function startSettings(argv: readonly string[], env: Env): StartSettings {
  const flags: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const o of START_OPTIONS) flags[o.flag] = { type: 'string' };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...argv], options: flags, allowPositionals: false, strict: true }));
  } catch (err) {
    // A flag without its value (at the end, or followed by another flag): said in the table's words.
    const flag = /'--([a-z-]+)/.exec((err as Error).message)?.[1];
    const option = START_OPTIONS.find((o) => o.flag === flag);
    if ((err as { code?: string }).code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option)
      throw new Error(`--${option.flag} needs a value: --${option.flag} ${option.value}`);
    throw err;
  }
  const merged: Env = { ...env };
  const named = new Map<string, string>();
  for (const o of START_OPTIONS) {
    const given = values[o.flag];
    if (typeof given !== 'string') continue;
    if (given === '' || given.startsWith('--'))
      throw new Error(`--${o.flag} needs a value: --${o.flag} ${o.value}`);
    merged[o.env] = given;
    named.set(o.env, `--${o.flag}`);
  }
  const nameOf = (envName: string) => named.get(envName) ?? envName;
  try {
    const clock = nonEmpty(merged.FAKE_CLOCK) ?? 'ticking';
    if (clock !== 'ticking' && clock !== 'frozen')
      throw new Error(`${nameOf('FAKE_CLOCK')}=${clock}: ticking or frozen`);
    return {
      help: values.help === true,
      port: wholeNumber(nameOf('PORT'), nonEmpty(merged.PORT) ?? '4010', 65_535),
      host: nonEmpty(merged.HOST) ?? '127.0.0.1',
      seed: wholeNumber(nameOf('FAKE_SEED'), nonEmpty(merged.FAKE_SEED) ?? '1', Number.MAX_SAFE_INTEGER),
      state: nonEmpty(merged.FAKE_STATE_FILE),
      targetFile: nonEmpty(merged.FAKE_TARGET_FILE) ?? DEFAULT_TARGET_FILE,
      targetFileGiven: nonEmpty(merged.FAKE_TARGET_FILE) !== undefined,
      advertiseUrl:
        nonEmpty(merged.FAKE_ADVERTISE_URL) === undefined
          ? undefined
          : origin(nameOf('FAKE_ADVERTISE_URL'), merged.FAKE_ADVERTISE_URL as string),
      frozenClock: clock === 'frozen',
      rateWindow: rateWindowFromEnv(merged),
      variant: variantFromEnv(merged),
      corsOrigins: corsOriginsFromStart(nameOf('FAKE_CORS_ORIGINS'), merged.FAKE_CORS_ORIGINS),
      adminSecret: nonEmpty(merged.FAKE_ADMIN_SECRET),
      basePath: nonEmpty(merged.FAKE_BASE_PATH),
      orgBasePath: nonEmpty(merged.FAKE_ORG_BASE_PATH),
    };
  } catch (err) {
    // The parsers of the variables name the variable; a value given as a flag is named by its flag.
    let message = (err as Error).message;
    for (const [envName, flag] of named) message = message.replace(envName, flag);
    throw new Error(message);
  }
}
