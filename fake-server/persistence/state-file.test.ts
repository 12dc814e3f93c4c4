/**
 * The state file in-process: created from the seed, resumed without it, refused when it is not a snapshot (and
 * then left byte for byte), written before every acknowledgement (a RAG stream's first event included), the
 * clock resumed at the last write's time, and never a partial file or a temporary file left behind.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { interceptChatbotApi } from '../../lib/intercept.js';
import { startFake } from '../../lib/start-fake.js';
import { DEFAULT_EPOCH } from '../domain/clock.js';
import { createFakeServer, StateFileError } from '../index.js';
import { corruptionsOf } from './corruptions.test-support.js';
import { clientOf } from './fake-client.test-support.js';
import { decodeSnapshot } from './snapshot-format.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fake-state-file-'));
  dirs.push(dir);
  return dir;
};
const onDisk = (file: string) => decodeSnapshot(readFileSync(file, 'utf8'));

describe('state file: start and resume [FAKE-STATE-FILE]', () => {
  it('a missing file is created from the seed at once; a restart resumes it, seed not applied, same target config [FAKE-STATE-FILE]', async () => {
    const file = join(tempDir(), 'nested', 'state.json');
    const first = createFakeServer({ state: file });
    expect(first.persistence?.resumed).toBe(false);
    expect(onDisk(file).seeded?.tokens.owner).toBe(first.targetConfig('http://x').tokens.owner);

    const c = clientOf(first);
    const token = await c.control('post', '/tokens', {
      organization_id: 1,
      creator_user_id: 1,
      name: 'kept',
      role: 'owner',
      scope_type: 'all',
    });
    expect(token.status).toBe(200);
    const value = (token.body as { data: { value: string } }).data.value;

    const again = createFakeServer({ state: file, seed: 42, fixtures: 'empty' });
    expect(again.persistence?.resumed).toBe(true);
    expect(again.targetConfig('http://x')).toEqual(first.targetConfig('http://x'));
    expect(again.runtime.options.seed).toBe(1);
    expect((await clientOf(again).platform('getMyProjects', {}, value)).status).toBe(200);
  });

  it('a control reset is a write: the file then holds the reset state, which a restart resumes [FAKE-STATE-FILE]', async () => {
    const file = join(tempDir(), 'state.json');
    const c = clientOf(createFakeServer({ state: file }));
    const seed1 = c.target.tokens.owner;
    expect((await c.control('post', '/reset', { seed: 7 })).status).toBe(200);
    expect(c.target.tokens.owner).not.toBe(seed1);
    expect(onDisk(file).options.seed).toBe(7);
    const resumed = createFakeServer({ state: file });
    expect(resumed.targetConfig('http://x').tokens.owner).toBe(c.target.tokens.owner);
  });

  it('startFake({ state }) keeps the state across a close and a new start [FAKE-STATE-FILE]', async () => {
    const file = join(tempDir(), 'state.json');
    const fake = await startFake({ state: file, clock: 'frozen' });
    try {
      await fake.control.post('/organizations/1/credits', { credits: 99 });
    } finally {
      await fake.close();
    }
    const again = await startFake({ state: file, clock: 'frozen' });
    try {
      expect(again.target.tokens).toEqual(fake.target.tokens);
      expect(await again.control.get('/organizations/1')).toMatchObject({ credits: 99 });
      const exported = await again.control.exportState();
      expect(decodeSnapshot(exported).state.organizations[0]?.credits).toBe(99);
      // The handle's import: another state, in the file before the call resolves.
      const other = await clientOf(createFakeServer({ seed: 4 })).exportState();
      const target = await again.control.importState(other);
      expect(target.tokens.owner).toBe(decodeSnapshot(other).seeded?.tokens.owner);
      expect(onDisk(file).seeded?.tokens.owner).toBe(target.tokens.owner);
      await expect(again.control.importState('{}')).rejects.toThrow(/answered 400: Invalid state snapshot/);
    } finally {
      await again.close();
    }
  });

  it('interceptChatbotApi({ fake: { state } }) writes through to the file too [FAKE-STATE-FILE, FAKE-STATE-ACKNOWLEDGED-DURABLE]', async () => {
    const file = join(tempDir(), 'state.json');
    const api = interceptChatbotApi({ baseUrl: 'https://state.chatbot.test', fake: { state: file } });
    try {
      const { base_url, tokens, project_uid } = api.target;
      const res = await fetch(`${base_url}/updateProjectSettings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
        body: JSON.stringify({ project_uid, prompt: 'Through interception' }),
      });
      expect(res.status).toBe(200);
      const saved = onDisk(file).state.projects.find((p) => p.project_uid === project_uid);
      expect(saved?.settings.prompt).toBe('Through interception');
    } finally {
      api.restore();
    }
  });
});

describe('state file: refused when it is not a snapshot [FAKE-STATE-REFUSE-CORRUPT]', () => {
  it('every kind of bad file throws an error naming the file and the problem, and the file stays byte for byte [FAKE-STATE-REFUSE-CORRUPT]', async () => {
    const dir = tempDir();
    const valid = await clientOf(createFakeServer()).exportState();
    for (const [i, { name, text, reason }] of corruptionsOf(valid).entries()) {
      const file = join(dir, `bad-${i}.json`);
      writeFileSync(file, text);
      const bytes = readFileSync(file);
      let thrown: unknown;
      try {
        createFakeServer({ state: file });
      } catch (err) {
        thrown = err;
      }
      expect(thrown, name).toBeInstanceOf(StateFileError);
      const message = (thrown as Error).message;
      expect(message, name).toContain(`state file ${file}: `);
      expect(message, name).toMatch(reason);
      expect(message, name).not.toContain('\n');
      expect(readFileSync(file).equals(bytes), name).toBe(true);
      await expect(startFake({ state: file }), name).rejects.toThrow(reason);
      expect(readFileSync(file).equals(bytes), name).toBe(true);
    }
    expect(readdirSync(dir)).toHaveLength(corruptionsOf(valid).length);
  });

  it('a path that cannot be read as a file is refused, not replaced [FAKE-STATE-REFUSE-CORRUPT]', () => {
    const dir = join(tempDir(), 'a-folder');
    mkdirSync(dir);
    expect(() => createFakeServer({ state: dir })).toThrow(/^state file .*a-folder: cannot be read \(EISDIR/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('state file: every acknowledged write is on disk first [FAKE-STATE-ACKNOWLEDGED-DURABLE]', () => {
  it('when an answer arrives, the file already holds the write; control reads and unchanged states write nothing [FAKE-STATE-ACKNOWLEDGED-DURABLE]', async () => {
    const file = join(tempDir(), 'state.json');
    const fake = createFakeServer({ state: file });
    const c = clientOf(fake);
    const writes = () => fake.persistence!.writes;
    const projectUid = c.target.project_uid!;

    let n = writes();
    await c.platform('updateProjectSettings', { project_uid: projectUid, prompt: 'Persisted prompt' });
    expect(onDisk(file).state.projects.find((p) => p.project_uid === projectUid)?.settings.prompt).toBe(
      'Persisted prompt',
    );
    expect(writes()).toBe(n + 1);

    // A read still counts against the token's hourly cap: that count is state, and is written.
    const before = onDisk(file).limiter.tallies;
    await c.platform('getMyProjects');
    expect(onDisk(file).limiter.tallies).not.toEqual(before);

    n = writes();
    await c.control('get', '/tokens');
    await c.control('get', '/rate-limits');
    await c.exportState();
    // A refused credential changes nothing, so nothing is written.
    expect((await c.platform('getMyProjects', {}, 'api-v1-not-a-token')).status).toBe(401);
    expect(writes()).toBe(n);

    // A control write that only moves the clock is a write too.
    await c.control('post', '/clock/advance', { minutes: 5 });
    expect(onDisk(file).clock.now).toBe(DEFAULT_EPOCH + 5 * 60_000);
    expect(writes()).toBe(n + 1);
  });

  it('a RAG stream sends its first event only once its request (credits, hourly count) is on disk [FAKE-STATE-ACKNOWLEDGED-DURABLE]', async () => {
    const file = join(tempDir(), 'state.json');
    const fake = await startFake({ state: file, clock: 'frozen' });
    try {
      const projectUid = fake.target.project_uid!;
      const usedOnDisk = () =>
        onDisk(file).state.projects.find((p) => p.project_uid === projectUid)!.creditsUsed;
      const ragCount = () => onDisk(file).limiter.tallies.find(([key]) => key.startsWith('rag:'))?.[1];
      const used = usedOnDisk();
      expect(ragCount()).toBeUndefined();
      const res = await fetch(`${fake.target.base_url}/openai/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fake.target.project_key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'gpt-4o-mini',
          stream: true,
          messages: [{ role: 'user', content: 'How do refunds work?' }],
        }),
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toMatch(/^data: /);
      // Read right after the first event: the request's effects are already in the file.
      expect(usedOnDisk()).toBeGreaterThan(used);
      expect(ragCount()).toEqual({ start: expect.any(Number), count: 1 });
      while (!(await reader.read()).done) {}
    } finally {
      await fake.close();
    }
  });
});

describe('state file: the clock on restart [FAKE-STATE-CLOCK]', () => {
  it('a ticking clock resumes at the time of the last write and ticks on from there [FAKE-STATE-CLOCK]', async () => {
    const file = join(tempDir(), 'state.json');
    let wall = 0;
    const c = clientOf(createFakeServer({ state: file, wallClock: () => wall }));
    wall = 1_000;
    await c.control('post', '/organizations/1/credits', { credits: 10 });
    expect(onDisk(file).clock).toEqual({ now: DEFAULT_EPOCH + 1_000, ticking: true });
    wall = 60_000; // time passes without a write: not in the file

    let wall2 = 500;
    const resumed = createFakeServer({ state: file, wallClock: () => wall2 });
    expect(resumed.runtime.domain.clock.now()).toBe(DEFAULT_EPOCH + 1_000);
    wall2 = 800;
    expect(resumed.runtime.domain.clock.now()).toBe(DEFAULT_EPOCH + 1_300);
  });

  it('a frozen clock resumes exactly where the last write left it [FAKE-STATE-CLOCK]', async () => {
    const file = join(tempDir(), 'state.json');
    const c = clientOf(createFakeServer({ state: file }));
    await c.control('post', '/clock/advance', { days: 3 });
    const resumed = clientOf(createFakeServer({ state: file }));
    expect(await resumed.control('get', '/clock')).toEqual(await c.control('get', '/clock'));
    expect(resumed.fake.runtime.domain.clock.now()).toBe(DEFAULT_EPOCH + 3 * 86_400_000);
  });
});

/** A reader on another thread: reads the file in a loop and checks each read is a whole snapshot. */
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { createHash } = require('node:crypto');
let reads = 0, bad = 0, stop = false;
parentPort.on('message', () => { stop = true; });
(function loop() {
  for (let i = 0; i < 20; i++) {
    try {
      const doc = JSON.parse(readFileSync(workerData.file, 'utf8'));
      const sum = createHash('sha256').update(JSON.stringify(doc.payload), 'utf8').digest('hex');
      if (doc.format !== 'chatbot-platform-fake-state' || sum !== doc.sha256) bad++;
    } catch { bad++; }
    reads++;
  }
  if (stop) parentPort.postMessage({ reads, bad }); else setImmediate(loop);
})();
`;

describe('state file: atomic writes [FAKE-STATE-ATOMIC]', () => {
  it('a reader on another thread only ever finds a whole snapshot, and no temporary file stays behind [FAKE-STATE-ATOMIC]', async () => {
    const dir = tempDir();
    const file = join(dir, 'state.json');
    const c = clientOf(createFakeServer({ state: file }));
    const worker = new Worker(READER, { eval: true, workerData: { file } });
    try {
      for (let i = 0; i < 60; i += 1) {
        const res = await c.control('post', '/organizations/1/credits', { credits: 1000 + i });
        expect(res.status).toBe(200);
      }
      const result = new Promise<{ reads: number; bad: number }>((resolve) =>
        worker.once('message', resolve),
      );
      worker.postMessage('stop');
      const { reads, bad } = await result;
      expect(reads).toBeGreaterThan(0);
      expect(bad).toBe(0);
    } finally {
      await worker.terminate();
    }
    expect(readdirSync(dir)).toEqual(['state.json']);
    expect(onDisk(file).state.organizations[0]?.credits).toBe(1059);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });
});
