// Preloaded into the fake only when a tool asks for it (spawnFakeProcess({ memoryProbe: true }) in process.ts sets
// NODE_OPTIONS="--expose-gc --import=<this file>" and opens an IPC channel): a {type: 'fake-memory'} message runs a
// full garbage collection and answers the process's memory figures, so they count live objects only, and the peak
// resident set (VmHWM of /proc/self/status, null where /proc is absent). It also ends the fake when its parent goes
// away (the channel closes), so no fake outlives the run. The fake's own code is untouched. The fuzzer and the
// benchmark both ask through it (fake-server/memory-sample.ts).
import { readFileSync } from 'node:fs';

/** VmHWM in bytes, or null where /proc is not readable. */
function peakRss() {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

if (typeof process.send === 'function') {
  process.on('message', (message) => {
    if (message?.type !== 'fake-memory') return;
    const collected = typeof globalThis.gc === 'function';
    if (collected) globalThis.gc();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    process.send({
      type: 'fake-memory',
      id: message.id,
      collected,
      rss,
      heapUsed,
      heapTotal,
      external,
      arrayBuffers,
      peakRss: peakRss(),
    });
  });
  process.on('disconnect', () => process.exit(0));
  process.channel?.unref();
}
