/**
 * A small client of the fake's control API and public API for the benchmark's set-up (not measured): the typed
 * control client of contract/control/ over fetch (`api`), plus the untyped `control()` kept for any other call.
 */
import {
  type ControlApi,
  type ControlExchange,
  type ControlMethod,
  createControlApi,
  readControlAnswer,
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

  private readonly exchange: ControlExchange = async (method, path, body, options) => {
    const control = this.target.control;
    if (!control) throw new Error('the target has no control API');
    const text = options?.text ?? (body !== undefined ? JSON.stringify(body) : undefined);
    const res = await fetch(`${control.url}${path}`, {
      method,
      headers: {
        'x-control-secret': control.secret,
        ...(text !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(text !== undefined ? { body: text } : {}),
    });
    const answerText = await res.text();
    if (options?.textAnswer && res.ok) return answerText;
    const answer = readControlAnswer(res.status, answerText);
    if (!answer.ok) throw new Error(`control ${method} ${path}: ${res.status} ${answer.message}`);
    return answer.data;
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
