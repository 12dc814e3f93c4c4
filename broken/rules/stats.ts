/** Stats dates: the three accepted formats. */
import { jsonOf, refusal } from '../bodies.js';
import type { BreakingRule } from '../rule.js';
import { isOperation } from './match.js';

const SPACED = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export const statsRules: BreakingRule[] = [
  {
    id: 'stats-refuses-spaced-datetime',
    name: "getStats refuses dates written YYYY-MM-DD HH:mm:ss with `Invalid 'from' date format` (only ISO is parsed)",
    clause: 'STATS-DATE-FORMATS',
    section: 'stats dates',
    caughtBy: 'suites/platform/stats.test.ts',
    start: () => ({
      request(req) {
        if (!isOperation(req, '/getStats')) return req;
        const body = jsonOf(req);
        for (const field of ['from', 'to'] as const) {
          const value = body?.[field];
          if (typeof value === 'string' && SPACED.test(value))
            return refusal(400, `Invalid '${field}' date format`);
        }
        return req;
      },
    }),
  },
];
