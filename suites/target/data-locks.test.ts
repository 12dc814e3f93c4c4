import { describe, expect, it } from 'vitest';
import { type Claim, createLockTable } from './data-locks.js';

const read = (resource: string): Claim => ({ resource, mode: 'read' });
const write = (resource: string): Claim => ({ resource, mode: 'write' });

/** Whether the promise has settled once pending callbacks ran. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('the lock table over shared data [HARNESS-CONCURRENT-FILES]', () => {
  it('lets readers share a resource, and writers share it, but never a reader beside a writer', async () => {
    const t = createLockTable();
    await t.acquire('a', [read('settings')]);
    await t.acquire('b', [read('settings')]);
    const w = t.acquire('c', [write('settings')]);
    expect(await settled(w)).toBe(false);
    t.release('a');
    expect(await settled(w)).toBe(false);
    t.release('b');
    expect(await settled(w)).toBe(true);
    expect(await settled(t.acquire('d', [write('settings')]))).toBe(true);
    expect(t.snapshot()).toEqual({ holding: ['c', 'd'], waiting: [] });
  });

  it('holds an exclusive claim against every other', async () => {
    const t = createLockTable();
    await t.acquire('alone', [{ resource: 'run', mode: 'exclusive' }]);
    expect(await settled(t.acquire('r', [read('run')]))).toBe(false);
    expect(await settled(t.acquire('other alone', [{ resource: 'run', mode: 'exclusive' }]))).toBe(false);
  });

  it('grants claims on different resources side by side', async () => {
    const t = createLockTable();
    await t.acquire('a', [write('settings')]);
    expect(await settled(t.acquire('b', [write('conversations'), read('credits')]))).toBe(true);
  });

  it('grants all claims of a file or none, so two files never wait on each other', async () => {
    const t = createLockTable();
    await t.acquire('a', [read('settings')]);
    const b = t.acquire('b', [write('conversations'), write('settings')]);
    expect(await settled(b)).toBe(false);
    // b holds nothing while it waits: conversations stay free for c
    expect(await settled(t.acquire('c', [read('conversations')]))).toBe(false);
    // ...except that c came after b and clashes with it: b is not passed over (no starvation)
    t.release('a');
    expect(await settled(b)).toBe(true);
  });

  it('keeps a waiting writer ahead of readers that come after it', async () => {
    const t = createLockTable();
    await t.acquire('r1', [read('run')]);
    const alone = t.acquire('alone', [{ resource: 'run', mode: 'exclusive' }]);
    const r2 = t.acquire('r2', [read('run')]);
    expect(await settled(alone)).toBe(false);
    expect(await settled(r2)).toBe(false);
    t.release('r1');
    expect(await settled(alone)).toBe(true);
    expect(await settled(r2)).toBe(false);
    t.release('alone');
    expect(await settled(r2)).toBe(true);
  });

  it('passes over a waiting request for a later one that clashes with nothing', async () => {
    const t = createLockTable();
    await t.acquire('a', [write('settings')]);
    const b = t.acquire('b', [read('settings')]);
    expect(await settled(t.acquire('c', [write('credits')]))).toBe(true);
    expect(await settled(b)).toBe(false);
  });

  it('refuses a second ask of one holder, and a release withdraws a waiting request', async () => {
    const t = createLockTable();
    await t.acquire('a', [write('x')]);
    await expect(t.acquire('a', [read('y')])).rejects.toThrow(/already holds/);
    void t.acquire('b', [read('x')]);
    t.release('b');
    expect(t.snapshot().waiting).toEqual([]);
  });
});
