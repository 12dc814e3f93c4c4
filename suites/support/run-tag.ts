/**
 * Unique names for what the suites create on a target. Unique per run and test file, so a long-lived deployment never
 * sees a name twice; in record and replay modes the tag is the recording's (CONFORMANCE_RUN_TAG), so a replay sends
 * exactly the requests that were recorded.
 */
import { createHash, randomUUID } from 'node:crypto';
import { relative, resolve } from 'node:path';
import { expect } from 'vitest';
import { RUN_TAG_ENV } from '../target/cassette-env.js';

const startedAt = Date.now().toString(36);
const REPO_ROOT = resolve(import.meta.dirname, '../..');

const hex = (text: string, n: number): string => createHash('sha256').update(text).digest('hex').slice(0, n);

/** The run's tag plus 4 characters of this test file's path. */
export function runTag(): string {
  // The path from the repository root, so a recording replays from any clone.
  const file = relative(REPO_ROOT, expect.getState().testPath ?? '')
    .split('\\')
    .join('/');
  return `${process.env[RUN_TAG_ENV] ?? startedAt}${hex(file, 4)}`;
}

const counts = new Map<string, number>();
/**
 * The next number, from 1, of a count kept per test file. Test files share a worker's modules (vitest.config.ts,
 * isolate: false), so a count kept per module would depend on which files ran before in the worker, and a replay
 * would send names the recording never saw.
 */
export function nextInFile(count: string): number {
  const key = `${count}\u0000${expect.getState().testPath ?? ''}`;
  const n = (counts.get(key) ?? 0) + 1;
  counts.set(key, n);
  return n;
}

/** 8 hex characters no other call of this run returns (random unless the run tag is fixed). */
export function uniqueHex8(): string {
  if (!process.env[RUN_TAG_ENV]) return randomUUID().slice(0, 8);
  return hex(`${runTag()}-${nextInFile('uniqueHex8')}`, 8);
}
