/** GET and PUT /_control/state: the snapshot out, a snapshot in, and every document that is not one refused. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServer } from '../index.js';
import { corruptionsOf } from '../persistence/corruptions.test-support.js';
import { clientOf } from '../persistence/fake-client.test-support.js';
import { decodeSnapshot, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, sha256 } from '../persistence/snapshot-format.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fake-state-routes-'));
  dirs.push(dir);
  return join(dir, 'state.json');
};

describe('GET /_control/state [FAKE-STATE-SNAPSHOT]', () => {
  it('answers the snapshot document: format and version header, the SHA-256 of the payload, the payload [FAKE-STATE-SNAPSHOT]', async () => {
    const c = clientOf(createFakeServer());
    const text = await c.exportState();
    const doc = JSON.parse(text) as { format: string; version: number; sha256: string; payload: unknown };
    expect(Object.keys(doc)).toEqual(['format', 'version', 'sha256', 'payload']);
    expect(doc.format).toBe(SNAPSHOT_FORMAT);
    expect(doc.version).toBe(SNAPSHOT_VERSION);
    expect(doc.sha256).toBe(sha256(JSON.stringify(doc.payload)));
    expect(decodeSnapshot(text).seeded?.tokens.owner).toBe(c.target.tokens.owner);
  });

  it('needs the control secret, like every control route [FAKE-STATE-SNAPSHOT]', async () => {
    const fake = createFakeServer();
    const res = await request(fake.app.callback()).get('/_control/state');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ type: 'RXERROR', message: 'Invalid control secret' });
    const put = await request(fake.app.callback()).put('/_control/state').send('{}');
    expect(put.status).toBe(401);
  });
});

describe('PUT /_control/state [FAKE-STATE-SNAPSHOT, FAKE-STATE-REFUSE-CORRUPT]', () => {
  it('replaces the whole state and answers the target config of the imported state [FAKE-STATE-SNAPSHOT]', async () => {
    const source = clientOf(createFakeServer({ seed: 3 }));
    const c = clientOf(createFakeServer());
    const res = await c.importState(await source.exportState());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'RXSUCCESS', message: 'State imported' });
    expect((res.body as { data: { tokens: unknown } }).data.tokens).toEqual(source.target.tokens);
    expect(c.target.tokens.owner).toBe(source.target.tokens.owner);
    expect((await c.platform('getMyProjects')).status).toBe(200);
  });

  it('refuses every document that is not a loadable snapshot with 400 in the envelope, leaving the state and its file as they were [FAKE-STATE-REFUSE-CORRUPT, FAKE-STATE-SNAPSHOT]', async () => {
    const file = tempFile();
    const c = clientOf(createFakeServer({ state: file }));
    expect((await c.control('post', '/organizations/1/credits', { credits: 1234 })).status).toBe(200);
    const before = await c.exportState();
    const bytes = readFileSync(file);
    const valid = await clientOf(createFakeServer({ seed: 5 })).exportState();
    const corruptions = corruptionsOf(valid);
    expect(corruptions.length).toBeGreaterThanOrEqual(9);
    for (const { name, text, reason } of corruptions) {
      const res = await c.importState(text);
      expect(res.status, name).toBe(400);
      expect((res.body as { type: string }).type, name).toBe('RXERROR');
      expect((res.body as { message: string }).message, name).toMatch(/^Invalid state snapshot: /);
      expect((res.body as { message: string }).message, name).toMatch(reason);
      expect(await c.exportState(), name).toBe(before);
      expect(readFileSync(file).equals(bytes), name).toBe(true);
    }
  });

  it('a body that is not JSON by its content type answers 415; nothing changes [FAKE-STATE-SNAPSHOT]', async () => {
    const c = clientOf(createFakeServer());
    const before = await c.exportState();
    const res = await c.importState(before, 'text/plain');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      type: 'RXERROR',
      message: 'Unsupported content type: expected application/json',
    });
    expect(await c.exportState()).toBe(before);
  });

  it('with a state file, an imported state is in the file when the answer arrives; a refused one changes nothing there [FAKE-STATE-SNAPSHOT, FAKE-STATE-ACKNOWLEDGED-DURABLE]', async () => {
    const file = tempFile();
    const c = clientOf(createFakeServer({ state: file }));
    const source = clientOf(createFakeServer({ seed: 9 }));
    const onDisk = readFileSync(file);
    expect((await c.importState('{"format": "something else"}')).status).toBe(400);
    expect(readFileSync(file).equals(onDisk)).toBe(true);
    expect((await c.importState(await source.exportState())).status).toBe(200);
    expect(decodeSnapshot(readFileSync(file, 'utf8')).seeded?.tokens.owner).toBe(source.target.tokens.owner);
    const resumed = createFakeServer({ state: file });
    expect(resumed.targetConfig('http://127.0.0.1:4010').tokens).toEqual(source.target.tokens);
  });
});
