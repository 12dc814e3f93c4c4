/** Knowledgebase search, with the project key and with a Bearer token. */
import { bearerOf, editJson } from '../bodies.js';
import type { BreakingRule } from '../rule.js';
import { clampedLimit, NOT_REFUSED } from './bends.js';
import { byProjectKey, isOperation } from './match.js';

export const searchRules: BreakingRule[] = [
  {
    id: 'key-search-limit-101',
    name: 'project-key searchIndexDocument takes a limit above 100 and answers 100 chunks (clamped, not refused)',
    clause: 'SEARCH-KEY-LIMIT-MAX-100',
    alsoRed: [NOT_REFUSED],
    section: 'search',
    caughtBy: 'suites/integration/search-by-key.test.ts',
    start: () => ({
      request: (req) =>
        isOperation(req, '/searchIndexDocument') && byProjectKey(req) ? clampedLimit(req, 100) : req,
    }),
  },
  {
    id: 'bearer-search-ignores-offset',
    name: 'Bearer searchIndexDocument ignores offset: every page starts at the first chunk',
    clause: 'SEARCH-BEARER-OFFSET',
    section: 'search',
    caughtBy: 'suites/platform/search.test.ts',
    start: () => ({
      request: (req) =>
        isOperation(req, '/searchIndexDocument') && bearerOf(req)?.startsWith('api-v1-')
          ? editJson(req, ({ offset, ...rest }) => (offset === undefined ? undefined : rest))
          : req,
    }),
  },
];
