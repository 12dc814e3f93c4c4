/**
 * The shape of one generated request body (a {@link Probe}) and the small helpers every body arbitrary shares:
 * content-type constants, own-property key edits that survive `__proto__`, and an operation's request field names.
 */
import { z } from 'zod';
import type { Operation } from '../../../contract/index.js';

/**
 * One generated request body. `object` bodies are encoded as the operation's table says (JSON or form);
 * `raw` bodies are sent as these exact bytes with this content type (none when absent).
 */
export type Probe =
  | {
      readonly kind: 'object';
      readonly label: string;
      readonly body: unknown;
      /** The keys added to a valid body (extraFieldsBodyArb), so a check can tell which fields are unknown. */
      readonly extraKeys?: readonly string[];
      /** The valid body before those keys were added. */
      readonly withoutExtras?: unknown;
    }
  | {
      readonly kind: 'raw';
      readonly label: string;
      readonly body: string | Buffer;
      readonly contentType?: string;
      /** Further request headers (e.g. Content-Encoding). */
      readonly headers?: Readonly<Record<string, string>>;
    };

export type Body = Record<string, unknown>;

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';

/** An own, enumerable property even for `__proto__` (a plain assignment would set the prototype instead). */
export function withKey(body: Body, key: string, value: unknown): Body {
  const copy: Body = {};
  for (const k of Object.keys(body)) Object.defineProperty(copy, k, ownProperty(body[k]));
  Object.defineProperty(copy, key, ownProperty(value));
  return copy;
}

const ownProperty = (value: unknown): PropertyDescriptor => ({
  value,
  enumerable: true,
  writable: true,
  configurable: true,
});

export function withoutKey(body: Body, key: string): Body {
  const copy: Body = {};
  for (const k of Object.keys(body)) if (k !== key) Object.defineProperty(copy, k, ownProperty(body[k]));
  return copy;
}

/** The field names of an operation's request, read from its contract schema. */
export function requestFields(op: Operation): string[] {
  return op.request instanceof z.ZodObject ? Object.keys(op.request.shape) : [];
}
