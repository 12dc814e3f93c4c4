/** The permission rule of the domain on access rules the spec's table does not have yet, and project lookup. */
import { describe, expect, it } from 'vitest';
import type { AccessRule } from '../../contract/index.js';
import { Runtime } from '../runtime.js';
import { authenticateToken } from './authentication.js';
import { allows, type Grant, resolveProject } from './authorization.js';
import { DomainError } from './errors.js';
import { ownedOrganization } from './org-world.test-support.js';
import { createProject } from './projects.js';

const settingWrite = { module: 'Setting', action: 'Write' } as const;
const chatbotRead = { module: 'Chatbot', action: 'Read' } as const;

describe('allows', () => {
  it('an owner creator is never the cap, even for a rule that does not list owner [AUTH-EFFECTIVE-ACCESS-CAP, AUTH-ROLE-OWNER]', () => {
    const editorsOnly: AccessRule = { roles: ['editor'], level: 'project' };
    expect(allows(editorsOnly, { tokenRole: 'editor', permissions: [], creatorRole: 'owner' })).toBe(true);
    expect(allows(editorsOnly, { tokenRole: 'editor', permissions: [], creatorRole: 'viewer' })).toBe(false);
  });

  it('both set: the role decides organization-level rules even when they name a permission [AUTH-BOTH-SET-ROLE-GOVERNS-ORG]', () => {
    const orgRule: AccessRule = {
      roles: ['owner', 'editor'],
      fineGrained: settingWrite,
      level: 'organization',
    };
    const grant: Grant = { tokenRole: 'editor', permissions: [chatbotRead], creatorRole: 'owner' };
    expect(allows(orgRule, grant)).toBe(true);
    expect(allows({ ...orgRule, level: 'project' }, grant)).toBe(false);
  });

  it('both set: a project rule with no fine-grained entry is decided by the role [AUTH-BOTH-SET-NO-FINE-GRAINED-ENTRY]', () => {
    const rule: AccessRule = { roles: ['owner', 'editor'], level: 'project' };
    expect(allows(rule, { tokenRole: 'editor', permissions: [chatbotRead], creatorRole: 'owner' })).toBe(
      true,
    );
    expect(allows(rule, { tokenRole: 'viewer', permissions: [chatbotRead], creatorRole: 'owner' })).toBe(
      false,
    );
  });
});

describe('resolveProject', () => {
  it('a project of another organization is not found, even by its exact uid [AUTH-UNKNOWN-PROJECT]', () => {
    const runtime = new Runtime();
    const ctx = runtime.domain;
    const caller = authenticateToken(ctx, runtime.seeded!.tokens.owner);
    const own = Object.values(runtime.seeded!.projects)[0]!;
    expect(resolveProject(ctx, caller, own.project_uid)).toBe(own);
    const { org: other } = ownedOrganization(ctx, 'Other', { plan: 'agency' });
    const theirs = createProject(ctx, { organization_id: other.id, name: 'Theirs' });
    let refused: unknown;
    try {
      resolveProject(ctx, caller, theirs.project_uid);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ status: 404, message: 'Project not found' });
  });
});
