/**
 * The suites' client of the fake's control API (only targets with `control` in their config have one): the typed
 * client of contract/control/ over the suites' transport (so record and replay keep working). Besides one checked
 * method per route, it keeps the untyped get/post/delete that the suites use for anything else.
 */
import {
  type ControlApi,
  type ControlExchange,
  createControlApi,
  readControlAnswer,
} from '../../contract/control/index.js';
import type { TargetConfig } from '../../contract/index.js';
import { send } from './transport.js';

/**
 * Every route of contract/control/api.ts as a method whose answer is checked against its schema, plus
 * get/post/delete (unchecked), reset (the fresh target config) and advance (the new virtual now).
 */
export type ControlClient = ControlApi;

export function createControlClient(control: NonNullable<TargetConfig['control']>): ControlClient {
  const base = control.url.replace(/\/$/, '');
  const exchange: ControlExchange = async (method, path, body, options) => {
    const text = options?.text ?? (body !== undefined ? JSON.stringify(body) : undefined);
    const res = await send({
      method,
      url: `${base}${path}`,
      headers: {
        'x-control-secret': control.secret,
        ...(text !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(text !== undefined ? { body: text } : {}),
    });
    if (options?.textAnswer && res.status === 200) return res.text;
    const answer = readControlAnswer(res.status, res.text);
    if (!answer.ok) throw new Error(`control ${method} ${path} → ${res.status} ${answer.message}`);
    return answer.data;
  };
  return createControlApi(exchange);
}
