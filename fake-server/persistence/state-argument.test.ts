/** `npm start -- --state FILE`: the state file named on the command line. */
import { describe, expect, it } from 'vitest';
import { stateFileFromArgv } from './state-argument.js';

describe('--state on the command line [FAKE-STATE-FILE]', () => {
  it('takes --state FILE and --state=FILE; without it there is no state file [FAKE-STATE-FILE]', () => {
    expect(stateFileFromArgv(['--state', 'fake-state.json'])).toBe('fake-state.json');
    expect(stateFileFromArgv(['--rebuild', '--state=/tmp/s.json'])).toBe('/tmp/s.json');
    expect(stateFileFromArgv(['--rebuild'])).toBeUndefined();
    expect(stateFileFromArgv([])).toBeUndefined();
  });

  it('refuses --state without a file [FAKE-STATE-FILE]', () => {
    for (const argv of [['--state'], ['--state', '--rebuild'], ['--state='], ['--state', '']])
      expect(() => stateFileFromArgv(argv), argv.join(' ')).toThrow(/--state needs a file/);
  });
});
