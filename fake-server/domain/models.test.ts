/** The supported model list as the control API changes it (upsert, remove), read per plan. */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { findModelForPlan, modelsForPlan, removeModel, upsertModel } from './models.js';
import type { SupportedModelEntry } from './state.js';

const entry = (value: string, tier = 0): SupportedModelEntry => ({
  ...new Runtime().domain.state.models[0]!,
  value,
  name: `Model ${value}`,
  tier,
});

describe('the supported model list changes over time [VERSION-MODEL-LIST-DYNAMIC]', () => {
  it('upsert replaces an entry in place, the first one too, and appends a new one at the end', () => {
    const { domain: ctx } = new Runtime();
    const before = ctx.state.models.map((m) => m.value);
    const [first, second] = before;
    upsertModel(ctx, { ...entry(first!), name: 'Renamed first' });
    upsertModel(ctx, { ...entry(second!), name: 'Renamed second' });
    expect(ctx.state.models.map((m) => m.value)).toEqual(before);
    expect(ctx.state.models[0]!.name).toBe('Renamed first');
    expect(ctx.state.models[1]!.name).toBe('Renamed second');
    upsertModel(ctx, entry('brand-new'));
    expect(ctx.state.models.map((m) => m.value)).toEqual([...before, 'brand-new']);
    expect(findModelForPlan(ctx, 'free', 'brand-new')?.name).toBe('Model brand-new');
  });

  it('remove takes out that entry only, the first one too; an unknown value removes nothing', () => {
    const { domain: ctx } = new Runtime();
    const before = ctx.state.models.map((m) => m.value);
    expect(removeModel(ctx, 'no-such-model')).toBe(false);
    expect(ctx.state.models.map((m) => m.value)).toEqual(before);
    expect(removeModel(ctx, before[0]!)).toBe(true);
    expect(ctx.state.models.map((m) => m.value)).toEqual(before.slice(1));
    expect(removeModel(ctx, before[2]!)).toBe(true);
    expect(ctx.state.models.map((m) => m.value)).toEqual([before[1], ...before.slice(3)]);
  });

  it('a tier-1 entry is offered on Advanced and above only', () => {
    const { domain: ctx } = new Runtime();
    upsertModel(ctx, entry('premium', 1));
    expect(modelsForPlan(ctx, 'advanced').map((m) => m.value)).toContain('premium');
    expect(modelsForPlan(ctx, 'free').map((m) => m.value)).not.toContain('premium');
  });
});
