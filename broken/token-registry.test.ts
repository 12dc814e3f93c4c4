/**
 * What the token registry learns of control-made tokens: a token made with an expiry, or one that went through a
 * lifecycle action (its old and new values), is one whose validity the proxy cannot vouch for, so a rule that stands
 * in for one check (broken/rules/access.ts) keeps its own bearer and the server's lifecycle check stays.
 */
import { describe, expect, it } from 'vitest';
import type { TargetConfig } from '../contract/index.js';
import type { Answer, Exchange } from './rule.js';
import { tokenRegistry } from './token-registry.js';

const config = {
  base_url: 'http://127.0.0.1:1/api/v1',
  tokens: { owner: 'owner-token' },
} as unknown as TargetConfig;
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const control = (path: string, body: unknown = {}): Exchange => ({
  route: 'control',
  method: 'POST',
  path,
  headers: { 'content-type': 'application/json' },
  body: json(body),
});
const answer = (data: unknown): Answer => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: json({ status: 'success', message: 'ok', data }),
});
const made = (id: number, value: string, expires_at: string | null) =>
  answer({ id, value, role: 'viewer', permissions: [], creator_user_id: 1, expires_at });

describe('token registry: validity the proxy cannot vouch for [HARNESS-BLAST-RADIUS]', () => {
  it('a control-made token with no expiry and no lifecycle action is vouched for', () => {
    const tokens = tokenRegistry(config);
    tokens.observe(control('/tokens'), made(7, 'tok-a', null));
    expect(tokens.lookup('tok-a')).toMatchObject({ role: 'viewer' });
    expect(tokens.lookup('tok-a')?.validityChanges).toBeUndefined();
  });

  it('a token made with an expiry is not', () => {
    const tokens = tokenRegistry(config);
    tokens.observe(control('/tokens'), made(8, 'tok-b', '2026-01-12T09:00:00.000Z'));
    expect(tokens.lookup('tok-b')?.validityChanges).toBe(true);
  });

  it('after a lifecycle action, neither the old value nor the new one is', () => {
    const tokens = tokenRegistry(config);
    tokens.observe(control('/tokens'), made(9, 'tok-c', null));
    tokens.observe(control('/tokens/10/deactivate'), made(10, 'tok-other', null));
    tokens.observe(control('/tokens/9/regenerate'), made(9, 'tok-c2', null));
    expect(tokens.lookup('tok-c')?.validityChanges).toBe(true);
    expect(tokens.lookup('tok-c2')?.validityChanges).toBe(true);
    expect(tokens.lookup('tok-other')?.validityChanges).toBe(true);
  });
});
