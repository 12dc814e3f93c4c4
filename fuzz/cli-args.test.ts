/** `npm run fuzz` options: the defaults docs/ci.md ("Fuzzing") states, each option, and refusals. */
import { describe, expect, it } from 'vitest';
import { parseArgs } from './cli-args.js';

describe('npm run fuzz options [FUZZ-REPRODUCIBLE]', () => {
  it('defaults: 200,000 cases, a drawn seed, 16 in flight, epochs of 2,000, 10 s per answer', () => {
    expect(parseArgs([], () => 42)).toEqual({
      cases: 200_000,
      seed: 42,
      concurrency: 16,
      epoch: 2_000,
      timeoutMs: 10_000,
      findings: 20,
      report: 'reports/fuzz.json',
    });
  });

  it('reads every option, --case for a replay', () => {
    const args = parseArgs(
      [
        '--cases',
        '10',
        '--seed',
        '-3',
        '--concurrency',
        '2',
        '--epoch',
        '5',
        '--timeout',
        '500',
        '--case',
        '7',
        '--findings',
        '0',
        '--report',
        'x.json',
      ],
      () => 1,
    );
    expect(args).toEqual({
      cases: 10,
      seed: -3,
      concurrency: 2,
      epoch: 5,
      timeoutMs: 500,
      only: 7,
      findings: 0,
      report: 'x.json',
    });
  });

  it('--help anywhere asks for the usage, whatever else is given', () => {
    expect(parseArgs(['--cases', '5', '--help'], () => 1)).toMatchObject({ cases: 5, help: true });
    expect(parseArgs(['-h'], () => 1).help).toBe(true);
    expect(parseArgs([], () => 1).help).toBeUndefined();
  });

  it('refuses unknown options and values that are not integers in range', () => {
    expect(() => parseArgs(['--fast'], () => 1)).toThrow(/unknown option --fast/);
    expect(() => parseArgs(['--cases', '0'], () => 1)).toThrow(/--cases needs an integer >= 1/);
    expect(() => parseArgs(['--seed', '1.5'], () => 1)).toThrow(/--seed/);
    expect(() => parseArgs(['--report'], () => 1)).toThrow(/--report needs a file/);
  });
});
