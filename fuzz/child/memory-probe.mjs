// Loaded into the fake only by `npm run fuzz` (NODE_OPTIONS="--expose-gc --import=<this file>"): over the IPC
// channel the fuzzer opened, a {type: 'fuzz-memory'} message runs a full garbage collection and answers the
// process's memory figures, so heap growth is measured on live objects only. It also ends the fake when the
// fuzzer goes away (the channel closes), so no fake outlives its run. The fake's own code is untouched.
if (typeof process.send === 'function') {
  process.on('message', (message) => {
    if (message?.type !== 'fuzz-memory') return;
    const collected = typeof globalThis.gc === 'function';
    if (collected) globalThis.gc();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    process.send({
      type: 'fuzz-memory',
      id: message.id,
      collected,
      rss,
      heapUsed,
      heapTotal,
      external,
      arrayBuffers,
    });
  });
  process.on('disconnect', () => process.exit(0));
  process.channel?.unref();
}
