/** Reading and rewriting the bodies the breaking rules touch: JSON, form-urlencoded, the envelope. */
import type { Answer, Exchange } from './rule.js';

type Json = Record<string, unknown>;

/** The spec's messages the rules answer with. */
export const INVALID_PARAMS = 'Invalid params';
export const FORBIDDEN = 'You do not have permission to perform this action';

/** The body as a JSON object, or undefined when it is not one. */
export function jsonOf(message: { body: Buffer }): Json | undefined {
  try {
    const value = JSON.parse(message.body.toString('utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** The same message with `value` as its JSON body. */
export const withJson = <M extends Exchange | Answer>(message: M, value: unknown): M => ({
  ...message,
  body: Buffer.from(JSON.stringify(value)),
});

/** A JSON request or answer rewritten by `edit` (left alone when its body is not a JSON object). */
export function editJson<M extends Exchange | Answer>(message: M, edit: (body: Json) => Json | undefined): M {
  const body = jsonOf(message);
  const edited = body ? edit(body) : undefined;
  return edited ? withJson(message, edited) : message;
}

export const isForm = (req: Exchange): boolean =>
  (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/** A form-urlencoded request rewritten by `edit` (left alone when it is not form-encoded). */
export function editForm(req: Exchange, edit: (form: URLSearchParams) => void): Exchange {
  if (!isForm(req)) return req;
  const form = new URLSearchParams(req.body.toString('utf8'));
  edit(form);
  return { ...req, body: Buffer.from(form.toString()) };
}

/** An answer in the spec's envelope, as the target would send it. */
export const envelope = (status: number, body: Json): Answer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from(JSON.stringify(body)),
});

export const refusal = (status: number, message: string): Answer =>
  envelope(status, { type: 'RXERROR', message });

/** The Bearer value of a request, if any. */
export const bearerOf = (req: Exchange): string | undefined =>
  /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];

export const withBearer = (req: Exchange, value: string): Exchange => ({
  ...req,
  headers: { ...req.headers, authorization: `Bearer ${value}` },
});

/** The success envelope's `data` of an answer, when it has one. */
export const dataOf = (res: Answer): unknown => jsonOf(res)?.data;
