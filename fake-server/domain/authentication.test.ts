import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { authenticateProjectKey, authenticateToken, bearerValue } from './authentication.js';
import { DomainError } from './errors.js';
import { failure } from './errors.test-support.js';

describe('bearerValue: the credential of an Authorization header', () => {
  it('takes the value after the Bearer scheme, in any letter case, with spaces around it [AUTH-BEARER-HEADER, AUTH-RAG-KEY-HEADERS]', () => {
    expect(bearerValue('Bearer API-V1-abc')).toBe('API-V1-abc');
    expect(bearerValue('bearer   apk-xyz  ')).toBe('apk-xyz');
  });

  it('refuses a header that does not start with the Bearer scheme, or carries more than one value [AUTH-BEARER-HEADER]', () => {
    expect(bearerValue('NotBearer API-V1-abc')).toBeUndefined();
    expect(bearerValue('Basic Bearer API-V1-abc')).toBeUndefined();
    expect(bearerValue('Bearer API-V1-abc extra')).toBeUndefined();
    expect(bearerValue('Bearer')).toBeUndefined();
    expect(bearerValue('')).toBeUndefined();
    expect(bearerValue(undefined)).toBeUndefined();
  });
});

describe('authenticateToken', () => {
  it('refuses a token whose organization is gone, as an invalid token [AUTH-BEARER-HEADER]', () => {
    const { domain, seeded } = new Runtime();
    const value = seeded!.tokens.owner!;
    expect(authenticateToken(domain, value).organization.id).toBe(seeded!.organizationId);
    domain.state.organizations.delete(seeded!.organizationId);
    const refused = failure(() => authenticateToken(domain, value));
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ status: 401 });
  });

  it('refuses a value without the token prefix, even one stored as a token [TOKEN-PREFIX, AUTH-BEARER-HEADER]', () => {
    const { domain, seeded } = new Runtime();
    const token = [...domain.state.tokens.values()].find((t) => t.value === seeded!.tokens.owner)!;
    token.value = 'v1-no-prefix-value';
    expect(failure(() => authenticateToken(domain, 'v1-no-prefix-value'))).toMatchObject({ status: 401 });
  });
});

describe('authenticateProjectKey', () => {
  it('refuses a value without the apk- prefix, even one stored as a key [AUTH-KEY-PREFIX]', () => {
    const { domain, seeded } = new Runtime();
    const key = Object.values(seeded!.projectKeys)[0]!;
    domain.state.projectKeys.set('key-without-prefix', domain.state.projectKeys.get(key)!);
    const refused = failure(() => authenticateProjectKey(domain, 'key-without-prefix'));
    expect(refused).toMatchObject({ status: 401, message: 'Invalid or revoked API key' });
  });

  it('refuses a key whose project has no organization any more, as an unknown key [AUTH-KEY-PREFIX, RAG-INVALID-KEY-401]', () => {
    const runtime = new Runtime();
    const { domain, seeded } = runtime;
    const key = Object.values(seeded!.projectKeys)[0]!;
    expect(authenticateProjectKey(domain, key).project.id).toBe(
      domain.state.projectKeys.get(key)!.project_id,
    );
    domain.state.organizations.clear();
    const refused = (() => {
      try {
        authenticateProjectKey(domain, key);
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ status: 401, message: 'Invalid or revoked API key' });
  });
});
