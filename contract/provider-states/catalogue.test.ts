/**
 * The provider-state catalogue itself: names, versions, schemas that accept their own defaults, the protocol's
 * bodies, and the table for the backend team in docs/qa-staging.md naming every state (FAKE-PROVIDER-STATES).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TargetConfig } from '../target-config.js';
import {
  CatalogueAnswer,
  EnterStateRequest,
  isStateName,
  providerStateCatalogue,
  providerStates,
  StateNamePattern,
  stateNames,
  TeardownRequest,
} from './index.js';

const QA_PAGE = readFileSync(join(import.meta.dirname, '../../docs/qa-staging.md'), 'utf8');

/** The QA page's section for the backend team, up to the next second-level heading. */
function backendTeamSection(): string {
  const heading = '## Provider states (for the backend team)';
  const start = QA_PAGE.indexOf(heading);
  expect(start, `docs/qa-staging.md has a "${heading.slice(3)}" section`).toBeGreaterThan(-1);
  const end = QA_PAGE.indexOf('\n## ', start + 1);
  return QA_PAGE.slice(start, end === -1 ? undefined : end);
}

/** States whose params have required fields, with a minimal valid set. */
const required: Partial<Record<string, Record<string, unknown>>> = {
  plan: { organization_id: 1, plan: 'professional' },
  'token creator role changed': { new_role: 'viewer' },
  'knowledgebase documents': { documents: [{ title: 'T', text: 'x' }] },
  'credit balance': { organization_id: 1 },
};

describe('the provider-state catalogue [FAKE-PROVIDER-STATES]', () => {
  it('every state has a lowercase name of words, a version, a description and how a backend produces it', () => {
    expect(stateNames.length).toBe(new Set(stateNames).size);
    for (const s of providerStates) {
      expect(s.name).toMatch(StateNamePattern);
      expect(Number.isInteger(s.version) && s.version >= 1).toBe(true);
      expect(s.description.length, s.name).toBeGreaterThan(40);
      expect(s.produce.length, s.name).toBeGreaterThan(20);
      expect(isStateName(s.name)).toBe(true);
      expect(providerStateCatalogue[s.name]).toBe(s);
    }
    expect(isStateName('constructor')).toBe(false);
  });

  it('covers what the suites build through the control API', () => {
    expect([...stateNames].sort()).toEqual(
      [
        'organization',
        'project',
        'plan',
        'member',
        'invitation pending',
        'token',
        'token deactivated',
        'token reactivated',
        'token regenerated',
        'token revoked',
        'token expired',
        'token created earlier',
        'token creator removed',
        'token creator role changed',
        'token creator not project member',
        'project with conversations',
        'session idle',
        'history past retention',
        'credits exhausted',
        'credit balance',
        'usage near limit',
        'knowledgebase documents',
      ].sort(),
    );
  });

  it('params: every state takes its defaults (or its required fields alone); data may carry a teardown handle', () => {
    for (const s of providerStates) {
      const params = required[s.name] ?? {};
      expect(s.params.safeParse(params).success, s.name).toBe(true);
      if (required[s.name])
        expect(s.params.safeParse({}).success, `${s.name} without its required fields`).toBe(false);
      const shape = (
        s.data as unknown as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> }
      ).shape;
      expect(shape.teardown?.safeParse(undefined).success, s.name).toBe(true);
      expect(shape.teardown?.safeParse('opaque').success, s.name).toBe(true);
    }
  });

  it('the protocol bodies and the target config section parse; unknown data fields are allowed', () => {
    expect(EnterStateRequest.parse({ state: 'token revoked' })).toEqual({
      state: 'token revoked',
      params: {},
    });
    expect(TeardownRequest.safeParse({ state: 'token revoked', teardown: 42 }).success).toBe(true);
    expect(TeardownRequest.safeParse({ state: 'token revoked' }).success).toBe(false);
    expect(
      CatalogueAnswer.safeParse({
        type: 'RXSUCCESS',
        message: 'ok',
        data: { protocol: 1, states: [{ name: 'token revoked', version: 1 }] },
      }).success,
    ).toBe(true);
    const config = TargetConfig.parse({
      base_url: 'https://staging.example.com/api/v1',
      provider_states: { url: 'https://staging.example.com/_test/states', headers: { 'x-states-key': 'k' } },
    });
    expect(config.provider_states?.headers).toEqual({ 'x-states-key': 'k' });
    const data = providerStateCatalogue['token revoked'].data.parse({
      organization_id: 1,
      value: 'api-v1-abc',
      id: 'tok_1',
      creator_user_id: 2,
      expires_at: null,
      extra: true,
    });
    expect(data.id).toBe('tok_1');
  });

  it('docs/qa-staging.md documents every state in the table for the backend team', () => {
    const section = backendTeamSection();
    for (const name of stateNames) expect(section, name).toContain(`| \`${name}\` |`);
    for (const path of ['GET {url}', 'POST {url}', 'POST {url}/teardown', 'x-provider-states-secret'])
      expect(section).toContain(path);
  });
});
