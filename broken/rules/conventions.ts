/** Conventions and envelopes: the success and error envelopes. */
import { editJson, INVALID_PARAMS } from '../bodies.js';
import type { AlsoRed, Answer, BreakingRule, RuleHooks } from '../rule.js';
import { isOperation } from './match.js';

/** The spec states the error body twice. */
const ERROR_BODY_TWICE: AlsoRed = {
  clause: 'ERR-ENVELOPE',
  why: 'the spec states the error body twice, under General conventions and under Errors ("Body: `type` = `RXERROR`, `message` string."): a server breaking one breaks the other',
};

/** A success envelope's integer `total` as a string. */
const totalAsString = (res: Answer): Answer =>
  editJson(res, (body) =>
    body.type === 'RXSUCCESS' && typeof body.total === 'number'
      ? { ...body, total: String(body.total) }
      : undefined,
  );

/** Hooks rewriting, by `edit`, the JSON answers of the Platform and Project Integration operations. */
const apiAnswers =
  (edit: (body: Record<string, unknown>, res: Answer) => Record<string, unknown> | undefined) =>
  (): RuleHooks => ({
    response: (res, req) =>
      req.route === 'base' || req.route === 'org' ? editJson(res, (body) => edit(body, res)) : res,
  });

export const conventionRules: BreakingRule[] = [
  {
    id: 'total-as-string',
    name: 'the success envelope carries `total` as a string (a SQL COUNT passed through), not an integer',
    clause: 'CONV-SUCCESS-TOTAL-INTEGER',
    section: 'conventions and envelopes',
    caughtBy: 'suites/platform/projects.test.ts',
    start: () => ({ response: totalAsString }),
  },
  {
    id: 'members-total-as-string',
    name: "getOrganizationMembers' `total` is sent as a string (the members' COUNT passed through), not an integer",
    clause: 'CONV-SUCCESS-TOTAL-INTEGER',
    section: 'conventions and envelopes',
    caughtBy: 'suites/conventions/envelope.test.ts',
    start: () => ({
      response: (res, req) => (isOperation(req, '/getOrganizationMembers') ? totalAsString(res) : res),
    }),
  },
  {
    id: 'error-without-type',
    name: 'a refused request answers `{message}` without `type: RXERROR` (the validation layer writes its own body)',
    clause: 'CONV-ERROR-ENVELOPE',
    alsoRed: [ERROR_BODY_TWICE],
    section: 'conventions and envelopes',
    caughtBy: 'suites/conventions/envelope.test.ts',
    start: apiAnswers(({ type, ...rest }, res) =>
      res.status === 400 && type === 'RXERROR' ? rest : undefined,
    ),
  },
  {
    id: 'invalid-params-message-array',
    name: '`Invalid params` is sent with its `message` as an array (`["Invalid params"]`, the validation layer\'s list of messages), not a string',
    clause: 'CONV-ERROR-ENVELOPE',
    alsoRed: [ERROR_BODY_TWICE],
    section: 'conventions and envelopes',
    caughtBy: 'suites/conventions/envelope.test.ts',
    start: apiAnswers((body) =>
      body.type === 'RXERROR' && body.message === INVALID_PARAMS
        ? { ...body, message: [INVALID_PARAMS] }
        : undefined,
    ),
  },
];
