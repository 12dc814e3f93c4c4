/**
 * The consistency checker's range and time-order invariants, on the small world of consistency.test-support.ts:
 * values at the bounds the contract allows pass, values past them (or not numbers at all) are reported.
 */
import { describe, expect, it } from 'vitest';
import { settingsRanges } from '../../contract/index.js';
import { smallWorld, violationsOf } from './consistency.test-support.js';
import type { DomainContext } from './context.js';
import type { AiSettings } from './state.js';

const detailsOf = (ctx: DomainContext, invariant: string): string[] =>
  violationsOf(ctx)
    .filter((v) => v.invariant === invariant)
    .map((v) => v.detail);

/** Writes a value of any type into a settings field, as a broken writer could. */
const setSetting = (settings: AiSettings, field: string, value: unknown): void => {
  (settings as unknown as Record<string, unknown>)[field] = value;
};

describe('consistency checker: numbers in range [FAKE-CONSISTENCY-CHECK]', () => {
  it('accepts every setting at its lower and at its upper bound, zero credits, zero limits and the agent mode', () => {
    const { ctx, state } = smallWorld();
    for (const [field, range] of Object.entries(settingsRanges)) {
      setSetting(state.projects.get(30)!.settings, field, range.min);
      setSetting(state.projects.get(31)!.settings, field, range.max);
    }
    state.projects.get(31)!.settings.mode = 'agent';
    state.organizations.get(10)!.credits = 0;
    state.projects.get(30)!.limits = { document: 0, webpages: 7, credits: 0, voice_credits: 1 };
    state.projects.get(31)!.retention_duration = 30;
    state.projects.get(31)!.creditsUsed = 12.5;
    expect(violationsOf(ctx)).toEqual([]);
  });

  it('reports settings below their minimum, above their maximum, or not numbers', () => {
    const { ctx, state } = smallWorld();
    const s30 = state.projects.get(30)!.settings;
    setSetting(s30, 'temperature', -0.5);
    setSetting(s30, 'chat_history_count', null);
    setSetting(s30, 'max_nodes', '5');
    setSetting(s30, 'add_page_link', 2);
    setSetting(s30, 'auto_close_duration', 4);
    setSetting(s30, 'auto_resolve_duration', 43201);
    setSetting(state.projects.get(31)!.settings, 'temperature', Number.NaN);
    expect(violationsOf(ctx)).toEqual(
      [
        'project 30: temperature -0.5',
        'project 30: chat_history_count null',
        'project 30: max_nodes 5',
        'project 30: add_page_link 2',
        'project 30: auto_close_duration 4',
        'project 30: auto_resolve_duration 43201',
        'project 31: temperature NaN',
      ].map((detail) => ({ invariant: 'numbers-in-range', detail })),
    );
  });

  it('reports an unknown mode and a model that is empty or not a string', () => {
    const { ctx, state } = smallWorld();
    setSetting(state.projects.get(30)!.settings, 'mode', 'turbo');
    state.projects.get(30)!.settings.model = '';
    setSetting(state.projects.get(31)!.settings, 'model', 5);
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'numbers-in-range', detail: 'project 30: mode turbo' },
      { invariant: 'numbers-in-range', detail: 'project 30: model' },
      { invariant: 'numbers-in-range', detail: 'project 31: model' },
    ]);
  });

  it('reports infinite or negative credits, and a retention that is fractional or negative', () => {
    const { ctx, state } = smallWorld();
    state.organizations.get(10)!.credits = Number.POSITIVE_INFINITY;
    state.projects.get(30)!.retention_duration = 1.5;
    state.projects.get(30)!.creditsUsed = -1;
    state.projects.get(31)!.retention_duration = -1;
    state.projects.get(31)!.creditsUsed = Number.POSITIVE_INFINITY;
    expect(violationsOf(ctx)).toEqual(
      [
        'organization 10: credits Infinity',
        'project 30: retention_duration 1.5',
        'project 30: credits used -1',
        'project 31: retention_duration -1',
        'project 31: credits used Infinity',
      ].map((detail) => ({ invariant: 'numbers-in-range', detail })),
    );
  });

  it('reports a usage limit that is negative, fractional or of an unknown type', () => {
    const { ctx, state } = smallWorld();
    state.projects.get(30)!.limits = { document: -1, webpages: 3, voice_credits: 2.5 };
    (state.projects.get(31)!.limits as Record<string, number>).pages = 3;
    expect(violationsOf(ctx)).toEqual(
      [
        'project 30: limit document = -1',
        'project 30: limit voice_credits = 2.5',
        'project 31: limit pages = 3',
      ].map((detail) => ({ invariant: 'numbers-in-range', detail })),
    );
  });
});

describe('consistency checker: timestamps in order [FAKE-CONSISTENCY-CHECK]', () => {
  it('reports a project updated before it was created', () => {
    const { ctx, state } = smallWorld();
    const p31 = state.projects.get(31)!;
    p31.updatedAt = p31.createdAt - 1;
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'timestamps-ordered', detail: 'project 31: updated before created' },
    ]);
  });

  it('reports a session updated before it was created, or with a time that is not finite', () => {
    const { ctx, state } = smallWorld();
    const [s80, s81, s82] = [80, 81, 82].map((id) => state.sessions.get(id)!);
    s80!.updated_at = s80!.created_at - 1;
    s81!.created_at = Number.NEGATIVE_INFINITY;
    s82!.updated_at = Number.POSITIVE_INFINITY;
    expect(detailsOf(ctx, 'timestamps-ordered')).toEqual([
      `session 80: created ${s80!.created_at}, updated ${s80!.updated_at}`,
      `session 81: created -Infinity, updated ${s81!.updated_at}`,
      `session 82: created ${s82!.created_at}, updated Infinity`,
    ]);
  });

  it('accepts a session updated at the instant it was created', () => {
    const { ctx, state } = smallWorld();
    const s80 = state.sessions.get(80)!;
    s80.updated_at = s80.created_at;
    expect(violationsOf(ctx)).toEqual([]);
  });
});
