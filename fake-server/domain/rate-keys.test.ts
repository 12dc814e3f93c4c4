/** Whose hourly count a key is, and forgetting one organization's counts only (FAKE-SHARED-FAKE). */
import { describe, expect, it } from 'vitest';
import { orgWorld } from './org-world.test-support.js';
import { forgetOrganizationCounts, projectRateKey, rateKeySubject, tokenRateKey } from './rate-keys.js';
import { deleteOrganization } from './removal.js';

describe('hourly count keys [FAKE-SHARED-FAKE]', () => {
  it('say whose count they are: a token, or a project for every per-project cap', () => {
    expect(rateKeySubject(tokenRateKey(7))).toEqual({ kind: 'token', id: 7 });
    for (const cap of ['rag', 'search-key', 'integration-sendMessage'] as const)
      expect(rateKeySubject(projectRateKey(cap, 12))).toEqual({ kind: 'project', id: 12 });
    expect(rateKeySubject('nonsense')).toBeUndefined();
    // The whole key, not a part of it.
    expect(rateKeySubject('9token:7')).toBeUndefined();
    expect(rateKeySubject('token:7x')).toBeUndefined();
  });

  it("forgetting one organization's counts clears its tokens' and projects' and keeps everyone else's", () => {
    const w = orgWorld();
    const limiter = w.ctx.limiter;
    const homeToken = [...w.ctx.state.tokens.values()].find((t) => t.organization_id === w.home.id)!;
    const keys = {
      homeToken: tokenRateKey(homeToken.id),
      homeRag: projectRateKey('rag', w.projects.main!.id),
      homeSearch: projectRateKey('search-key', w.projects.travel!.id),
      otherRag: projectRateKey('rag', w.otherProject.id),
      otherCap: projectRateKey('integration-createSession', w.otherProject.id),
    };
    // Counts no organization owns: a key these builders never make, a token and a project that are gone.
    const foreign = ['nonsense', tokenRateKey(999_999), projectRateKey('rag', 999_999)];
    const now = w.ctx.clock.now();
    for (const key of [...Object.values(keys), ...foreign]) limiter.hit(key, 10, now, 'over');
    expect(forgetOrganizationCounts(w.ctx, w.home.id)).toBe(3);
    expect(Object.keys(limiter.counters(now)).sort()).toEqual(
      [keys.otherCap, keys.otherRag, ...foreign].sort(),
    );
    expect(forgetOrganizationCounts(w.ctx, w.home.id)).toBe(0);
  });

  it('removing an organization removes its counts too, and only its own', () => {
    const w = orgWorld();
    const now = w.ctx.clock.now();
    const otherKey = projectRateKey('search-key', w.otherProject.id);
    w.ctx.limiter.hit(projectRateKey('search-key', w.projects.main!.id), 10, now, 'over');
    w.ctx.limiter.hit(otherKey, 10, now, 'over');
    expect(deleteOrganization(w.ctx, w.home.id)).toBe(true);
    expect(Object.keys(w.ctx.limiter.counters(now))).toEqual([otherKey]);
  });
});
