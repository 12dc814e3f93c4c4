/** Ask a fake in memory (no port): one request into its Koa app, the whole answer back, a reset included. */
import inject from 'light-my-request';
import type { FakeServer } from '../fake-server/index.js';
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
  const res = await inject(fake.app.callback() as unknown as inject.DispatchFunc, {
    method: req.method as NonNullable<inject.InjectOptions['method']>,
    url: req.path,
    headers: req.headers,
    ...(req.body ? { payload: req.body } : {}),
    payloadAsStream: true,
  });
  const chunks: Buffer[] = [];
  let ended: 'complete' | 'reset' = 'complete';
  try {
    for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk as Buffer));
  } catch {
    ended = 'reset';
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k.toLowerCase()] = String(v);
  return { status: res.statusCode, headers, body: Buffer.concat(chunks).toString('utf8'), ended };
}
