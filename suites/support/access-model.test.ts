/**
 * Which clauses a cell of the access table turns red (issue 39, "a cell of a table reds its row and the one rule that
 * decided it"): the row, and one documented rule, whatever kind of token the column holds.
 */
import { describe, expect, it } from 'vitest';
import { clauseById } from '../../contract/clauses/index.js';
import { decidedBy, specOperationIds } from './access-model.js';

const role = (r: 'owner' | 'editor' | 'viewer') => ({ role: r, permissions: [] });
const only = (module: 'Conversation' | 'Setting', action: 'Read' | 'Write') => ({
  role: null,
  permissions: [{ module, action }],
});

describe('decidedBy [REPORT-ONE-DEFECT-ONE-RED]', () => {
  it('a Viewer let through updateProjectSettings: the row and the Viewer rule', () => {
    expect(decidedBy('updateProjectSettings', role('viewer'), 'viewer')).toEqual([
      'AUTH-ACCESS-UPDATEPROJECTSETTINGS',
      'AUTH-ROLE-VIEWER-READ-ONLY',
    ]);
  });

  it('an Editor let through removeProjectUsageLimit: the row and the Editor rule', () => {
    expect(decidedBy('removeProjectUsageLimit', role('editor'), 'editor')).toEqual([
      'AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT',
      'AUTH-ROLE-EDITOR',
    ]);
  });

  it('an operator-made Conversation Write token refused: the row and role-or-permission, not the creator rules', () => {
    expect(decidedBy('createPlaygroundAgentSession', only('Conversation', 'Write'), 'operator')).toEqual([
      'AUTH-ACCESS-CREATEPLAYGROUNDAGENTSESSION',
      'AUTH-ROLE-OR-PERMISSION',
    ]);
  });

  it('a row open to any valid token: the row alone', () => {
    expect(decidedBy('getMyProjects', only('Setting', 'Read'), 'viewer')).toEqual([
      'AUTH-ACCESS-GETMYPROJECTS',
    ]);
  });

  it('both set: where the role and the permissions disagree, the both-set rule; where they agree, the role', () => {
    const both = {
      role: 'viewer' as const,
      permissions: [{ module: 'Setting' as const, action: 'Write' as const }],
    };
    expect(decidedBy('updateProjectSettings', both, 'owner')).toEqual([
      'AUTH-ACCESS-UPDATEPROJECTSETTINGS',
      'AUTH-BOTH-SET-PERMISSIONS-GOVERN-PROJECT',
    ]);
    expect(decidedBy('getOrganizationMembers', both, 'owner')).toEqual([
      'AUTH-ACCESS-GETORGANIZATIONMEMBERS',
      'AUTH-BOTH-SET-ROLE-GOVERNS-ORG',
    ]);
    // An Editor with Conversation Write inviting: refused whichever decides, so the Editor's own rule.
    const editor = {
      role: 'editor' as const,
      permissions: [{ module: 'Conversation' as const, action: 'Write' as const }],
    };
    expect(decidedBy('inviteOrganizationMember', editor, 'owner')).toEqual([
      'AUTH-ACCESS-INVITEORGANIZATIONMEMBER',
      'AUTH-ROLE-EDITOR',
    ]);
  });

  it("a role its creator's current role caps: the creator rule", () => {
    expect(decidedBy('updateChatbot', role('owner'), 'viewer')).toEqual([
      'AUTH-ACCESS-UPDATECHATBOT',
      'AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR',
    ]);
  });

  it('never more than two clauses, each a documented one, for every row and kind of token', () => {
    const grants = [role('owner'), role('editor'), role('viewer'), only('Conversation', 'Write')];
    for (const op of specOperationIds)
      for (const grant of grants)
        for (const creator of ['owner', 'editor', 'viewer', 'trainer', 'operator', 'billing'] as const) {
          const ids = decidedBy(op, grant, creator);
          expect(ids.length, `${op} ${creator}`).toBeLessThanOrEqual(2);
          for (const id of ids) expect(clauseById(id)?.kind, id).toBe('documented');
        }
  });
});
