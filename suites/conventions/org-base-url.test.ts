/**
 * {org_base_url}: the organization-level operations answer there exactly as at {base_url}; every other operation
 * is not there at all (404 `Route not found`, whatever the method).
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { integrationOperations, operations, platformOperations } from '../../contract/index.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN } from '../support/messages.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import type { Target } from '../target/target.js';

const target = useTarget();

/** Skip unless the target has an {org_base_url} distinct from {base_url}. */
function needOrgBase(ctx: TestContext, t: Target): void {
  const org = t.config.org_base_url;
  if (!org || org.replace(/\/$/, '') === t.config.base_url.replace(/\/$/, '')) {
    ctx.skip('target has no org_base_url distinct from base_url');
  }
}

/** Bodies of the org-level operations that change nothing. */
const readBodies: Record<string, Record<string, unknown>> = {
  getMyProjects: { limit: 10, orderBy: 'DESC' },
  getOrganizationDetail: {},
  getOrganizationMembers: { limit: 5 },
  getSupportedModels: {},
};

const orgLevel = platformOperations.filter((op) => op.orgLevel);
const notOrgLevel = [...platformOperations, ...integrationOperations].filter((op) => !op.orgLevel);

describe('organization-level operations at {org_base_url} [ORG-BASE-URL, ORG-BASE-URL-OPERATIONS]', () => {
  it('the org-level set is the one the clause names', () => {
    assumed('ORG-BASE-URL-OPERATIONS', () =>
      expect(orgLevel.map((op) => op.id).sort()).toEqual(
        [
          'getMyProjects',
          'getOrganizationDetail',
          'getOrganizationMembers',
          'getSupportedModels',
          'inviteOrganizationMember',
        ].sort(),
      ),
    );
  });

  for (const op of orgLevel.filter((o) => readBodies[o.id])) {
    it(`${op.id} answers at {org_base_url} exactly as at {base_url} [CONV-SUCCESS-ENVELOPE]`, async (ctx) => {
      const t = target();
      needOrgBase(ctx, t);
      need(ctx, t, { tokens: ['owner'] });
      const body = readBodies[op.id]!;
      const atBase = await t.call(op.id, { body });
      const atOrg = await t.call(op.id, { body, base: 'org' });
      expectSuccess(atBase, op.id);
      // Organization-level operations MAY live on {org_base_url}: where one answers there, it is the operation's
      // success envelope; which operations answer there, and identically, is the fake's choice.
      if (atOrg.status >= 200 && atOrg.status < 300) expectSuccess(atOrg, op.id);
      assumed('ORG-BASE-URL-OPERATIONS', () => {
        expectSuccess(atOrg, op.id);
        expect(atOrg.json).toEqual(atBase.json);
      });
    });
  }

  it('inviteOrganizationMember is there too: the same permission rule answers (viewer → 403, not 404) [ERR-403-MESSAGE]', async (ctx) => {
    const t = target();
    needOrgBase(ctx, t);
    need(ctx, t, { tokens: ['viewer'] });
    const body = { email: 'never-sent@example.com', role: 'viewer' };
    const atOrg = await t.call('inviteOrganizationMember', { auth: { token: 'viewer' }, body, base: 'org' });
    const atBase = await t.call('inviteOrganizationMember', { auth: { token: 'viewer' }, body });
    expectError(atBase, 403, FORBIDDEN);
    // That the operation is served at {org_base_url} too, with the same answer, is the fake's choice.
    assumed('ORG-BASE-URL-OPERATIONS', () => {
      expectError(atOrg, 403, FORBIDDEN);
      expect(atOrg.json).toEqual(atBase.json);
    });
  });

  it('a wrong method on an org-level path there answers 405 [ERR-METHOD-NOT-ALLOWED]', async (ctx) => {
    const t = target();
    needOrgBase(ctx, t);
    for (const op of orgLevel) {
      const res = await t.call(op.id, { method: 'GET', base: 'org' });
      // A known path there (the fake's org-level set) answers another method with 405 and Allow: POST.
      assumed('ORG-BASE-URL-OPERATIONS', () => {
        expectError(res, 405);
        assumed('ERR-METHOD-NOT-ALLOWED', () => expect(res.headers.allow).toBe('POST'));
      });
    }
  });
});

describe('project-level operations are not at {org_base_url} [ORG-BASE-URL-OPERATIONS, ERR-UNKNOWN-ROUTE]', () => {
  for (const op of notOrgLevel) {
    it(`${op.id}: POST and GET at {org_base_url}${op.path} answer 404 Route not found`, async (ctx) => {
      const t = target();
      needOrgBase(ctx, t);
      const body = t.config.project_uid ? { project_uid: t.config.project_uid } : {};
      expectError(await t.call(op.id, { body, base: 'org' }), 404, 'Route not found');
      expectError(await t.call(op.id, { method: 'GET', base: 'org' }), 404, 'Route not found');
    });
  }

  it('every operation of the table is either org-level or checked above', () => {
    const rag = operations.filter((op) => op.family === 'rag').length;
    expect(orgLevel.length + notOrgLevel.length + rag).toBe(operations.length);
  });
});
