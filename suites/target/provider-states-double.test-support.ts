/**
 * A deployment's provider states as a test double: the fake's own states behind a proxy that changes what passes (a
 * state that misreads a parameter, or refuses part of its range), so the provider-state check can be shown to name
 * such a state. Used by the check's tests (suites/target/provider-state-ranges.test.ts,
 * scripts/provider-state-check.test.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startInProcessTarget } from './in-process.js';
import type { Target } from './target.js';

/** What the double does with one request's body: send it on (as given), or answer itself. */
export type StatesChange = (body: string) => string | { refuse: { status: number; body: unknown } };

export interface StatesDouble {
  /** The fake in process, whose provider states stand behind the double. */
  readonly fake: Target;
  /** The double's URL (the provider-states URL of a target file pointing at it). */
  readonly url: string;
  close(): Promise<void>;
}

/** The fake in process, and in front of its provider states a double that applies `change` to each request. */
export async function openStatesDouble(change: StatesChange): Promise<StatesDouble> {
  const fake = await startInProcessTarget();
  const states = fake.config.provider_states!;
  const upstream = states.url.replace(/\/$/, '');
  const headers = states.headers ?? {};
  const proxy: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const changed = change(Buffer.concat(chunks).toString('utf8'));
    if (typeof changed !== 'string') {
      res.writeHead(changed.refuse.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(changed.refuse.body));
      return;
    }
    const answer = await fetch(`${upstream}${req.url === '/' ? '' : req.url}`, {
      method: req.method ?? 'GET',
      headers: { ...headers, ...(changed ? { 'content-type': 'application/json' } : {}) },
      ...(changed ? { body: changed } : {}),
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(await answer.text());
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  return {
    fake,
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((done) => proxy.close(() => done()));
      await fake.close();
    },
  };
}
