/** A thin client of the fake's control API (only targets with `control` in their config have one). */
import type { TargetConfig } from '../../contract/index.js';
import { send } from './transport.js';

export interface ControlClient {
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  delete<T = unknown>(path: string): Promise<T>;
  /** Reset to the default fixtures (or the given seed) and return the fresh target config. */
  reset(body?: {
    seed?: number;
    fixtures?: 'default' | 'empty';
    clock_mode?: 'frozen' | 'ticking';
    /** The rate-limit window for this reset and every later one. */
    rate_window?: { ms?: number; mode?: 'fixed' | 'sliding' };
  }): Promise<TargetConfig>;
  advance(by: {
    ms?: number;
    seconds?: number;
    minutes?: number;
    hours?: number;
    days?: number;
  }): Promise<string>;
}

export function createControlClient(control: NonNullable<TargetConfig['control']>): ControlClient {
  const base = control.url.replace(/\/$/, '');
  const exchange = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await send({
      method,
      url: `${base}${path}`,
      headers: {
        'x-control-secret': control.secret,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const json = res.json as { type?: string; message?: string; data?: T } | undefined;
    if (res.status !== 200 || json?.type !== 'RXSUCCESS') {
      throw new Error(`control ${method} ${path} → ${res.status} ${json?.message ?? res.text.slice(0, 200)}`);
    }
    return json.data as T;
  };
  return {
    get: (path) => exchange('GET', path),
    post: (path, body) => exchange('POST', path, body ?? {}),
    delete: (path) => exchange('DELETE', path),
    reset: (body = {}) => exchange('POST', '/reset', body),
    advance: async (by) => (await exchange<{ now: string }>('POST', '/clock/advance', by)).now,
  };
}
