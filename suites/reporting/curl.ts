/**
 * A curl line that sends a kept request again (issue 39, item 6; Schemathesis gives each failure one): the method, the
 * address as `$BASE_URL` (or `$ORG_BASE_URL`) and the path below it, the content type, the credential as an
 * environment variable named after the target file's field (`-H "Authorization: Bearer $TOKENS_OWNER"`), never a
 * value, and the body as sent, shell-quoted. A body the report kept only the start of is said so.
 */
import { requestOperation } from './request-operation.js';

/** `'…'` for a POSIX shell: every character literal. */
export const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The environment variable a credential's value is read from, by the name the report gives the credential
 * (suites/target/target.ts credentialName): `the owner token` → TOKENS_OWNER (tokens.owner of the target file),
 * `the project key` → PROJECT_KEY; a credential a test made is no field of the target file.
 */
export function credentialVariable(credential: string | undefined, header: string, value: string): string {
  const token = /^the (\w+) token$/.exec(credential ?? '');
  if (token) return `TOKENS_${(token[1] as string).toUpperCase()}`;
  if (credential === 'the project key') return 'PROJECT_KEY';
  // Made by the test, or sent as a header of its own (a request counted with no credential that still carries one).
  if (credential === 'a test-made credential' || credential === 'no credential')
    return 'TEST_MADE_CREDENTIAL';
  // Not named: the spec's own placeholders, by what the value looks like.
  return header === 'authorization' && !value.includes('apk-') ? 'API_TOKEN' : 'PROJECT_API_KEY';
}

const CREDENTIAL_HEADERS = ['authorization', 'api-key', 'x-api-key'] as const;
const SHOWN_NAMES: Record<string, string> = {
  authorization: 'Authorization',
  'api-key': 'api-key',
  'x-api-key': 'x-api-key',
  'content-type': 'Content-Type',
};

/** The header as curl sends it, its credential read from the variable (double quotes, so the shell expands it). */
function credentialHeader(name: string, value: string, variable: string): string {
  const shown = SHOWN_NAMES[name] ?? name;
  const scheme = /^(bearer|basic)\s+\S/i.exec(value);
  const sent = scheme ? `${value.slice(0, scheme[1]?.length)} $${variable}` : `$${variable}`;
  return `-H "${shown}: ${sent}"`;
}

export interface CurlOptions {
  /** The name of the credential the request went out with, as the report gives it. */
  readonly credential?: string;
  /** The path of the target's base_url (`/api/v1`): another base path is `$ORG_BASE_URL`'s. */
  readonly basePath?: string;
}

/** The curl line of a kept request note (suites/target/exchange-note.ts). */
export function curlLine(request: string, options: CurlOptions = {}): string {
  const found = requestOperation(request);
  const { parts, method } = found;
  let url: string;
  if (found.operation && found.basePath !== undefined) {
    const base =
      options.basePath === undefined || found.basePath === options.basePath ? 'BASE_URL' : 'ORG_BASE_URL';
    url = `"$${base}${found.operation.path}"`;
  } else if (options.basePath !== undefined && found.path.startsWith(`${options.basePath}/`)) {
    url = `"$BASE_URL${found.path.slice(options.basePath.length)}"`;
  } else url = `"$BASE_URL${found.path}"`;
  const words = ['curl', '-sS', '-i', '-X', method, url];
  for (const name of CREDENTIAL_HEADERS) {
    const value = parts.headers[name];
    if (value === undefined) continue;
    words.push(credentialHeader(name, value, credentialVariable(options.credential, name, value)));
  }
  const type = parts.headers['content-type'];
  if (type !== undefined) words.push('-H', shellQuote(`Content-Type: ${type}`));
  const notes: string[] = [];
  if (parts.body === '(binary body)') notes.push('the body was binary: the report kept none of it');
  else if (parts.body !== '' || method === 'POST') words.push('--data-raw', shellQuote(parts.body));
  if (parts.cutFrom !== undefined)
    notes.push(`the report kept the first ${parts.body.length} of the body's ${parts.cutFrom} characters`);
  return `${words.join(' ')}${notes.length > 0 ? `  # ${notes.join('; ')}` : ''}`;
}
