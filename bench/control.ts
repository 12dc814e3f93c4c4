/**
 * A small client of the fake's control API and public API for the benchmark's set-up (not measured): the typed
 * control client of contract/control/ over fetch (`api`), plus the untyped `control()` kept for any other call.
 */
import {
  type ControlApi,
  type ControlExchange,
  type ControlMethod,
  createControlApi,
  fetchExchange,
} from '../contract/control/index.js';
import type { TargetConfig } from '../contract/index.js';

export interface Envelope<T> {
  type: string;
  message: string;
  data: T;
  total?: number;
}

export class BenchClient {
  /** Every control route as a checked method (contract/control/client.ts). */
  readonly api: ControlApi;

  constructor(readonly target: TargetConfig) {
    this.api = createControlApi(this.exchange);
  }

  get origin(): string {
    return new URL(this.target.base_url).origin;
  }

  private readonly exchange: ControlExchange = (method, path, body, options) => {
    const control = this.target.control;
    if (!control) throw new Error('the target has no control API');
    return fetchExchange(
      control.url,
      control.secret,
      (status, m, p, message) => new Error(`control ${m} ${p}: ${status} ${message}`),
    )(method, path, body, options);
  };

  /** Any control route, unchecked; resolves to the envelope's data. */
  control<T>(
    method: Extract<ControlMethod, 'GET' | 'POST' | 'DELETE'>,
    path: string,
    body?: unknown,
  ): Promise<T> {
    return this.exchange(method, path, body) as Promise<T>;
  }

  /** A public API call; returns status and parsed body. */
  async call(
    path: string,
    headers: Record<string, string>,
    body: unknown,
  ): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${this.target.base_url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  }
}
