/** getProjectUsageLimit, setProjectUsageLimit, removeProjectUsageLimit. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const R = 'Resources/Project usage limit';
const P = 'Endpoints/Platform';

/** Passages of the spec several clauses rest on; the message it names for a bad request body. */
const GET_DATA = 'data = object with `document`, `webpages`, `credits`, each {limit, usage}';
const SET_BODY = 'limits (array, at least 1 item, each {limit_type string, limit integer})';
const BOUNDS = 'limits cannot exceed plan allocation or go below current usage';
const REMOVE_TYPE = 'limit_type (required; `document`, `webpages`, `credits`, `voice_credits`)';
const INVALID_PARAMS = '`Invalid params` (bad request body)';

export const usageLimitClauses = defineClauses([
  assumed(
    'USAGE-LIMIT-USAGE-COUNTS',
    R,
    'What usage counts is not shown: `document` counts the knowledgebase documents of kind file, `webpages` those of kind webpage, `credits` the credits the project has spent (rounded up to an integer).',
  ),
  documented(
    'RES-USAGE-LIMIT-SHAPE',
    R,
    'A usage-limit resource reports `limit` (integer) and `usage` (integer).',
    'Each resource has `limit` (integer) and `usage` (integer).',
  ),
  documented(
    'USAGE-LIMIT-TYPES',
    R,
    'The limited resources are `document`, `webpages` and `credits`; `voice_credits` is also a valid limit type for removal.',
    'Resources: `document`, `webpages`, `credits`; `voice_credits` is also a valid limit type for removal.',
  ),
  documented(
    'USAGE-LIMIT-PROJECT-UID-REQUIRED',
    P,
    'getProjectUsageLimit, setProjectUsageLimit and removeProjectUsageLimit require project_uid (a string); a body without it gets the message `Invalid params`.',
    [
      'POST /getProjectUsageLimit | project_uid (string, required)',
      'POST /setProjectUsageLimit | project_uid (string, required)',
      'POST /removeProjectUsageLimit | project_uid (string, required)',
      INVALID_PARAMS,
    ],
  ),
  documented(
    'USAGE-LIMIT-GET-SHAPE',
    P,
    'getProjectUsageLimit data is an object with `document`, `webpages` and `credits`, each {limit integer, usage integer}.',
    [GET_DATA, 'Each resource has `limit` (integer) and `usage` (integer).'],
  ),
  assumed(
    'USAGE-LIMIT-UNSET-IS-ALLOCATION',
    P,
    "With no project limit set for a resource, getProjectUsageLimit reports the organization plan allocation as that resource's `limit`.",
  ),
  documented(
    'USAGE-LIMIT-SET-BODY',
    P,
    'setProjectUsageLimit takes `limits`: an array of at least 1 item, each {limit_type string, limit integer}; an empty or missing array, or an item without limit_type or limit, gets the message `Invalid params`.',
    [SET_BODY, 'limits array has at least 1 item', INVALID_PARAMS],
  ),
  assumed(
    'USAGE-LIMIT-REPRESENTATIONS',
    P,
    "The usage-limit fields are read exactly: `limits` as another JSON value than an array (null, an object, a string), a `limits` item that is not an object, a limit_type in another case (`Document`), with surrounding white space, empty or not a string, and a limit as another JSON value than a number (null, a boolean, a string) get 400 `Invalid params`. The spec gives the fields' types and the limit types, not how a server reads other representations of them (it might fold case, coerce, or skip the item).",
  ),
  documented(
    'USAGE-LIMIT-SET-MESSAGE-ONLY',
    P,
    'setProjectUsageLimit succeeds with a message-only success envelope.',
    'each {limit_type string, limit integer}) | message only |',
  ),
  documented(
    'USAGE-LIMIT-SET-REFLECTED',
    P,
    'After a successful setProjectUsageLimit, getProjectUsageLimit reports each set value as that resource `limit`.',
    [SET_BODY, GET_DATA],
  ),
  documented(
    'USAGE-LIMIT-NOT-ABOVE-PLAN',
    'Limits',
    'A project limit cannot exceed the plan allocation for that resource: setProjectUsageLimit refuses one that does.',
    BOUNDS,
  ),
  documented(
    'USAGE-LIMIT-NOT-BELOW-USAGE',
    'Limits',
    'A project limit cannot go below the current usage of that resource: setProjectUsageLimit refuses one that does.',
    BOUNDS,
  ),
  documented(
    'USAGE-LIMIT-BOUNDS-INCLUSIVE',
    'Limits',
    'A limit exactly equal to the plan allocation or exactly equal to current usage is accepted.',
    BOUNDS,
  ),
  assumed(
    'USAGE-LIMIT-ABOVE-PLAN-STATUS',
    P,
    'A limit above the plan allocation gets 400 `Limit for <type> exceeds the plan allocation` with <type> the limit_type.',
  ),
  assumed(
    'USAGE-LIMIT-BELOW-USAGE-STATUS',
    P,
    'A limit below current usage gets 400 `Limit for <type> cannot be below current usage` with <type> the limit_type.',
  ),
  assumed(
    'USAGE-LIMIT-VALUE-NONNEGATIVE',
    P,
    'Each limit is an integer of at least 0; negative or non-integer limits get Invalid params.',
  ),
  assumed(
    'USAGE-LIMIT-SET-VOICE-CREDITS',
    P,
    'voice_credits cannot be set: a limits item with limit_type `voice_credits` gets 400 Invalid params; it can only be removed.',
  ),
  assumed(
    'USAGE-LIMIT-UNKNOWN-TYPE',
    P,
    'A limit_type other than document, webpages, credits (set) or document, webpages, credits, voice_credits (remove) gets 400 Invalid params.',
  ),
  assumed(
    'USAGE-LIMIT-DUPLICATE-TYPES',
    P,
    'A limit_type repeated within one setProjectUsageLimit request gets 400 Invalid params.',
  ),
  assumed(
    'USAGE-LIMIT-ATOMIC',
    P,
    'A setProjectUsageLimit request that fails changes nothing: no item of it is applied.',
  ),
  documented(
    'USAGE-LIMIT-REMOVE-BODY',
    P,
    'removeProjectUsageLimit requires limit_type, one of `document`, `webpages`, `credits`, `voice_credits`; a missing limit_type or another string outside the four (e.g. `all`) gets the message `Invalid params`.',
    [REMOVE_TYPE, INVALID_PARAMS],
  ),
  documented(
    'USAGE-LIMIT-REMOVE-MESSAGE-ONLY',
    P,
    'removeProjectUsageLimit succeeds with a message-only success envelope.',
    '`credits`, `voice_credits`) | message only; the project then uses the full organization allocation |',
  ),
  documented(
    'USAGE-LIMIT-REMOVE-FULL-ALLOCATION',
    P,
    'After removeProjectUsageLimit the project uses the full organization allocation for that resource.',
    'message only; the project then uses the full organization allocation',
  ),
  assumed(
    'USAGE-LIMIT-PLAN-DOWNGRADE',
    P,
    "When a plan change lowers the allocation below a project's set limit, the limit in force (as getProjectUsageLimit reports it, and as credits are checked against) is the allocation.",
  ),
  assumed(
    'USAGE-LIMIT-REMOVE-IDEMPOTENT',
    P,
    'Removing a limit that is not set succeeds and changes nothing (the project updatedAt included).',
  ),
]);
