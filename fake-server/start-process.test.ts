/** `npm start` as a process: --help, a refused option and a busy port each say one line and exit with their code. */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnFake } from './persistence/fake-process.test-support.js';

const dir = mkdtempSync(join(tmpdir(), 'start-process-'));
let busy: Server;
let busyPort: number;

beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
  busyPort = (busy.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => busy.close(() => done())));

const run = async (args: string[], env: Record<string, string> = {}) => {
  const started = spawnFake(args, env);
  const code = await started.exited;
  return { code, output: started.output() };
};

describe('npm start as a process [FAKE-START-OPTIONS]', () => {
  it('[FAKE-START-OPTIONS] --help prints every option and exits 0', async () => {
    const { code, output } = await run(['--help']);
    expect(code).toBe(0);
    expect(output).toMatch(/^Usage: npm start -- \[options\]/);
    expect(output).toContain('--cors-origins LIST');
  }, 60_000);

  it('[FAKE-START-OPTIONS] a port in use: one line, exit 3, no target file written', async () => {
    const targetFile = join(dir, 'busy-target.json');
    const { code, output } = await run(['--port', String(busyPort)], { FAKE_TARGET_FILE: targetFile });
    expect(code).toBe(3);
    expect(output.trim()).toBe(
      `npm start: cannot listen on 127.0.0.1:${busyPort}: the port is in use (--port N, 0 for any free one)`,
    );
    expect(existsSync(targetFile)).toBe(false);
  }, 60_000);

  it('[FAKE-TARGET-FILE] a target file that cannot be written: one line naming it, exit 2', async () => {
    const notAFolder = join(dir, 'a-file');
    writeFileSync(notAFolder, '');
    const targetFile = join(notAFolder, 'target.json');
    const { code, output } = await run(['--port', '0'], { FAKE_TARGET_FILE: targetFile });
    expect(code).toBe(2);
    expect(output.trim().split('\n').at(-1)).toMatch(
      new RegExp(`^npm start: cannot write the target file ${targetFile}: E[A-Z]+: `),
    );
  }, 60_000);

  it('[FAKE-START-OPTIONS] an unknown flag or a bad value: one line naming it, exit 2', async () => {
    const unknown = await run(['--prot', '4011']);
    expect(unknown.code).toBe(2);
    expect(unknown.output.trim()).toMatch(
      /^npm start: Unknown option '--prot'.* \(--help lists the options\)$/,
    );
    expect(unknown.output.trim().split('\n')).toHaveLength(1);
    const bad = await run([], { FAKE_CLOCK: 'paused' });
    expect(bad.code).toBe(2);
    expect(bad.output.trim()).toBe(
      'npm start: FAKE_CLOCK=paused: ticking or frozen (--help lists the options)',
    );
  }, 60_000);
});
