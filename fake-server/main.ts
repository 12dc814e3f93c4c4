/**
 * `npm start`: the fake with default fixtures on 127.0.0.1:4010 (PORT overrides); writes reports/fake-target.json.
 * `npm start -- --state FILE` keeps its state in FILE across restarts (FAKE-STATE-FILE).
 * `npm start -- --cors-origins LIST` (or FAKE_CORS_ORIGINS) sets the page origins a browser may call it from (FAKE-CORS).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corsOriginsFromStart } from './cors-start-option.js';
import { answerClientErrorsWithEnvelope } from './http/client-error.js';
import {
  createFakeServer,
  DEFAULT_CORS_ORIGINS,
  type FakeServer,
  type FakeServerOptions,
  StateFileError,
} from './index.js';
import { stateFileFromArgv } from './persistence/state-argument.js';
import { rateWindowFromEnv } from './rate-window-env.js';
import { variantFromEnv } from './variant/axes.js';

const port = Number(process.env.PORT ?? 4010);
const host = process.env.HOST ?? '127.0.0.1';
const seed = Number(process.env.FAKE_SEED ?? 1);
let rateWindow: ReturnType<typeof rateWindowFromEnv>;
let state: string | undefined;
let variant: ReturnType<typeof variantFromEnv>;
let corsOrigins: string[] | undefined;
try {
  rateWindow = rateWindowFromEnv(process.env);
  // FAKE_VARIANT=all, or a comma-separated list of axes (FAKE-VARIANT); an unknown axis: one line, exit 2.
  variant = variantFromEnv(process.env);
  state = stateFileFromArgv(process.argv.slice(2));
  // --cors-origins LIST or FAKE_CORS_ORIGINS: the pages a browser may call the fake from (FAKE-CORS).
  corsOrigins = corsOriginsFromStart(process.argv.slice(2), process.env);
} catch (err) {
  console.error(`npm start: ${(err as Error).message}`);
  process.exit(2);
}
const options: FakeServerOptions = {
  seed,
  // Resolved from this file, so it holds both from the sources and from the bundle in .build/.
  documentsDir: fileURLToPath(new URL('../fixtures/documents/', import.meta.url)),
  // Virtual time ticks with real time here (FAKE_CLOCK=frozen stops it); the control API can still jump ahead.
  ...(process.env.FAKE_CLOCK === 'frozen' ? {} : { wallClock: () => performance.now() }),
  ...(process.env.FAKE_ADMIN_SECRET ? { adminSecret: process.env.FAKE_ADMIN_SECRET } : {}),
  ...(process.env.FAKE_BASE_PATH ? { basePath: process.env.FAKE_BASE_PATH } : {}),
  ...(process.env.FAKE_ORG_BASE_PATH ? { orgBasePath: process.env.FAKE_ORG_BASE_PATH } : {}),
  // FAKE_RATE_WINDOW_MS / FAKE_RATE_WINDOW: e.g. a one-minute window so real-time cap runs are short.
  rateWindow,
  ...(variant.length > 0 ? { variant } : {}),
  // --state FILE: resumed from FILE, or seeded and FILE created (FAKE-STATE-FILE).
  ...(state !== undefined ? { state } : {}),
  ...(corsOrigins !== undefined ? { corsOrigins } : {}),
};
let fake: FakeServer;
try {
  fake = createFakeServer(options);
} catch (err) {
  // A state file that is not a valid snapshot: said on one line, and the file is left as it is.
  if (!(err instanceof StateFileError)) throw err;
  console.error(`npm start: ${err.message}`);
  process.exit(2);
}
const server = createServer(fake.app.callback());
answerClientErrorsWithEnvelope(server);

server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const target = fake.targetConfig(`http://${host}:${actualPort}`);
  const file = process.env.FAKE_TARGET_FILE ?? 'reports/fake-target.json';
  mkdirSync(dirname(resolve(file)), { recursive: true }); // relative to the working directory, or absolute
  writeFileSync(file, `${JSON.stringify(target, null, 2)}\n`);
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
});

const stop = () => {
  // A clean stop keeps the clock's time too (a ticking clock is otherwise saved at each write only).
  try {
    fake.persistence?.save();
  } catch (err) {
    console.error(`npm start: could not save the state file: ${(err as Error).message}`);
  }
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
