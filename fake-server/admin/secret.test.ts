import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_SECRET, isLoopback, randomSecret, sameSecret, unsafeOnNetwork } from './secret.js';

describe('the admin secret [FAKE-ADMIN-SECRET-SAFE]', () => {
  it('matches only the secret itself: not a prefix, a longer value, another case, or nothing', () => {
    expect(sameSecret('s3cret', 's3cret')).toBe(true);
    for (const given of ['s3cre', 's3cret ', 'S3CRET', '', undefined])
      expect(sameSecret(given, 's3cret')).toBe(false);
  });

  it('knows loopback: 127.0.0.0/8, ::1 and localhost, and nothing else', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST'])
      expect(isLoopback(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'fake.internal', '128.0.0.1'])
      expect(isLoopback(host)).toBe(false);
  });

  it('refuses the default off loopback, whether given or not, and nothing else', () => {
    expect(unsafeOnNetwork('0.0.0.0', undefined)).toMatch(/--admin-secret SECRET \(or FAKE_ADMIN_SECRET\)/);
    expect(unsafeOnNetwork('0.0.0.0', DEFAULT_ADMIN_SECRET)).toBeDefined();
    expect(unsafeOnNetwork('0.0.0.0', 'a-real-secret')).toBeUndefined();
    expect(unsafeOnNetwork('127.0.0.1', undefined)).toBeUndefined();
  });

  it('makes a fresh random secret each time', () => {
    const a = randomSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(randomSecret()).not.toBe(a);
  });
});
