/** The permission table and the project scope: a check missing on one operation. */
import type { TargetConfig } from '../../contract/index.js';
import { bearerOf, jsonOf, withBearer } from '../bodies.js';
import type { BreakingRule, Exchange, RuleHooks } from '../rule.js';
import { type KnownToken, tokenRegistry } from '../token-registry.js';
import { isOperation } from './match.js';

/** Requests that `lets(token, req)` are sent with the config's owner token instead: the check is skipped. */
const skipCheck =
  (lets: (token: KnownToken, req: Exchange) => boolean) =>
  (config: TargetConfig): RuleHooks => {
    const tokens = tokenRegistry(config);
    return {
      request(req) {
        const value = bearerOf(req);
        const token = value ? tokens.lookup(value) : undefined;
        return token && tokens.owner && lets(token, req) ? withBearer(req, tokens.owner) : req;
      },
      response(res, req) {
        tokens.observe(req, res);
        return res;
      },
    };
  };

export const accessRules: BreakingRule[] = [
  {
    id: 'viewer-updates-settings',
    name: 'a permission swapped: a Viewer token may update project settings',
    clause: 'AUTH-ROLE-VIEWER-READ-ONLY',
    section: 'permission table',
    caughtBy: 'suites/platform/access-roles.test.ts',
    start: skipCheck((token, req) => token.role === 'viewer' && isOperation(req, '/updateProjectSettings')),
  },
  {
    id: 'editor-invites',
    name: 'inviteOrganizationMember lets an Editor token invite (the check is "Editor or above", not Owner)',
    clause: 'AUTH-ACCESS-INVITEORGANIZATIONMEMBER',
    section: 'permission table',
    caughtBy: 'suites/platform/invitations.test.ts',
    start: skipCheck(
      (token, req) => token.role === 'editor' && isOperation(req, '/inviteOrganizationMember'),
    ),
  },
  {
    id: 'selected-scope-leaks',
    name: 'a token with scope `selected` reaches a project outside its scope (scope checked at listing only)',
    clause: 'AUTH-SCOPE-403',
    section: 'scope',
    caughtBy: 'suites/platform/usage-limits.test.ts',
    start: skipCheck((token, req) => {
      if (!token.projects || !(req.route === 'base' || req.route === 'org')) return false;
      const uid =
        jsonOf(req)?.project_uid ?? new URLSearchParams(req.body.toString('utf8')).get('project_uid');
      return typeof uid === 'string' && uid !== '' && !token.projects.includes(uid);
    }),
  },
];
