import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLedger } from './quota-ledger.js';

const TARGET = 'https://staging.example.com/api/v1';
const fileIn = () => join(mkdtempSync(join(tmpdir(), 'ledger-')), 'quota-ledger.json');

describe('one quota ledger file shared by runs at once [HARNESS-QUOTA-LEDGER, HARNESS-SHARD-CREDENTIALS]', () => {
  it('keeps every run’s requests: each save adds its own onto what the file holds then', () => {
    const path = fileIn();
    const t0 = Date.parse('2026-11-26T10:00:00Z');
    const clock = () => t0;
    // Two shards open the file before either saves, and both spend one shared token and one each of their own.
    const one = openLedger(TARGET, path, clock);
    const two = openLedger(TARGET, path, clock);
    for (let i = 0; i < 3; i++) one.record('shared', 'token');
    one.record('mine-1', 'token');
    for (let i = 0; i < 5; i++) two.record('shared', 'token');
    two.record('mine-2', 'token');
    one.save();
    two.save();
    one.save(); // nothing new: counts nothing twice
    const after = openLedger(TARGET, path, clock);
    expect(after.spent('shared', 'token')).toBe(8);
    expect(after.spent('mine-1', 'token')).toBe(1);
    expect(after.spent('mine-2', 'token')).toBe(1);
    // After its save, a run sees the others' requests too.
    expect(two.spent('shared', 'token')).toBe(8);
    expect(two.spent('mine-1', 'token')).toBe(1);
  });

  it('keeps the latest spent-until of a 429 whichever run met it, and forgets the hour that has passed', () => {
    const path = fileIn();
    let now = Date.parse('2026-11-26T10:00:00Z');
    const clock = () => now;
    const one = openLedger(TARGET, path, clock);
    const two = openLedger(TARGET, path, clock);
    one.markSpent('shared', 'token', now + 60_000);
    two.markSpent('shared', 'token', now + 120_000);
    two.record('shared', 'token');
    two.save();
    one.save();
    expect(openLedger(TARGET, path, clock).exhausted('shared', 'token')).toBe(true);
    now += 90_000;
    expect(openLedger(TARGET, path, clock).exhausted('shared', 'token')).toBe(true);
    now += 3_600_000;
    const later = openLedger(TARGET, path, clock);
    expect(later.exhausted('shared', 'token')).toBe(false);
    expect(later.spent('shared', 'token')).toBe(0);
  });
});
