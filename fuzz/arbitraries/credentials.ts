/**
 * Credentials as request headers, for each credential kind of the operation table: the real seeded ones (most of
 * the time, so requests reach the body and the rules), tampered ones, none, the wrong kind, duplicated
 * Authorization or api-key headers, odd spacing and overlong values.
 */
import fc from 'fast-check';
import type { CredentialKind } from '../../contract/index.js';
import { tamperedArb } from '../../suites/support/arbitraries/credentials.js';
import type { HeaderList } from '../case.js';
import type { FuzzContext } from '../context.js';

export interface Credential {
  readonly label: string;
  readonly headers: HeaderList;
}

const bearer = (value: string) => `Bearer ${value}`;
const one = (name: string, value: string): HeaderList => [[name, value]];

/** How a valid value is written in its header: mostly canonical, sometimes with legal odd spacing or case. */
const spellingArb: fc.Arbitrary<(v: string) => string> = fc.oneof(
  { arbitrary: fc.constant(bearer), weight: 8 },
  fc.constant((v: string) => `bearer ${v}`),
  fc.constant((v: string) => `Bearer \t ${v}  `),
);

/** The valid credentials of a kind, as header lists. */
function validArb(kind: CredentialKind, ctx: FuzzContext): fc.Arbitrary<Credential> {
  if (kind === 'bearer-token') {
    const [owner, ...others] = ctx.tokens;
    const token = others.length
      ? fc.oneof({ arbitrary: fc.constant(owner!), weight: 3 }, fc.constantFrom(...others))
      : fc.constant(owner!);
    return fc
      .tuple(token, spellingArb)
      .map(([t, spell]) => ({ label: 'valid token', headers: one('authorization', spell(t)) }));
  }
  if (kind === 'project-key')
    return fc.constant({ label: 'valid key', headers: one('api-key', ctx.projectKey) });
  return fc.oneof(
    spellingArb.map((spell) => ({
      label: 'valid key as Bearer',
      headers: one('authorization', spell(ctx.projectKey)),
    })),
    fc.constant({ label: 'valid key in x-api-key', headers: one('x-api-key', ctx.projectKey) }),
    fc.constant({
      label: 'valid key in both',
      headers: [
        ['authorization', bearer(ctx.projectKey)],
        ['x-api-key', ctx.projectKey],
      ] as HeaderList,
    }),
  );
}

/** Where a credential of this kind goes. */
const headerFor = (kind: CredentialKind): { name: string; write: (v: string) => string } =>
  kind === 'project-key' ? { name: 'api-key', write: (v) => v } : { name: 'authorization', write: bearer };

/** Credentials that must not authenticate (or, duplicated, must not confuse the server). */
function invalidArb(kind: CredentialKind, ctx: FuzzContext): fc.Arbitrary<Credential> {
  const own = kind === 'bearer-token' ? ctx.tokens[0]! : ctx.projectKey;
  const other = kind === 'bearer-token' ? ctx.projectKey : ctx.tokens[0]!;
  const { name, write } = headerFor(kind);
  const valid = write(own);
  return fc.oneof(
    fc.constant({ label: 'no credential', headers: [] as HeaderList }),
    fc
      .constantFrom('', ' ', 'Bearer', 'Bearer ', 'null', 'undefined', 'Basic Zm9vOmJhcg==')
      .map((v) => ({ label: 'empty or other scheme', headers: one(name, v) })),
    tamperedArb(own).map((t) => ({ label: `tampered (${t.how})`, headers: one(name, write(t.value)) })),
    fc.constant({ label: 'the other kind of credential', headers: one(name, write(other)) }),
    fc.constant({
      label: 'credential in the wrong header',
      headers: one(kind === 'project-key' ? 'authorization' : 'api-key', own),
    }),
    tamperedArb(own).map((t) => ({
      label: 'duplicated header: valid then tampered',
      headers: [
        [name, valid],
        [name, write(t.value)],
      ] as HeaderList,
    })),
    tamperedArb(own).map((t) => ({
      label: 'duplicated header: tampered then valid',
      headers: [
        [name, write(t.value)],
        [name, valid],
      ] as HeaderList,
    })),
    fc.constant({
      label: 'duplicated header: valid twice',
      headers: [
        [name, valid],
        [name, valid],
      ] as HeaderList,
    }),
    fc
      .integer({ min: 1_000, max: 12_000 })
      .map((n) => ({ label: 'overlong credential', headers: one(name, write(`${own}${'x'.repeat(n)}`)) })),
  );
}

/** Valid credentials about three times in four; the rest every kind of invalid one. */
export function credentialArb(kind: CredentialKind, ctx: FuzzContext): fc.Arbitrary<Credential> {
  return fc.oneof(
    { arbitrary: validArb(kind, ctx), weight: 3 },
    { arbitrary: invalidArb(kind, ctx), weight: 1 },
  );
}
