/** Conventions and envelopes: the success and error envelopes. */
import { editJson } from '../bodies.js';
import type { BreakingRule } from '../rule.js';

export const conventionRules: BreakingRule[] = [
  {
    id: 'total-as-string',
    name: 'the success envelope carries `total` as a string (a SQL COUNT passed through), not an integer',
    clause: 'CONV-SUCCESS-TOTAL-INTEGER',
    section: 'conventions and envelopes',
    caughtBy: 'suites/platform/projects.test.ts',
    start: () => ({
      response: (res) =>
        editJson(res, (body) =>
          body.type === 'RXSUCCESS' && typeof body.total === 'number'
            ? { ...body, total: String(body.total) }
            : undefined,
        ),
    }),
  },
  {
    id: 'error-without-type',
    name: 'a refused request answers `{message}` without `type: RXERROR` (the validation layer writes its own body)',
    clause: 'CONV-ERROR-ENVELOPE',
    section: 'conventions and envelopes',
    caughtBy: 'suites/conventions/envelope.test.ts',
    start: () => ({
      response: (res, req) =>
        req.route === 'base' || req.route === 'org'
          ? editJson(res, ({ type, ...rest }) =>
              res.status === 400 && type === 'RXERROR' ? rest : undefined,
            )
          : res,
    }),
  },
];
