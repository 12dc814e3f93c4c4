/** getProjectUsageLimit, setProjectUsageLimit, removeProjectUsageLimit. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const R = 'Resources/Project usage limit';
const P = 'Endpoints/Platform';

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
  ),
  documented(
    'USAGE-LIMIT-TYPES',
    R,
    'The limited resources are `document`, `webpages` and `credits`; `voice_credits` is also a valid limit type for removal.',
  ),
  documented(
    'USAGE-LIMIT-PROJECT-UID-REQUIRED',
    P,
    'getProjectUsageLimit, setProjectUsageLimit and removeProjectUsageLimit require project_uid (string); without it: Invalid params.',
  ),
  documented(
    'USAGE-LIMIT-GET-SHAPE',
    P,
    'getProjectUsageLimit data is an object with `document`, `webpages` and `credits`, each {limit integer, usage integer}.',
  ),
  assumed(
    'USAGE-LIMIT-UNSET-IS-ALLOCATION',
    P,
    "With no project limit set for a resource, getProjectUsageLimit reports the organization plan allocation as that resource's `limit`.",
  ),
  documented(
    'USAGE-LIMIT-SET-BODY',
    P,
    'setProjectUsageLimit takes `limits`: an array of at least 1 item, each {limit_type string, limit integer}; an empty or missing array gets Invalid params.',
  ),
  documented(
    'USAGE-LIMIT-SET-MESSAGE-ONLY',
    P,
    'setProjectUsageLimit succeeds with a message-only success envelope.',
  ),
  documented(
    'USAGE-LIMIT-SET-REFLECTED',
    P,
    'After a successful setProjectUsageLimit, getProjectUsageLimit reports each set value as that resource `limit`.',
  ),
  documented(
    'USAGE-LIMIT-NOT-ABOVE-PLAN',
    'Limits',
    'A project limit cannot exceed the plan allocation for that resource.',
  ),
  documented(
    'USAGE-LIMIT-NOT-BELOW-USAGE',
    'Limits',
    'A project limit cannot go below the current usage of that resource.',
  ),
  documented(
    'USAGE-LIMIT-BOUNDS-INCLUSIVE',
    'Limits',
    'A limit exactly equal to the plan allocation or exactly equal to current usage is accepted.',
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
    'removeProjectUsageLimit requires limit_type, one of `document`, `webpages`, `credits`, `voice_credits`.',
  ),
  documented(
    'USAGE-LIMIT-REMOVE-MESSAGE-ONLY',
    P,
    'removeProjectUsageLimit succeeds with a message-only success envelope.',
  ),
  documented(
    'USAGE-LIMIT-REMOVE-FULL-ALLOCATION',
    P,
    'After removeProjectUsageLimit the project uses the full organization allocation for that resource.',
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
