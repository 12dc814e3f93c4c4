/** The 401 messages: the spec's `Invalid or revoked API token`, and the one naming a creator who left. */
import { editJson } from '../bodies.js';
import type { BreakingRule } from '../rule.js';

const INVALID = 'Invalid or revoked API token';
const platform = (route: string) => route === 'base' || route === 'org';

export const authMessageRules: BreakingRule[] = [
  {
    id: 'invalid-token-unauthorized',
    name: 'an invalid, expired, deactivated or revoked token gets 401 `Unauthorized` instead of `Invalid or revoked API token`',
    clause: 'ERR-401-MESSAGE',
    section: '401 messages',
    caughtBy: 'suites/platform/authentication.test.ts',
    start: () => ({
      response: (res, req) =>
        res.status === 401 && platform(req.route)
          ? editJson(res, (body) =>
              body.message === INVALID ? { ...body, message: 'Unauthorized' } : undefined,
            )
          : res,
    }),
  },
  {
    id: 'creator-removed-generic',
    name: 'a token whose creator left the organization gets the generic 401 message, not one naming that the creator is no longer a member',
    clause: 'TOKEN-CREATOR-REMOVED-MESSAGE-GIST',
    section: '401 messages',
    caughtBy: 'suites/platform/tokens-creator-removed.test.ts',
    start: () => ({
      response: (res, req) =>
        res.status === 401 && platform(req.route)
          ? editJson(res, (body) =>
              typeof body.message === 'string' && body.message !== INVALID
                ? { ...body, message: INVALID }
                : undefined,
            )
          : res,
    }),
  },
];
