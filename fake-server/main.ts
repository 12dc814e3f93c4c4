/**
 * `npm start` and the package's `chatbot-fake`: the fake with default fixtures on 127.0.0.1:4010; writes
 * reports/fake-target.json. Every option is a flag and an environment variable (start-options.ts, `--help`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
const options: FakeServerOptions = {
  seed: settings.seed,
  // Resolved from this file, so it holds both from the sources and from the bundles in .build/ and dist/.
  documentsDir: fileURLToPath(new URL('../fixtures/documents/', import.meta.url)),
  // Virtual time ticks with real time here (--clock frozen stops it); the control API can still jump ahead.
  ...(settings.frozenClock ? {} : { wallClock: () => performance.now() }),
  ...(settings.adminSecret !== undefined ? { adminSecret: settings.adminSecret } : {}),
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

const stop = () => {
  // A clean stop keeps the clock's time too (a ticking clock is otherwise saved at each write only).
  try {
    fake.persistence?.save();
  } catch (err) {
    console.error(`${program}: could not save the state file: ${(err as Error).message}`);
  }
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
