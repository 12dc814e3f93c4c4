/**
 * Bad credentials, as request headers: near misses of a valid value (also the fuzzer's, fuzz/arbitraries/
 * credentials.ts), and the Platform API's refused credentials.
 */
import fc from 'fast-check';

/** A near miss of a valid value: one character changed, dropped or added, case or spacing changed. */
export const tamperedArb = (value: string): fc.Arbitrary<{ how: string; value: string }> =>
  fc.oneof(
    fc.nat().map((i) => {
      const at = i % value.length;
      const c = value[at] === 'a' ? 'b' : 'a';
      return { how: 'one character changed', value: `${value.slice(0, at)}${c}${value.slice(at + 1)}` };
    }),
    fc.constant({ how: 'last character dropped', value: value.slice(0, -1) }),
    fc.constant({ how: 'character appended', value: `${value}0` }),
    fc.constant({ how: 'upper case', value: value.toUpperCase() }),
    fc.constant({ how: 'twice', value: `${value},${value}` }),
    fc.constant({ how: 'quoted', value: `"${value}"` }),
    fc.constant({ how: 'space inside', value: `${value.slice(0, 7)} ${value.slice(7)}` }),
    fc.constant({ how: 'percent-encoded', value: encodeURIComponent(value).replace(/-/g, '%2D') }),
    fc.constant({ how: 'prefix only', value: value.replace(/^(api-v1-|apk-).*/, '$1') }),
  );

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
    tamperedArb(token).map((t) => auth(`near miss (${t.how})`, `Bearer ${t.value}`)),
    fc.constant(auth('near miss (twice, space between)', `Bearer ${token} ${token}`)),
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
