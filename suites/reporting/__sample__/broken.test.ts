import { afterAll, beforeAll, describe, it } from 'vitest';

describe('hook fails [REPORT-MATRIX]', () => {
  beforeAll(() => {
    throw new Error('beforeAll exploded');
  });
  it('never runs', () => {});
});
describe('cleanup fails [SET-TEMPERATURE-RANGE]', () => {
  afterAll(() => { throw new Error('afterAll exploded'); });
  it('runs fine', () => {});
});
