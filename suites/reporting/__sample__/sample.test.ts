import { describe, expect, it } from 'vitest';

describe('settings [SET-TEMPERATURE-RANGE]', () => {
  it('accepts 1.5', () => expect(1.5).toBeLessThanOrEqual(2));
  it('rejects 2.01 <b>&amp;</b> "quoted"', () => expect({ status: 200 }).toEqual({ status: 400 }));
  it('skips with a note', (ctx) => ctx.skip('target does not allow writes (allow.writes=false)'));
  it.skipIf(true)('skipIf without note', () => {});
  it.todo('todo later');
});

it('assumed choice [SAMPLE-ASSUMED-CHOICE, REPORT-MATRIX]', () => {
  throw new Error('boom \u001b[31mred\u001b[39m and a \u0007 bell');
});
it('typo citation [SET-TEMPERATUR-RANGE]', () => {});
it('cites nothing and fails', () => expect(1).toBe(2));
it('cites nothing and passes [1, 2]', () => {});
