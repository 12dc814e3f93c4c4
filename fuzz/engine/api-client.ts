/**
 * Plain, well-formed calls the fuzzer makes around the cases: the control API (reset, target, consistency,
 * rate-limit counters) and operations with a valid credential and body (to prepare an epoch and to check the
 * state after it). Nothing adversarial goes through here.
 */
import { request } from 'undici';
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

export class ControlClient {
  constructor(
    readonly url: string,
    private readonly secret: string,
  ) {}

  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { 'x-control-secret': this.secret };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = await send(
      method,
      `${this.url}${path}`,
      headers,
      body === undefined ? undefined : JSON.stringify(body),
    );
    if (answer.status !== 200)
      throw new Error(`control ${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
    return answer;
  }

  async reset(): Promise<void> {
    await this.call('POST', '/reset', { clock_mode: 'frozen' });
  }

  async target(): Promise<TargetConfig> {
    return ((await this.call('GET', '/target')).json as { data: TargetConfig }).data;
  }

  async resetRateLimits(): Promise<void> {
    await this.call('POST', '/rate-limits/reset');
  }
}

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
