import { describe, expect, it } from 'vitest';
import { createFakeServer } from './index.js';

describe('determinism', () => {
  it('the same seed gives the same tokens, keys, projects and fixtures [FAKE-DETERMINISTIC-SEED]', () => {
    const a = createFakeServer({ seed: 42 }).targetConfig('http://127.0.0.1:1');
    const b = createFakeServer({ seed: 42 }).targetConfig('http://127.0.0.1:1');
    expect(a).toEqual(b);
    expect(a.tokens.owner).toMatch(/^api-v1-/);
    expect(a.project_key).toMatch(/^apk-/);
  });

  it('another seed gives other values [FAKE-DETERMINISTIC-SEED]', () => {
    const a = createFakeServer({ seed: 1 }).targetConfig('http://127.0.0.1:1');
    const b = createFakeServer({ seed: 2 }).targetConfig('http://127.0.0.1:1');
    expect(a.tokens.owner).not.toBe(b.tokens.owner);
    expect(a.project_uid).not.toBe(b.project_uid);
  });

  it('reset rebuilds the same world and the clock starts over [FAKE-DETERMINISTIC-SEED]', () => {
    const fake = createFakeServer({ seed: 3 });
    const before = fake.targetConfig('http://127.0.0.1:1');
    const start = fake.runtime.domain.clock.now();
    fake.runtime.domain.clock.advance(3_600_000);
    fake.runtime.reset();
    expect(fake.targetConfig('http://127.0.0.1:1')).toEqual(before);
    expect(fake.runtime.domain.clock.now()).toBe(start);
  });
});
