/**
 * Redaction of credentials and personal values in recorded interactions (one Redactor per process, consistent
 * across every interaction it sees):
 *
 * - Credentials: `api-v1-…` tokens and `apk-…` keys anywhere, the values of credential headers, and the values the
 *   caller declares (the target config's). Each becomes a placeholder derived from a SHA-256 of the value
 *   (`api-v1-redacted1a2b…`), the same in every process, so a replay can redact an incoming request the same way and
 *   match it. The part after the prefix is replaced too, so `API-V1-<rest of a real token>` leaks nothing.
 * - Personal values first seen in an ANSWER (emails, the names of users and members, invitation hashes, profile
 *   pictures) become placeholders keyed with an HMAC secret that is never written down. Values the harness itself
 *   sent first (a test's own invitation email) are its own test data and stay, so a replayed answer still echoes them.
 *
 * Placeholders are never redacted again, so redacting twice changes nothing.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Substitutions } from './substitutions.js';

const CREDENTIAL = /(api-v1-|apk-)([A-Za-z0-9_-]{6,})/g;
/** Bounded parts keep the scan linear on long text (a 1 MB body of letters has no address in it). */
const EMAIL = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}/g;
export const CREDENTIAL_HEADERS = [
  'authorization',
  'api-key',
  'x-api-key',
  'x-control-secret',
  'x-provider-states-secret',
  'cookie',
];
const PLACEHOLDER = 'redacted';
const PERSONAL_DOMAIN = '@example.invalid';
/** Values shorter than this are never substituted inside other text (too likely to hit something else). */
const MIN_SECRET = 8;

const digest = (value: string): string => createHash('sha256').update(value).digest('hex').slice(0, 16);

/** Whether `value` is, or carries, a placeholder (then it was redacted already, or derives from a redacted value). */
const isPlaceholder = (value: string): boolean =>
  value.includes(PLACEHOLDER) || value.includes(PERSONAL_DOMAIN) || value.startsWith('Person ');

export class Redactor {
  /** Sensitive text → its placeholder, applied longest first. */
  private readonly substitutions = new Substitutions();
  /** Strings the harness sent before any answer carried them: its own test data. */
  private readonly sentByHarness = new Set<string>();
  private readonly personalKey: Buffer;

  constructor(options: { secrets?: readonly string[]; personalKey?: string } = {}) {
    this.personalKey = options.personalKey ? Buffer.from(options.personalKey) : randomBytes(32);
    for (const s of options.secrets ?? []) this.learnSecret(s);
  }

  /** Declare a credential (e.g. from a target config). */
  learnSecret(value: string): void {
    if (value.length < MIN_SECRET || isPlaceholder(value)) return;
    const m = /^(api-v1-|apk-)(.+)$/.exec(value);
    if (m) {
      const [, prefix = '', rest = ''] = m;
      if (rest.startsWith(PLACEHOLDER)) return;
      const body = `${PLACEHOLDER}${digest(value)}`;
      this.add(value, `${prefix}${body}`);
      if (rest.length >= MIN_SECRET) this.add(rest, body);
      return;
    }
    this.add(value, `${PLACEHOLDER}-${digest(value)}`);
  }

  private learnPersonal(value: string, kind: 'email' | 'name' | 'opaque'): void {
    if (value.length === 0 || isPlaceholder(value) || this.sentByHarness.has(value)) return;
    if (this.substitutions.has(value)) return;
    const h = createHmac('sha256', this.personalKey).update(value).digest('hex').slice(0, 10);
    const placeholder =
      kind === 'email'
        ? `person-${h}${PERSONAL_DOMAIN}`
        : kind === 'name'
          ? `Person ${h}`
          : `${PLACEHOLDER}-${h}`;
    this.add(value, placeholder);
    // A test may send it back in another case (an address is case-insensitive): the same case of the placeholder.
    if (kind === 'email') {
      this.add(value.toUpperCase(), placeholder.toUpperCase());
      this.add(value.toLowerCase(), placeholder.toLowerCase());
    }
  }

  private add(value: string, placeholder: string): void {
    if (this.substitutions.get(value) === placeholder) return;
    this.substitutions.set(value, placeholder);
  }

  /** Apply every known substitution to `text`. */
  apply(text: string): string {
    return this.substitutions.apply(text);
  }

  /**
   * Learn the tokens and keys in `text` that no known secret covers: known ones are substituted first, so a known
   * token with something appended (`api-v1-<real>x`) is written as its placeholder plus `x`, as a replay sends it.
   */
  private learnCredentialsIn(text: string): void {
    for (const m of this.apply(text).matchAll(CREDENTIAL)) this.learnSecret(m[0]);
  }

  /** Redact one request's headers and body text; the body's strings count as the harness's own data. */
  request(
    headers: Record<string, string>,
    body: string | undefined,
  ): { headers: Record<string, string>; body: string | undefined } {
    for (const name of CREDENTIAL_HEADERS) {
      const value = headers[name];
      if (value === undefined) continue;
      this.learnCredentialsIn(value);
      // A value that carries no known secret is a credential of its own (one the harness made up stays consistent:
      // its placeholder is a hash of it).
      const bare = value.replace(/^\s*(bearer|basic)\s+/i, '').trim();
      if (this.apply(bare) === bare) this.learnSecret(bare);
    }
    if (body !== undefined) {
      this.learnCredentialsIn(body);
      this.sentText(body);
    }
    return { headers: this.headers(headers), body: body === undefined ? undefined : this.apply(body) };
  }

  /** The strings of a body the harness sent are its own data (also of a compressed body the server will decode). */
  sentText(body: string): void {
    for (const s of stringsIn(body)) {
      if (!this.substitutions.has(s)) this.sentByHarness.add(s);
      for (const m of s.matchAll(EMAIL)) if (!this.substitutions.has(m[0])) this.sentByHarness.add(m[0]);
    }
  }

  /** Redact one answer's headers and body text, learning the personal values it carries. */
  response(headers: Record<string, string>, body: string): { headers: Record<string, string>; body: string } {
    this.learnCredentialsIn(body);
    if (body.includes('@')) for (const m of body.matchAll(EMAIL)) this.learnPersonal(m[0], 'email');
    const json = parseJson(body);
    if (json !== undefined) this.learnPersonalFields(json, undefined);
    else
      for (const line of body.split('\n'))
        if (line.startsWith('data:')) {
          const data = parseJson(line.slice(5).trim());
          if (data !== undefined) this.learnPersonalFields(data, undefined);
        }
    return { headers: this.headers(headers), body: this.apply(body) };
  }

  private headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) out[k] = this.apply(v);
    return out;
  }

  /** Walks the JSON without recursion: a body may nest thousands of levels deep. */
  private learnPersonalFields(root: unknown, rootKey: string | undefined): void {
    const stack: [unknown, string | undefined][] = [[root, rootKey]];
    for (let item = stack.pop(); item; item = stack.pop()) {
      const [value, parentKey] = item;
      if (Array.isArray(value)) {
        for (const v of value) stack.push([v, parentKey]);
        continue;
      }
      if (value === null || typeof value !== 'object') continue;
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (typeof v === 'string') {
          if (k === 'email' || k.endsWith('_email')) this.learnPersonal(v, 'email');
          else if (k === 'name' && (parentKey === 'user' || parentKey === 'Member'))
            this.learnPersonal(v, 'name');
          else if (k === 'hash' || k === 'profile_pic') this.learnPersonal(v, 'opaque');
        } else stack.push([v, k]);
      }
    }
  }
}

function parseJson(text: string): unknown {
  const t = text.trimStart();
  if (!t.startsWith('{') && !t.startsWith('[')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The string values of a JSON or form body (or the whole text when it is neither). */
function stringsIn(body: string): string[] {
  const json = parseJson(body);
  if (json === undefined) {
    // A form body (the Platform operations that take one); other text has no fields to keep.
    return body.includes('=') ? [...new URLSearchParams(body).values()] : [];
  }
  const out: string[] = [];
  const stack: unknown[] = [json];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) stack.push(...v);
    else if (v !== null && typeof v === 'object') stack.push(...Object.values(v));
  }
  return out;
}
