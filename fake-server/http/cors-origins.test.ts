import { describe, expect, it } from 'vitest';
import { CorsOriginsError, DEFAULT_CORS_ORIGINS, originRule, splitOrigins } from './cors-origins.js';

describe('CORS origin rule', () => {
  const byDefault = originRule(DEFAULT_CORS_ORIGINS);

  const local = [
    'http://localhost:3000',
    'http://localhost',
    'https://localhost:8443',
    'http://127.0.0.1:4020',
  ];
  const elsewhere = ['https://example.com', 'http://localhost.example.com:3000', 'http://127.0.0.2:3000'];
  const odd = [
    'null',
    'file://',
    'http://localhost:3000/path',
    'HTTP://LOCALHOST:3000',
    'ws://localhost:3000',
    '',
  ];
  it.each([
    ...[...local, 'https://127.0.0.1', 'http://[::1]:8080'].map((origin) => ({ origin, allowed: true })),
    ...[...elsewhere, 'http://192.168.1.10:3000', ...odd, 'not an origin'].map((origin) => ({
      origin,
      allowed: false,
    })),
  ])('[FAKE-CORS] by default, $origin allowed: $allowed', ({ origin, allowed }) => {
    expect(byDefault(origin)).toBe(allowed);
  });

  it('[FAKE-CORS] an exact origin allows that origin only, its default port written or not', () => {
    const rule = originRule(['https://widget.example.com:443', 'http://localhost:3000/']);
    expect(rule('https://widget.example.com')).toBe(true);
    expect(rule('http://localhost:3000')).toBe(true);
    expect(rule('http://localhost:3001')).toBe(false);
    expect(rule('http://widget.example.com')).toBe(false);
  });

  it('[FAKE-CORS] `*` allows any origin and `null` the file:// pages', () => {
    expect(originRule(['*'])('https://anywhere.example')).toBe(true);
    expect(originRule(['null'])('null')).toBe(true);
    expect(originRule(['null'])('http://localhost:3000')).toBe(false);
  });

  it('[FAKE-CORS] no pattern allows nothing', () => {
    expect(originRule([])('http://localhost:3000')).toBe(false);
  });

  it.each([
    'localhost:3000',
    'http://localhost:3000/app',
    'ftp://localhost:21',
    'http://localhost:3000:*',
    'http://localhost:3000?x=1',
    'http://user@localhost:3000',
    'nonsense',
    'xhttp://localhost:3000/',
    'shttps://localhost/:*',
  ])('[FAKE-CORS] refuses the pattern %j, naming it', (pattern) => {
    expect(() => originRule([pattern])).toThrow(CorsOriginsError);
    expect(() => originRule([pattern])).toThrow(pattern);
  });

  it('[FAKE-CORS] blanks around a pattern are ignored, whatever its kind', () => {
    expect(originRule([' * '])('https://anywhere.example')).toBe(true);
    expect(originRule(['\tnull\n'])('null')).toBe(true);
    const anyPort = originRule(['http://widget.test:* ']);
    expect(anyPort('http://widget.test:8080')).toBe(true);
    expect(anyPort('https://widget.test:8080')).toBe(false);
  });

  it('[FAKE-CORS] a list is split on commas, blanks and spaces dropped', () => {
    expect(splitOrigins(' http://a.test , ,https://b.test:8443,')).toEqual([
      'http://a.test',
      'https://b.test:8443',
    ]);
  });
});
