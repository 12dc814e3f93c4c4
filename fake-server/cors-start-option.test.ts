import { describe, expect, it } from 'vitest';
import { corsOriginsFromStart } from './cors-start-option.js';

describe('npm start: --cors-origins and FAKE_CORS_ORIGINS [FAKE-CORS]', () => {
  it('[FAKE-CORS] neither given, or a blank variable: the default (undefined)', () => {
    expect(corsOriginsFromStart([], {})).toBeUndefined();
    expect(corsOriginsFromStart(['--state', 'x.json'], { FAKE_CORS_ORIGINS: ' ' })).toBeUndefined();
  });

  it('[FAKE-CORS] the variable is a comma-separated list', () => {
    expect(corsOriginsFromStart([], { FAKE_CORS_ORIGINS: 'http://localhost:3000, null' })).toEqual([
      'http://localhost:3000',
      'null',
    ]);
  });

  it('[FAKE-CORS] the flag, in either form, wins over the variable', () => {
    const env = { FAKE_CORS_ORIGINS: 'http://localhost:3000' };
    expect(corsOriginsFromStart(['--cors-origins', 'https://a.test,*'], env)).toEqual([
      'https://a.test',
      '*',
    ]);
    expect(corsOriginsFromStart(['--state', 's.json', '--cors-origins=https://b.test'], env)).toEqual([
      'https://b.test',
    ]);
  });

  it.each([
    [['--cors-origins'], '--cors-origins needs'],
    [['--cors-origins', '--state', 'x'], '--cors-origins needs'],
    [['--cors-origins='], '--cors-origins needs'],
    [['--cors-origins', 'localhost:3000'], 'localhost:3000'],
  ])('[FAKE-CORS] %j is refused with a message saying why', (argv, message) => {
    expect(() => corsOriginsFromStart(argv, {})).toThrow(message);
  });

  it('[FAKE-CORS] a variable with no origin, or a wrong one, is refused naming it', () => {
    expect(() => corsOriginsFromStart([], { FAKE_CORS_ORIGINS: ',' })).toThrow('FAKE_CORS_ORIGINS needs');
    expect(() => corsOriginsFromStart([], { FAKE_CORS_ORIGINS: 'ftp://x' })).toThrow('ftp://x');
  });
});
