/** A small client of the fake's control API and public API for the benchmark's set-up (not measured). */
import type { TargetConfig } from '../contract/index.js';

export interface Envelope<T> {
  type: string;
  message: string;
  data: T;
  total?: number;
}

export class BenchClient {
  constructor(readonly target: TargetConfig) {}

  get origin(): string {
    return new URL(this.target.base_url).origin;
  }

  async control<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const control = this.target.control;
    if (!control) throw new Error('the target has no control API');
    const res = await fetch(`${control.url}${path}`, {
      method,
      headers: {
        'x-control-secret': control.secret,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as Envelope<T>;
    if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${json.message}`);
    return json.data;
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
