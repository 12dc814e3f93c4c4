/**
 * Bad input to `--sensitivity` is one clear line and exit 2, before anything runs: an unknown rule, a missing
 * target, an option it does not go with. An earlier report stays as it was.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../suites/reporting/conformance-cli.test-support.js';

const work = mkdtempSync(join(tmpdir(), 'sensitivity-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const target = join(work, 'target.json');
writeFileSync(target, JSON.stringify({ name: 'nowhere', base_url: 'http://127.0.0.1:9/api/v1' }));
const earlier = '{"earlier":true}\n';

const conformance = (args: string[]) => runConformance(args, work);

describe('conformance --sensitivity refuses bad input [HARNESS-BROKEN-SERVERS]', () => {
  it.each([
    [
      ['--target', target, '--sensitivity', '--rule', 'no-such-rule'],
      /^conformance: unknown --rule no-such-rule \(known: total-as-string, /,
    ],
    [['--sensitivity'], /^conformance: missing --target FILE/],
    [
      ['--target', join(work, 'absent.json'), '--sensitivity'],
      /^conformance: invalid target config .*absent\.json: file not found/,
    ],
    [['--target', target, '--rule', 'total-as-string'], /^conformance: --rule goes with --sensitivity/],
    [
      ['--target', target, '--sensitivity', '--filter', 'X'],
      /^conformance: --sensitivity .* does not go with --filter/,
    ],
  ])(
    '%j: exit 2, one line, no stack, the earlier report kept',
    async (args, message) => {
      const out = join(work, 'reports');
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'conformance.json'), earlier);
      const res = await conformance([...args, '--out', out]);
      expect(res.code).toBe(2);
      expect(res.stderr.split('\n')[0]).toMatch(message);
      expect(res.stderr).not.toMatch(/\n\s+at /);
      expect(readFileSync(join(out, 'conformance.json'), 'utf8')).toBe(earlier);
    },
    30_000,
  );
});
