/**
 * `npm start` and the package's `chatbot-fake`: the fake with default fixtures on 127.0.0.1:4010; writes
 * reports/fake-target.json. Every option is a flag and an environment variable (start-options.ts, `--help`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RANDOM_SECRET, randomSecret, unsafeOnNetwork } from './admin/secret.js';
import { answerClientErrorsWithEnvelope } from './http/client-error.js';
import {
  createFakeServer,
  DEFAULT_CORS_ORIGINS,
  type FakeServer,
  type FakeServerOptions,
  StateFileError,
} from './index.js';
import { type StartSettings, startHelp, startSettings } from './start-options.js';

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

server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const target = fake.targetConfig(`http://${host}:${actualPort}`);
  const file = settings.targetFile;
  const ms = Math.round(process.uptime() * 1000);
  const kept = fake.persistence;
  console.log(
    [
      `Chatbot Platform fake listening on http://${host}:${actualPort} (seed ${fake.runtime.options.seed}, ready ${ms} ms after process start)`,
      ...(kept
        ? [`  state file    ${kept.file} (${kept.resumed ? 'resumed from it' : 'created from the seed'})`]
        : []),
      `  base_url      ${target.base_url}`,
      `  org_base_url  ${target.org_base_url}`,
      `  control API   ${target.control?.url} (header x-control-secret)`,
      ...(settings.adminSecret === RANDOM_SECRET
        ? [`  admin secret  ${adminSecret} (made at random for this start; also in the target config)`]
        : []),
      `  owner token   ${target.tokens.owner}`,
      `  project key   ${target.project_key}`,
      `  rate window   ${fake.runtime.domain.limiter.window().ms} ms, ${fake.runtime.domain.limiter.window().mode}`,
      ...(variant.length > 0 ? [`  variant       ${variant.join(', ')}`] : []),
      `  CORS origins  ${(corsOrigins ?? DEFAULT_CORS_ORIGINS).join(', ')}`,
      `  target config ${file}`,
    ].join('\n'),
  );
  // Written after the banner: whoever waits for the file (fake-server/process.ts) has the banner too.
  mkdirSync(dirname(resolve(file)), { recursive: true }); // relative to the working directory, or absolute
  writeFileSync(file, `${JSON.stringify(target, null, 2)}\n`);
});

/**
 * SIGTERM or SIGINT (FAKE-HEALTH): no new connection is taken, requests in flight finish and get their answers, idle
 * kept-alive connections close, then the state file is flushed and the process exits 0. A connection still busy
 * after 10 s is cut, so an orchestrator's stop never hangs.
 */
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close(() => {
    // A clean stop keeps the clock's time too (a ticking clock is otherwise saved at each write only).
    try {
      fake.persistence?.save();
    } catch (err) {
      console.error(`${program}: could not save the state file: ${(err as Error).message}`);
    }
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 10_000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
