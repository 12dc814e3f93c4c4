/**
 * Plain, well-formed calls the fuzzer makes around the cases: the control API (reset, target, consistency,
 * rate-limit counters) and operations with a valid credential and body (to prepare an epoch and to check the
 * state after it). Nothing adversarial goes through here.
 */
import { request } from 'undici';
import {
  type ControlApi,
  type ControlMethod,
  createControlApi,
  readControlAnswer,
} from '../../contract/control/index.js';
import { type Operation, operationById, type TargetConfig } from '../../contract/index.js';

export interface Answer {
  status: number;
  json: unknown;
  text: string;
}

async function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const res = await request(url, {
    method: method as 'POST',
    headers,
    ...(body !== undefined ? { body } : {}),
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, json, text };
}

/** The fake's control API: the typed client of contract/control/ over undici (`api`), and raw calls (`call`). */
export class ControlClient {
  /** Every control route as a checked method (contract/control/client.ts). */
  readonly api: ControlApi;

  constructor(
    readonly url: string,
    private readonly secret: string,
  ) {
    this.api = createControlApi(async (method, path, body, options) => {
      const answer = await this.send(method, path, options?.text ?? jsonOf(body));
      if (options?.textAnswer && answer.status === 200) return answer.text;
      const read = readControlAnswer(answer.status, answer.text);
      if (!read.ok) throw new Error(`control ${method} ${path}: ${answer.status} ${read.message}`);
      return read.data;
    });
  }

  private send(method: ControlMethod, path: string, text: string | undefined): Promise<Answer> {
    const headers: Record<string, string> = { 'x-control-secret': this.secret };
    if (text !== undefined) headers['content-type'] = 'application/json';
    return send(method, `${this.url}${path}`, headers, text);
  }

  /** One control request answered as it is (anything but 200 rejects). */
  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const answer = await this.send(method, path, jsonOf(body));
    if (answer.status !== 200)
      throw new Error(`control ${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
    return answer;
  }

  async reset(): Promise<void> {
    await this.api.reset({ clock_mode: 'frozen' });
  }

  target(): Promise<TargetConfig> {
    return this.api.target();
  }

  async resetRateLimits(): Promise<void> {
    await this.api.resetRateLimits();
  }
}

const jsonOf = (body: unknown): string | undefined => (body === undefined ? undefined : JSON.stringify(body));

export type Credential = { token: string } | { key: string };

/** Call an operation the way a client would: its credential header, its encoding, a valid body. */
export function callOperation(
  target: TargetConfig,
  id: string,
  credential: Credential,
  body: Record<string, unknown>,
): Promise<Answer> {
  const op: Operation = operationById(id);
  const headers: Record<string, string> =
    'token' in credential ? { authorization: `Bearer ${credential.token}` } : { 'api-key': credential.key };
  let text: string;
  if (op.encoding === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    text = new URLSearchParams(
      Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  } else {
    headers['content-type'] = 'application/json';
    text = JSON.stringify(body);
  }
  return send('POST', `${target.base_url}${op.path}`, headers, text);
}
