// Preloaded into the fake only when a tool asks for it (spawnFakeProcess({ memoryProbe: true }) in process.ts sets
// NODE_OPTIONS="--expose-gc --import=<this file>" and opens an IPC channel): a {type: 'fake-memory'} message runs a
// full garbage collection and answers the process's memory figures, so they count live objects only, and the peak
// resident set (VmHWM of /proc/self/status, null where /proc is absent). With `settle: true` it goes on collecting,
// SETTLE_PAUSE_MS apart, until the resident set stops falling: V8 hands the pages a collection freed back to the
// system afterwards, in the background, so the resident set right after one collection still holds whatever garbage
// the heap had grown to (1.3 GB read after one collection, 0.6 GB two collections later, of the same state). It also
// ends the fake when its parent goes away (the channel closes), so no fake outlives the run. The fake's own code is
// untouched. With `resetPeak: true`, the peak is reset once read (5 into /proc/self/clear_refs), so the next sample's
// peak covers only what came after this one. The fuzzer and the benchmark both ask through it (memory-sample.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const SETTLE_PAUSE_MS = 100;
/** A fall smaller than this share of the resident set counts as none; two such rounds in a row end the settling. */
const SETTLED_FALL = 0.01;
const SETTLE_MAX_COLLECTIONS = 20;

/** VmHWM in bytes, or null where /proc is not readable. */
function peakRss() {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Start the peak (VmHWM) again from the current resident set; false where /proc does not allow it. */
function resetPeak() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** Full collections until the resident set stops falling (two rounds in a row); how many ran. */
async function settle() {
  let collections = 1;
  let rss = process.memoryUsage.rss();
  let still = 0;
  while (still < 2 && collections < SETTLE_MAX_COLLECTIONS) {
    await sleep(SETTLE_PAUSE_MS);
    globalThis.gc();
    collections += 1;
    const next = process.memoryUsage.rss();
    still = rss - next < rss * SETTLED_FALL ? still + 1 : 0;
    rss = next;
  }
  return collections;
}

if (typeof process.send === 'function') {
  process.on('message', async (message) => {
    if (message?.type !== 'fake-memory') return;
    const collected = typeof globalThis.gc === 'function';
    let collections = 0;
    if (collected) {
      globalThis.gc();
      collections = message.settle ? await settle() : 1;
    }
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    const peak = peakRss();
    const peakReset = message.resetPeak === true && resetPeak();
    if (!process.connected) return; // the parent went away while it settled
    process.send({
      type: 'fake-memory',
      id: message.id,
      collected,
      collections,
      rss,
      heapUsed,
      heapTotal,
      external,
      arrayBuffers,
      peakRss: peak,
      peakReset,
    });
  });
  process.on('disconnect', () => process.exit(0));
  process.channel?.unref();
}
