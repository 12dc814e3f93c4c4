/** Versioning: v1 in paths and token prefix, the model list read at run time. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const V = 'Versioning';

export const versioningClauses = defineClauses([
  documented('VERSION-V1-BASE-PATH', V, 'The version `v1` is part of the base path of {base_url}.'),
  documented(
    'VERSION-V1-ANTHROPIC-PATH',
    V,
    'The Anthropic-style RAG path carries `v1` as a segment: /anthropic/v1/messages.',
  ),
  documented('VERSION-TOKEN-PREFIX', V, 'Platform tokens carry the version in their prefix `api-v1-`.'),
  documented(
    'VERSION-MODEL-LIST-DYNAMIC',
    V,
    'The model list changes over time: clients read it from getSupportedModels instead of fixing it in code.',
  ),
  assumed(
    'VERSION-ONLY-V1',
    V,
    'Deprecation and compatibility policy is not shown: the fake serves only v1, sends no deprecation headers, and any other version path gets 404 `Route not found`.',
  ),
]);
