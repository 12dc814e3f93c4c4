/** Usage-limit rules and settings ranges: a bound enforced by clamping, or not at all. */
import { editJson, envelope, INVALID_PARAMS, jsonOf, refusal } from '../bodies.js';
import type { BreakingRule } from '../rule.js';
import { NOT_REFUSED } from './bends.js';
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
    id: 'voice-credits-removal-refused',
    name: 'removeProjectUsageLimit refuses limit_type `voice_credits` with 400 `Invalid params` (its validator takes only the three types a limit can be set for)',
    clause: 'USAGE-LIMIT-TYPES',
    alsoRed: [
      {
        clause: 'USAGE-LIMIT-REMOVE-BODY',
        why: "removeProjectUsageLimit's own row of the endpoint table lists `voice_credits` among the four limit types it takes: the same statement as the resource's, in the operation's row",
      },
    ],
    section: 'usage-limit rules',
    caughtBy: 'suites/platform/usage-limits-remove.test.ts',
    // The removal goes through (voice_credits can never be set, so removing it changes nothing) and the answer
    // becomes the refusal: credential, permission and project checks answer first, as on any server.
    start: () => ({
      response: (res, req) =>
        isOperation(req, '/removeProjectUsageLimit') &&
        res.status === 200 &&
        jsonOf(req)?.limit_type === 'voice_credits'
          ? refusal(400, INVALID_PARAMS)
          : res,
    }),
  },
  {
    id: 'temperature-clamped',
    name: 'updateProjectSettings clamps temperature into 0 to 2 instead of refusing a value outside it',
    clause: 'SET-TEMPERATURE-RANGE',
    alsoRed: [NOT_REFUSED],
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
