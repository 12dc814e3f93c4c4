/** The options of `npm start` and `chatbot-fake`: flags, variables, which wins, and what is refused. */
import { describe, expect, it } from 'vitest';
import { START_OPTIONS, startHelp, startSettings } from './start-options.js';

describe('npm start and chatbot-fake options [FAKE-START-OPTIONS]', () => {
  it('[FAKE-START-OPTIONS] with nothing given: 127.0.0.1:4010, seed 1, ticking clock, default window and origins', () => {
    const s = startSettings([], {});
    expect(s).toMatchObject({
      help: false,
      port: 4010,
      host: '127.0.0.1',
      seed: 1,
      state: undefined,
      targetFile: 'reports/fake-target.json',
      targetFileGiven: false,
      advertiseUrl: undefined,
      frozenClock: false,
      rateWindow: {},
      variant: [],
      corsOrigins: undefined,
    });
  });

  it('[FAKE-START-OPTIONS] every option is a flag and a variable, and the flag wins', () => {
    const values: Record<
      string,
      [string, string, (s: ReturnType<typeof startSettings>) => unknown, unknown]
    > = {
      port: ['4011', '0', (s) => s.port, 0],
      host: ['0.0.0.0', '::1', (s) => s.host, '::1'],
      seed: ['3', '7', (s) => s.seed, 7],
      state: ['a.json', 'b.json', (s) => s.state, 'b.json'],
      'target-file': ['a/t.json', 'b/t.json', (s) => [s.targetFile, s.targetFileGiven], ['b/t.json', true]],
      'advertise-url': [
        'http://a.test:1',
        'https://Fake.Example:4010/',
        (s) => s.advertiseUrl,
        'https://fake.example:4010',
      ],
      clock: ['ticking', 'frozen', (s) => s.frozenClock, true],
      'rate-window-ms': ['5000', '60000', (s) => s.rateWindow.ms, 60_000],
      'rate-window': ['fixed', 'sliding', (s) => s.rateWindow.mode, 'sliding'],
      variant: ['json-format', 'no-rate-headers', (s) => s.variant, ['no-rate-headers']],
      'cors-origins': [
        'http://a.test',
        'https://b.test,null',
        (s) => s.corsOrigins,
        ['https://b.test', 'null'],
      ],
      'admin-secret': ['env-secret', 'flag-secret', (s) => s.adminSecret, 'flag-secret'],
      'base-path': ['/a', '/b', (s) => s.basePath, '/b'],
      'org-base-path': ['/c', '/d', (s) => s.orgBasePath, '/d'],
    };
    expect(Object.keys(values).sort()).toEqual(START_OPTIONS.map((o) => o.flag).sort());
    for (const o of START_OPTIONS) {
      const [envValue, flagValue, read, expected] = values[o.flag]!;
      const fromEnv = startSettings([], { [o.env]: flagValue });
      expect(read(fromEnv), `${o.env}=${flagValue}`).toEqual(expected);
      expect(read(startSettings([`--${o.flag}`, flagValue], { [o.env]: envValue })), `--${o.flag}`).toEqual(
        expected,
      );
      expect(read(startSettings([`--${o.flag}=${flagValue}`], {})), `--${o.flag}=`).toEqual(expected);
    }
  });

  it.each([
    [['--port', 'abc'], {}, '--port=abc: a whole number from 0 to 65535'],
    [[], { PORT: '70000' }, 'PORT=70000: a whole number'],
    [['--seed', '1.5'], {}, '--seed=1.5'],
    [['--clock', 'stopped'], {}, '--clock=stopped: ticking or frozen'],
    [['--rate-window-ms', '10'], {}, '--rate-window-ms'],
    [[], { FAKE_RATE_WINDOW: 'rolling' }, 'FAKE_RATE_WINDOW'],
    [['--variant', 'no-such-axis'], {}, '--variant=no-such-axis'],
    [['--cors-origins', 'localhost:3000'], {}, 'localhost:3000'],
    [[], { FAKE_CORS_ORIGINS: ',' }, 'FAKE_CORS_ORIGINS needs a comma-separated list'],
    [['--cors-origins', ','], {}, '--cors-origins needs a comma-separated list'],
    [['--state'], {}, '--state needs a value: --state FILE'],
    [['--state', '--seed', '2'], {}, '--state needs a value: --state FILE'],
    [['--state='], {}, '--state needs a value'],
    [['--no-such-flag'], {}, "Unknown option '--no-such-flag'"],
    [['stray'], {}, "Unexpected argument 'stray'"],
    [
      ['--advertise-url', 'http://a.test:4010/api/v1'],
      {},
      '--advertise-url=http://a.test:4010/api/v1: an http',
    ],
    [['--advertise-url=myhost:4010'], {}, '--advertise-url=myhost:4010: an http or https origin'],
    [[], { FAKE_ADVERTISE_URL: 'ftp://a.test' }, 'FAKE_ADVERTISE_URL=ftp://a.test: an http or https origin'],
    [['--advertise-url', 'http://a.test/?x=1'], {}, 'no path'],
  ])('[FAKE-START-OPTIONS] %j with %j is refused: %s', (argv, env, message) => {
    expect(() => startSettings(argv, env)).toThrow(message);
  });

  it('[FAKE-START-OPTIONS] blank variables count as unset; --help and -h ask for the help', () => {
    expect(startSettings([], { PORT: '', FAKE_CORS_ORIGINS: ' ', FAKE_VARIANT: '' })).toMatchObject({
      port: 4010,
      corsOrigins: undefined,
      variant: [],
    });
    expect(startSettings(['--help'], {}).help).toBe(true);
    expect(startSettings(['-h'], {}).help).toBe(true);
  });

  it('[FAKE-START-OPTIONS] the help names every flag with its variable, and the exit codes', () => {
    const help = startHelp('chatbot-fake');
    expect(help).toMatch(/^Usage: chatbot-fake \[options\]/);
    for (const o of START_OPTIONS) expect(help).toMatch(new RegExp(`--${o.flag} \\S+ +${o.env} `));
    expect(help).toMatch(/ 2 {2}an unknown option/);
    expect(help).toMatch(/ 3 {2}cannot listen/);
  });
});
