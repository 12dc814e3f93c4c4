/** Usage-limit rules of the domain called directly. */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { DomainError } from './errors.js';
import { setUsageLimits, usageOf } from './usage-limits.js';

function world() {
  const runtime = new Runtime();
  const ctx = runtime.domain;
  const project = Object.values(runtime.seeded!.projects)[0]!;
  const org = ctx.state.organizations.get(project.organization_id)!;
  return { ctx, project, org };
}

describe('usage limits', () => {
  it('voice credits have no usage the fake counts: 0 [USAGE-LIMIT-SET-VOICE-CREDITS]', () => {
    const { ctx, project } = world();
    expect(usageOf(ctx, project, 'voice_credits')).toBe(0);
  });

  it('a type given twice is refused, naming it, and nothing is written [USAGE-LIMIT-DUPLICATE-TYPES, USAGE-LIMIT-ATOMIC]', () => {
    const { ctx, project, org } = world();
    const before = { ...project.limits };
    let refused: unknown;
    try {
      setUsageLimits(ctx, org, project, [
        { limit_type: 'credits', limit: 10 },
        { limit_type: 'document', limit: 50 },
        { limit_type: 'credits', limit: 20 },
      ]);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).status).toBe(400);
    expect((refused as DomainError).details).toEqual([
      { path: 'limits', message: 'limit_type credits appears more than once' },
    ]);
    expect(project.limits).toEqual(before);
  });
});
