/**
 * The check spends from the target's own quota ledger: the proxy's address borrows the target's entries and gives
 * them back with what the check added, other targets' entries untouched.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLedger } from '../suites/target/quota-ledger.js';
import { lendLedger } from './ledger-alias.js';

const dir = mkdtempSync(join(tmpdir(), 'ledger-alias-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the quota ledger lent to the proxy [HARNESS-QUOTA-LEDGER]', () => {
  it('the proxy sees what the target spent, and the target gets back what the proxy spent', () => {
    const path = join(dir, 'ledger.json');
    const target = 'https://staging.example/api/v1';
    const proxy = 'http://127.0.0.1:5555/api/v1';
    const before = openLedger(target, path);
    for (let i = 0; i < 3; i++) before.record('api-v1-a', 'token');
    before.save();
    const other = openLedger('https://other.example/api/v1', path);
    other.record('api-v1-a', 'token');
    other.save();

    const giveBack = lendLedger(path, target, proxy);
    const during = openLedger(proxy, path);
    expect(during.spent('api-v1-a', 'token')).toBe(3);
    during.record('api-v1-a', 'token');
    during.save();
    giveBack();

    expect(openLedger(target, path).spent('api-v1-a', 'token')).toBe(4);
    expect(openLedger('https://other.example/api/v1', path).spent('api-v1-a', 'token')).toBe(1);
    expect(Object.keys(JSON.parse(readFileSync(path, 'utf8')).targets).sort()).toEqual([
      'https://other.example/api/v1',
      target,
    ]);
  });

  it('starts a ledger where there was none, or an unreadable one', () => {
    const path = join(dir, 'broken.json');
    writeFileSync(path, 'not json');
    const giveBack = lendLedger(path, 'https://t.example', 'http://127.0.0.1:1');
    const during = openLedger('http://127.0.0.1:1', path);
    during.record('api-v1-b', 'token');
    during.save();
    giveBack();
    expect(openLedger('https://t.example', path).spent('api-v1-b', 'token')).toBe(1);
  });
});
