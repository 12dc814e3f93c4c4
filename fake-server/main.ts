/**
 * `npm start` and the package's `chatbot-fake`: the fake with default fixtures on 127.0.0.1:4010; writes its target
 * config into reports/fake-target.json (target-file.ts says when another file). Every option is a flag and an
 * environment variable (start-options.ts, `--help`). How it stops: graceful-stop.ts; docs/fake-process.md.
 */
import { createServer } from 'node:http';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RANDOM_SECRET, randomSecret, unsafeOnNetwork } from './admin/secret.js';
import { addressesOf } from './advertise.js';
import { stopGracefully } from './graceful-stop.js';
import { answerClientErrorsWithEnvelope } from './http/client-error.js';
import { HEALTH_PATH } from './http/health.js';
import {
  createFakeServer,
  DEFAULT_CORS_ORIGINS,
  type FakeServer,
  type FakeServerOptions,
  StateFileError,
} from './index.js';
import { type StartSettings, startHelp, startSettings } from './start-options.js';
import { chooseTargetFile, rewriteTargetFile, writeTargetFile } from './target-file.js';

// `chatbot-fake` (the package's bin) or `npm start`: the name its messages go by.
const program = basename(process.argv[1] ?? '').startsWith('chatbot-fake') ? 'chatbot-fake' : 'npm start';
let settings: StartSettings;
try {
  settings = startSettings(process.argv.slice(2), process.env);
} catch (err) {
  console.error(`${program}: ${(err as Error).message} (--help lists the options)`);
  process.exit(2);
}
if (settings.help) {
  console.log(startHelp(program === 'npm start' ? 'npm start --' : program));
  process.exit(0);
}
const { port, host, variant, corsOrigins } = settings;
// --admin-secret random: a fresh secret, printed once below and written into the target file (FAKE-ADMIN-SECRET-SAFE).
const adminSecret = settings.adminSecret === RANDOM_SECRET ? randomSecret() : settings.adminSecret;
// Off loopback the control API must not answer to the published default: one line and exit 4, nothing started.
const unsafe = unsafeOnNetwork(host, adminSecret);
if (unsafe) {
  console.error(`${program}: ${unsafe}`);
  process.exit(4);
}
const options: FakeServerOptions = {
  seed: settings.seed,
  // Resolved from this file, so it holds both from the sources and from the bundles in .build/ and dist/.
  documentsDir: fileURLToPath(new URL('../fixtures/documents/', import.meta.url)),
  // Virtual time ticks with real time here (--clock frozen stops it); the control API can still jump ahead.
  ...(settings.frozenClock ? {} : { wallClock: () => performance.now() }),
  ...(adminSecret !== undefined ? { adminSecret } : {}),
  ...(settings.basePath !== undefined ? { basePath: settings.basePath } : {}),
  ...(settings.orgBasePath !== undefined ? { orgBasePath: settings.orgBasePath } : {}),
  // --rate-window-ms / --rate-window: e.g. a one-minute window so real-time cap runs are short.
  rateWindow: settings.rateWindow,
  ...(variant.length > 0 ? { variant } : {}),
  // --state FILE: resumed from FILE, or seeded and FILE created (FAKE-STATE-FILE).
  ...(settings.state !== undefined ? { state: settings.state } : {}),
  ...(corsOrigins !== undefined ? { corsOrigins } : {}),
};
let fake: FakeServer;
try {
  fake = createFakeServer(options);
} catch (err) {
  // A state file that is not a valid snapshot: said on one line, and the file is left as it is.
  if (!(err instanceof StateFileError)) throw err;
  console.error(`${program}: ${err.message}`);
  process.exit(2);
}
const server = createServer(fake.app.callback());
answerClientErrorsWithEnvelope(server);

// A port in use or not allowed: one line and exit 3, before any target file is written (FAKE-START-OPTIONS).
server.on('error', (err: NodeJS.ErrnoException) => {
  const why =
    err.code === 'EADDRINUSE'
      ? 'the port is in use (--port N, 0 for any free one)'
      : err.code === 'EACCES'
        ? 'the port is not allowed (--port N, 0 for any free one)'
        : err.message;
  console.error(`${program}: cannot listen on ${host}:${port}: ${why}`);
  process.exit(3);
});

server.listen(port, host, async () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const addresses = addressesOf(host, actualPort, settings.advertiseUrl);
  const target = () => fake.targetConfig(addresses.advertised);
  const record = { pid: process.pid, health_url: `${addresses.local}${HEALTH_PATH}` };
  // The default file is not taken from a fake still running; a given one is written whoever it named (FAKE-TARGET-FILE).
  const { file, note } = await chooseTargetFile(settings.targetFile, settings.targetFileGiven, actualPort);
  const config = target();
  const ms = Math.round(process.uptime() * 1000);
  const kept = fake.persistence;
  console.log(
    [
      `Chatbot Platform fake listening on ${addresses.bound} (seed ${fake.runtime.options.seed}, ready ${ms} ms after process start)`,
      ...(kept
        ? [`  state file    ${kept.file} (${kept.resumed ? 'resumed from it' : 'created from the seed'})`]
        : []),
      `  base_url      ${config.base_url}`,
      `  org_base_url  ${config.org_base_url}`,
      `  control API   ${config.control?.url} (header x-control-secret)`,
      ...(settings.adminSecret === RANDOM_SECRET
        ? [`  admin secret  ${adminSecret} (made at random for this start; also in the target config)`]
        : []),
      `  owner token   ${config.tokens.owner}`,
      `  project key   ${config.project_key}`,
      `  rate window   ${fake.runtime.domain.limiter.window().ms} ms, ${fake.runtime.domain.limiter.window().mode}`,
      ...(variant.length > 0 ? [`  variant       ${variant.join(', ')}`] : []),
      `  CORS origins  ${(corsOrigins ?? DEFAULT_CORS_ORIGINS).join(', ')}`,
      `  target config ${file} (rewritten after each control reset or state import)`,
      ...[addresses.note, note].filter((line) => line !== undefined).map((line) => `${program}: ${line}`),
    ].join('\n'),
  );
  // Written after the banner: whoever waits for the file (fake-server/process.ts) has the banner too.
  try {
    writeTargetFile(file, config, record);
  } catch (err) {
    console.error(`${program}: cannot write the target file ${file}: ${(err as Error).message}`);
    process.exit(2);
  }
  // A reset or an imported state changes every token and uid: the file follows, while it still names this fake.
  fake.runtime.onReplaced(() => {
    try {
      if (rewriteTargetFile(file, target(), record) === 'not ours')
        console.error(
          `${program}: ${file} now names another fake: not rewritten (GET /_control/target gives this one's)`,
        );
    } catch (err) {
      console.error(`${program}: could not rewrite ${file}: ${(err as Error).message}`);
    }
  });
});

// A reader of the output that went away (a closed pipe) must not stop the fake, nor its graceful stop.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
}
// SIGTERM, SIGINT or the parent gone, whoever got the signal (FAKE-PROCESS-STOP, FAKE-HEALTH): requests in flight are
// answered, then the state file is flushed and the process exits 0.
stopGracefully(server, {
  say: (line) => console.error(`${program}: ${line}`),
  onClosed: () => {
    // A clean stop keeps the clock's time too (a ticking clock is otherwise saved at each write only).
    try {
      fake.persistence?.save();
    } catch (err) {
      console.error(`${program}: could not save the state file: ${(err as Error).message}`);
    }
  },
});
