/**
 * The fake's control API answered as it is, refusals included: the control client (target/control-client.ts)
 * throws on anything but 200, which is right for setting up a world but not for tests that check which control
 * actions were refused (concurrent lifecycle actions, model-based runs).
 */
import type { Target } from '../target/target.js';
import { send } from '../target/transport.js';

export interface ControlAnswer<T = unknown> {
  status: number;
  /** The envelope's message ('' when the body is not an envelope). */
  message: string;
  data: T | undefined;
}

export async function controlAnswer<T = unknown>(
  t: Target,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ControlAnswer<T>> {
  const control = t.config.control;
  if (!control) throw new Error('target has no control API');
  const res = await send({
    method,
    url: `${control.url.replace(/\/$/, '')}${path}`,
    headers: {
      'x-control-secret': control.secret,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = res.json as { message?: unknown; data?: T } | undefined;
  return {
    status: res.status,
    message: typeof json?.message === 'string' ? json.message : '',
    data: json?.data,
  };
}
