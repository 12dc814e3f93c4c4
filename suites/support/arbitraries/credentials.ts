/**
 * Bad credentials for the Platform API, as request headers.
 */
import fc from 'fast-check';

/** What the target's config offers to build near-miss credentials from. */
export interface CredentialContext {
  /** A valid token value (never sent as-is). */
  token?: string;
  projectKey?: string;
}

/**
 * Request headers carrying a credential that is never a valid Platform token: missing, empty, garbage, another
 * scheme, the wrong prefix, a near miss of a real token, a project key as Bearer, a token in the wrong header.
 */
export function badCredentialArb(
  c: CredentialContext,
): fc.Arbitrary<{ label: string; headers: Record<string, string> }> {
  const token = c.token ?? 'api-v1-0000000000000000000000000000000000000000';
  const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });
  const suffix = fc.stringMatching(/^[a-z0-9]{1,48}$/);
  const auth = (label: string, value: string) => ({ label, headers: { authorization: value } });
  return fc.oneof(
    fc.constant({ label: 'no credential', headers: {} }),
    fc
      .constantFrom('', 'Bearer', 'Bearer ', 'Bearer    ', 'Basic', 'null', 'undefined')
      .map((v) => auth('empty', v)),
    printable.map((v) => auth('garbage', v)),
    printable.map((v) => auth('Bearer garbage', `Bearer ${v}`)),
    suffix.map((s) => auth('right prefix, unknown token', `Bearer api-v1-${s}`)),
    fc
      .constantFrom('api-v2-', 'api-v0-', 'API-V1-', 'api_v1_', 'apk-', 'api-', 'v1-', '')
      .map((p) => auth('wrong prefix', `Bearer ${p}${token.replace(/^api-v1-/, '')}`)),
    fc
      .constantFrom(
        `${token}x`,
        token.slice(0, -1),
        `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`,
        token.toUpperCase(),
        `${token} ${token}`,
        `${token},${token}`,
      )
      .map((v) => auth('near miss', `Bearer ${v}`)),
    fc
      .constantFrom(
        `Basic ${Buffer.from(`user:${token}`).toString('base64')}`,
        `Token ${token}`,
        token,
        `Bearer: ${token}`,
      )
      .map((v) => auth('other scheme', v)),
    fc.constant(auth('project key as Bearer', `Bearer ${c.projectKey ?? 'apk-0000000000000000'}`)),
    fc
      .constantFrom('api-key', 'x-api-key', 'token', 'x-auth-token')
      .map((h) => ({ label: `token in ${h}`, headers: { [h]: token } })),
  );
}
