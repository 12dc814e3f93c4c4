/** The origin a started fake gives out: the bound address, --advertise-url, or loopback for a wildcard bind. */
import { describe, expect, it } from 'vitest';
import { addressesOf, isWildcard } from './advertise.js';

describe('the advertised origin [FAKE-ADVERTISE-URL]', () => {
  it('[FAKE-ADVERTISE-URL] bound to loopback or a named host: that address, and nothing to say', () => {
    expect(addressesOf('127.0.0.1', 4010, undefined)).toEqual({
      bound: 'http://127.0.0.1:4010',
      local: 'http://127.0.0.1:4010',
      advertised: 'http://127.0.0.1:4010',
    });
    expect(addressesOf('::1', 4011, undefined).advertised).toBe('http://[::1]:4011');
    expect(addressesOf('fake.internal', 4012, undefined).advertised).toBe('http://fake.internal:4012');
  });

  it.each([
    ['0.0.0.0', 'http://127.0.0.1:4010'],
    ['::', 'http://[::1]:4010'],
    ['[::]', 'http://[::1]:4010'],
    ['0:0:0:0:0:0:0:0', 'http://[::1]:4010'],
  ])(
    '[FAKE-ADVERTISE-URL] bound to %s without --advertise-url: %s and one line naming the option',
    (host, local) => {
      const a = addressesOf(host, 4010, undefined);
      expect(a.advertised).toBe(local);
      expect(a.local).toBe(local);
      expect(a.note).toMatch(/teammates cannot call/);
      expect(a.note).toContain('--advertise-url http://');
      expect(a.note).toContain(':4010');
      expect(a.note?.split('\n')).toHaveLength(1);
    },
  );

  it('[FAKE-ADVERTISE-URL] --advertise-url is what is given out, whatever the bind; loopback stays the local URL', () => {
    expect(addressesOf('0.0.0.0', 4010, 'http://devbox.lan:4010')).toEqual({
      bound: 'http://0.0.0.0:4010',
      local: 'http://127.0.0.1:4010',
      advertised: 'http://devbox.lan:4010',
    });
    expect(addressesOf('127.0.0.1', 5000, 'https://fake.example').advertised).toBe('https://fake.example');
  });

  it('[FAKE-ADVERTISE-URL] wildcard addresses are 0.0.0.0 and the spellings of ::, nothing else', () => {
    for (const host of ['0.0.0.0', '::', '[::]', '::0', '0:0::0']) expect(isWildcard(host), host).toBe(true);
    for (const host of ['127.0.0.1', '::1', 'localhost', '10.0.0.1', '0.0.0.1', 'fe80::'])
      expect(isWildcard(host), host).toBe(false);
  });
});
