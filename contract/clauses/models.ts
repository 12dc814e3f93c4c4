/** getSupportedModels and model tiers. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const P = 'Endpoints/Platform';
const R = 'Resources/Supported model list entry';

export const modelClauses = defineClauses([
  documented(
    'MODELS-EMPTY-BODY',
    P,
    'getSupportedModels is called with the empty object.',
    '| POST /getSupportedModels | empty object |',
  ),
  documented(
    'MODELS-FOR-PLAN',
    P,
    "getSupportedModels lists the models supported for the organization's plan.",
    'list of supported models for the plan (each with `value`, `tier`)',
  ),
  documented(
    'RES-SUPPORTED-MODEL-SHAPE',
    R,
    'Every supported model entry has `value` (string) and `tier` (integer).',
    'Has `value` (string, the identifier to pass as model) and `tier` (integer; tier 1 requires Advanced plan or above).',
  ),
  assumed(
    'MODELS-TIER-VALUES',
    R,
    'tier is 0 (any plan) or 1 (Advanced and above). The spec names tier 1 only; what other tiers exist is not shown.',
  ),
  documented(
    'MODELS-VALUE-IS-MODEL-ID',
    R,
    '`value` is the identifier to pass as model: to updateProjectSettings, to playground agent_setting and to the RAG endpoints.',
    [
      '`value` (string, the identifier to pass as model)',
      'Must be a `value` from the supported models list.',
      'The list of usable models is read from /getSupportedModels; the `value` is passed as model.',
    ],
  ),
  documented('MODELS-TIER1-ADVANCED', 'Limits', 'A tier-1 model requires the Advanced plan or above.', [
    'tier 1 requires Advanced plan or above',
    'model tier 1: Advanced and above',
  ]),
  assumed(
    'MODELS-RESPONSE-SHAPE',
    P,
    'getSupportedModels returns the success envelope with data = array of entries {value string, tier integer, name string, provider string, credits_per_call number}.',
  ),
  assumed(
    'MODELS-TIER-BY-PLAN',
    P,
    'Tier-1 entries are listed only for organizations on Advanced and above.',
  ),
  assumed('MODELS-VALUES-UNIQUE', R, 'Each `value` appears once in the list.'),
  assumed(
    'MODELS-TIER1-RAG-PROFESSIONAL',
    'Endpoints/RAG',
    'A RAG request from a Professional organization naming a tier-1 model is refused like an unknown model (RAG-UNKNOWN-MODEL).',
  ),
]);
