/**
 * Record and replay for the suites (`npm run conformance -- --record DIR` / `--replay DIR`): every request a test
 * file sends — through Target, the control client or an official SDK — goes to the deployment and into the file's
 * cassette, or is answered from it with no deployment at all. One cassette per test file, named by its path.
 */
import { relative, resolve } from 'node:path';
import { expect } from 'vitest';
import type { TargetConfig } from '../../contract/index.js';
import { bodyBytes } from '../../recording/body.js';
import { secretsOf } from '../../recording/cassette-set.js';
import { recordingFetch, replayDelay, replayingFetch } from '../../recording/fetch.js';
import { CassetteRecorder } from '../../recording/recorder.js';
import { Redactor } from '../../recording/redaction.js';
import { CassetteReplayer } from '../../recording/replayer.js';
import { CASSETTE_MODE_ENV, CASSETTES_ENV, REDACTION_KEY_ENV } from './cassette-env.js';
import { type RawRequest, type RawResponse, rawResponse } from './exchange.js';

export type CassetteMode = 'record' | 'replay';

export function cassetteMode(): CassetteMode | undefined {
  const mode = process.env[CASSETTE_MODE_ENV];
  if (mode === undefined || mode === '') return undefined;
  if (mode !== 'record' && mode !== 'replay')
    throw new Error(`${CASSETTE_MODE_ENV} must be record or replay, not ${mode}`);
  if (!process.env[CASSETTES_ENV])
    throw new Error(`${CASSETTE_MODE_ENV}=${mode} needs ${CASSETTES_ENV} (the cassette folder)`);
  return mode;
}

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const dir = () => resolve(process.env[CASSETTES_ENV] ?? '');
const currentTest = (): string | undefined => expect.getState().currentTestName;

let name: string | undefined;
let recorder: CassetteRecorder | undefined;
let replayer: CassetteReplayer | undefined;
const reading: Promise<unknown>[] = [];

/** Open this test file's cassette (called when the file's target is loaded). */
export function beginCassette(config: TargetConfig): void {
  const mode = cassetteMode();
  if (!mode) return;
  const testPath = expect.getState().testPath;
  name = testPath ? relative(REPO_ROOT, testPath).split('\\').join('/') : 'unnamed';
  if (mode === 'record') {
    const redactor = new Redactor({
      secrets: secretsOf(config),
      personalKey: process.env[REDACTION_KEY_ENV],
    });
    recorder = new CassetteRecorder(dir(), name, { name: config.name, kind: config.kind }, redactor);
  } else {
    // A replayer of its own per file, as the recorder is: its redactor learns what this file sent, as the recording's
    // did (test files share a worker's modules, vitest.config.ts).
    replayer = new CassetteReplayer(dir());
  }
}

/**
 * Write this file's cassette (record mode), once every recorded body has been read, and close it: the next file in
 * the worker (vitest.config.ts: test files share a worker's modules) may send through no cassette at all.
 */
export async function endCassette(): Promise<void> {
  replayer = undefined;
  name = undefined;
  if (!recorder) return;
  await Promise.race([Promise.allSettled(reading), new Promise((r) => setTimeout(r, 10_000))]);
  recorder.save();
  recorder = undefined;
}

const cassetteName = (): string => {
  if (!name) throw new Error('no cassette open: the target was not loaded through useTarget()');
  return name;
};

/** `send` through the cassette: to the deployment and into the cassette, or from the cassette. */
export async function sendThroughCassette(
  req: RawRequest,
  real: (req: RawRequest) => Promise<RawResponse>,
): Promise<RawResponse> {
  if (replayer) {
    const interaction = replayer.take(cassetteName(), req);
    await replayDelay(interaction, undefined);
    const r = interaction.response;
    if (!r) throw Object.assign(new Error(`${interaction.error} (replayed)`), { code: interaction.error });
    if (r.ended === 'reset')
      throw Object.assign(new Error('other side closed (replayed)'), { code: 'UND_ERR_SOCKET' });
    return rawResponse(r.status, r.headers, bodyBytes(r.body).toString('utf8'));
  }
  if (!recorder) return real(req);
  const pending = recorder.begin(req, currentTest());
  try {
    const res = await real(req);
    pending.answered({ status: res.status, headers: res.headers }, res.text);
    return res;
  } catch (err) {
    pending.failed(err);
    throw err;
  }
}

/** The fetch an official SDK gets in record or replay mode; undefined otherwise (it uses the global one). */
export function cassetteFetch(): typeof fetch | undefined {
  if (replayer) return replayingFetch(replayer, cassetteName);
  if (recorder) {
    const r = recorder;
    return recordingFetch(
      () => r,
      currentTest,
      globalThis.fetch,
      (p) => reading.push(p),
    );
  }
  return undefined;
}
