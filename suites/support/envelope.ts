/** Assertions about the spec's envelopes, shared by every suite. */
import { expect } from 'vitest';
import { ErrorEnvelope, MessageOnlyEnvelope, operationById, successEnvelope } from '../../contract/index.js';
import type { RawResponse } from '../target/transport.js';

/** The response is the error envelope with this status (and message, when given). */
export function expectError(res: RawResponse, status: number, message?: string | RegExp): void {
  expect(res.status, `status; body: ${res.text.slice(0, 300)}`).toBe(status);
  const parsed = ErrorEnvelope.safeParse(res.json);
  expect(parsed.success, `error envelope; body: ${res.text.slice(0, 300)}`).toBe(true);
  if (message !== undefined) {
    const text = (res.json as { message: string }).message;
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
  }
}

/** The response is a 200 success envelope whose data matches the operation's response schema. */
export function expectSuccess<T = unknown>(
  res: RawResponse,
  operationId: string,
): { data: T; total?: number; message: string } {
  expect(res.status, `status; body: ${res.text.slice(0, 300)}`).toBe(200);
  const op = operationById(operationId);
  const schema = op.response ? successEnvelope(op.response) : MessageOnlyEnvelope;
  const parsed = schema.safeParse(res.json);
  if (!parsed.success) {
    throw new Error(
      `${operationId}: response does not match the contract: ${parsed.error.message}\n${res.text.slice(0, 500)}`,
    );
  }
  const body = res.json as { data: T; total?: number; message: string };
  if (op.hasTotal) expect(typeof body.total, 'total is present').toBe('number');
  return body;
}

/** Either envelope, never a 5xx, always JSON. */
export function expectEnvelope(res: RawResponse): void {
  expect(res.status, `no 5xx; body: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  expect(res.headers['content-type'] ?? '').toMatch(/application\/json/);
  const ok = ErrorEnvelope.safeParse(res.json).success || MessageOnlyEnvelope.safeParse(res.json).success;
  expect(ok, `envelope; body: ${res.text.slice(0, 200)}`).toBe(true);
  expect(res.text).not.toMatch(/\n\s+at .+:\d+:\d+/);
}
