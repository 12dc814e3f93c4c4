/**
 * Rate caps and their messages. The off-by-one cap keeps its own state: the last success each token got per
 * operation, handed back instead of the first 429 the token meets (as if the server admitted one request more).
 */
import { bearerOf, editJson, jsonOf } from '../bodies.js';
import type { Answer, BreakingRule } from '../rule.js';
import { byProjectKey, isOperation } from './match.js';

const PLATFORM_MESSAGE = 'Rate limit exceeded. Please try again later.';

export const rateRules: BreakingRule[] = [
  {
    id: 'search-cap-generic-message',
    name: 'project-key search over its cap answers 429 with the Platform message, not `Your plan allows 100 requests per hour.`',
    clause: 'RATE-SEARCH-KEY-100',
    section: 'rate caps',
    caughtBy: 'suites/integration/integration-access.test.ts',
    start: () => ({
      response: (res, req) =>
        res.status === 429 && isOperation(req, '/searchIndexDocument') && byProjectKey(req)
          ? editJson(res, (body) => ({ ...body, message: PLATFORM_MESSAGE }))
          : res,
    }),
  },
  {
    id: 'platform-cap-off-by-one',
    name: 'a cap off by one: a Platform token gets 1,001 requests an hour',
    clause: 'RATE-PLATFORM-1000',
    alsoRed: [
      {
        clause: 'ERR-429-STATUS',
        why: 'the Errors table restates the cap: the request that exceeds the 1,000 gets 429; a server that admits it answers that request without the 429',
      },
    ],
    section: 'rate caps',
    caughtBy: 'suites/limits/platform-cap.test.ts',
    start: () => {
      const lastSuccess = new Map<string, Answer>();
      const forgiven = new Set<string>();
      return {
        response(res, req) {
          const token = bearerOf(req);
          if (!token?.startsWith('api-v1-') || !(req.route === 'base' || req.route === 'org')) return res;
          const key = `${token} ${req.path}`;
          if (res.status === 200) lastSuccess.set(key, res);
          const earlier = lastSuccess.get(key);
          if (
            res.status !== 429 ||
            jsonOf(res)?.message !== PLATFORM_MESSAGE ||
            !earlier ||
            forgiven.has(token)
          )
            return res;
          forgiven.add(token);
          return earlier;
        },
      };
    },
  },
];
