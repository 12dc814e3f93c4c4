/** Usage-limit rules and settings ranges: a bound enforced by clamping, or not at all. */
import { editJson, envelope, jsonOf } from '../bodies.js';
import type { BreakingRule } from '../rule.js';
import { isOperation } from './match.js';

export const projectSettingRules: BreakingRule[] = [
  {
    id: 'usage-limit-above-plan',
    name: 'setProjectUsageLimit accepts a limit above the plan allocation (answers success, keeps the allocation)',
    clause: 'USAGE-LIMIT-NOT-ABOVE-PLAN',
    section: 'usage-limit rules',
    caughtBy: 'suites/platform/usage-limits-set.test.ts',
    start: () => ({
      response: (res, req) => {
        const message = jsonOf(res)?.message;
        return isOperation(req, '/setProjectUsageLimit') &&
          res.status === 400 &&
          typeof message === 'string' &&
          /exceeds the plan allocation/.test(message)
          ? envelope(200, { type: 'RXSUCCESS', message: 'Project usage limit updated' })
          : res;
      },
    }),
  },
  {
    id: 'temperature-clamped',
    name: 'updateProjectSettings clamps temperature into 0 to 2 instead of refusing a value outside it',
    clause: 'SET-TEMPERATURE-RANGE',
    section: 'settings ranges',
    caughtBy: 'suites/platform/project-settings-fields.test.ts',
    start: () => ({
      request: (req) =>
        isOperation(req, '/updateProjectSettings')
          ? editJson(req, (body) => {
              const t = body.temperature;
              if (typeof t !== 'number' || (t >= 0 && t <= 2)) return undefined;
              return { ...body, temperature: Math.min(2, Math.max(0, t)) };
            })
          : req,
    }),
  },
];
