/** Ask a fake in memory (no port): one request through the library's in-memory dispatch, the whole answer back. */
import type { FakeServer } from '../fake-server/index.js';
import { dispatchInMemory } from '../lib/in-memory-dispatch.js';
import type { DriftAnswer } from './types.js';

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

export async function askFake(
  fake: FakeServer,
  req: FakeRequest,
): Promise<DriftAnswer & { ended: 'complete' | 'reset' }> {
  let res: Awaited<ReturnType<typeof dispatchInMemory>>;
  try {
    res = await dispatchInMemory(fake.app.callback(), {
      method: req.method,
      url: req.path,
      headers: req.headers,
      body: req.body ?? Buffer.alloc(0),
    });
  } catch (err) {
    // The fake dropped the connection before answering: a reset with no status to compare.
    if ((err as NodeJS.ErrnoException).code === 'ECONNRESET')
      return { status: 0, headers: {}, body: '', ended: 'reset' };
    throw err;
  }
  // Read in flowing mode: dispatchInMemory holds a reset back until its reader flows (as nock's piping does), so
  // an async iterator would wait for it forever.
  const chunks: Buffer[] = [];
  const ended = await new Promise<'complete' | 'reset'>((resolve) => {
    res.body.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
    res.body.once('end', () => resolve('complete'));
    res.body.once('error', () => resolve('reset'));
    res.body.resume();
  });
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < res.headers.length; i += 2) {
    const name = res.headers[i]!.toLowerCase();
    headers[name] =
      headers[name] === undefined ? res.headers[i + 1]! : `${headers[name]}, ${res.headers[i + 1]}`;
  }
  return { status: res.status, headers, body: Buffer.concat(chunks).toString('utf8'), ended };
}
