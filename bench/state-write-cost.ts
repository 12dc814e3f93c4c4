/**
 * What a state file costs per write, with the default seed: `npx tsx bench/state-write-cost.ts
 * [writes]` (default 200). Sends the same write (updateProjectSettings, in memory, no socket) to a fake without a
 * state file and to one with a state file in the system's temp folder, and prints the median and p95 per request of
 * each, the difference, and where a snapshot write's time goes. A figure of the machine it runs on, not a test.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import inject from 'light-my-request';
import { commandLine, usageError } from '../bin/command-line.mjs';
import { createFakeServer, type FakeServer } from '../fake-server/index.js';
import { encodeSnapshot } from '../fake-server/persistence/snapshot-format.js';
import { writeStateFile } from '../fake-server/persistence/state-file.js';
import { clockPart, payloadJson, timelessPayload } from '../fake-server/persistence/take-snapshot.js';

const { positionals } = commandLine({
  name: 'state-write-cost',
  usage: `Usage: npx tsx bench/state-write-cost.ts [WRITES]

Sends the same write (updateProjectSettings, in memory, no socket) WRITES times (default 200) to a fake without a
state file and to one with a state file in the system's temp folder, and prints the median and p95 per request of
each, the difference, and where a snapshot write's time goes. A figure of the machine it runs on, not a test.`,
  allowPositionals: true,
});
if (positionals.length > 1 || (positionals[0] !== undefined && !/^[1-9]\d*$/.test(positionals[0])))
  usageError('state-write-cost', `WRITES is one whole number of at least 1, not "${positionals.join(' ')}"`);
const writes = Number(positionals[0] ?? 200);

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
};
const fixed = (n: number) => `${n.toFixed(2)} ms`;

async function timeWrites(fake: FakeServer): Promise<number[]> {
  const target = fake.targetConfig('http://127.0.0.1:4010');
  const handler = fake.app.callback();
  const times: number[] = [];
  for (let i = 0; i < writes; i += 1) {
    const started = performance.now();
    const res = await inject(handler, {
      method: 'POST',
      url: '/api/v1/updateProjectSettings',
      headers: { authorization: `Bearer ${target.tokens.owner}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ project_uid: target.project_uid, prompt: `prompt ${i}` }),
    });
    if (res.statusCode !== 200)
      throw new Error(`updateProjectSettings answered ${res.statusCode}: ${res.payload}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** Time `step` `n` times; the median. */
function medianOf(n: number, step: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const started = performance.now();
    step();
    times.push(performance.now() - started);
  }
  return summary(times).median;
}

const dir = mkdtempSync(join(tmpdir(), 'fake-write-cost-'));
try {
  const file = join(dir, 'state.json');
  const memory = createFakeServer();
  const durable = createFakeServer({ state: file });
  await timeWrites(memory); // warm-up of both paths
  await timeWrites(durable);
  const without = summary(await timeWrites(memory));
  const withFile = summary(await timeWrites(durable));

  const runtime = durable.runtime;
  let timeless = '';
  let text = '';
  const serialise = medianOf(50, () => {
    timeless = JSON.stringify(timelessPayload(runtime));
  });
  const encode = medianOf(50, () => {
    text = encodeSnapshot(payloadJson(clockPart(runtime), timeless));
  });
  const write = medianOf(50, () => writeStateFile(file, text));

  console.log(`state file write cost, default seed, ${writes} writes (updateProjectSettings, in memory)`);
  console.log(`  snapshot size          ${(statSync(file).size / 1024).toFixed(0)} KiB`);
  console.log(
    `  without a state file   median ${fixed(without.median)}, p95 ${fixed(without.p95)} per request`,
  );
  console.log(
    `  with a state file      median ${fixed(withFile.median)}, p95 ${fixed(withFile.p95)} per request`,
  );
  console.log(`  cost per write         median ${fixed(withFile.median - without.median)}`);
  console.log(`    serialise the state  ${fixed(serialise)} (also paid by a request that changes nothing)`);
  console.log(`    checksum and frame   ${fixed(encode)}`);
  console.log(`    atomic write + syncs ${fixed(write)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
