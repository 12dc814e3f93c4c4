/** Versioning: v1 in paths and token prefix, the model list read at run time. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const V = 'Versioning';

export const versioningClauses = defineClauses([
  documented(
    'VERSION-V1-BASE-PATH',
    V,
    'The version `v1` is part of the base path of {base_url}.',
    'The version `v1` is part of the base path of {base_url}',
  ),
  assumed(
    'VERSION-V1-ORG-BASE-PATH',
    V,
    '{org_base_url}, where it is separate, carries `v1` in its path too. The spec puts `v1` in the base path of {base_url} and in the Anthropic-style path, and says nothing of the path of {org_base_url}.',
  ),
  documented(
    'VERSION-V1-ANTHROPIC-PATH',
    V,
    'The Anthropic-style RAG path carries `v1` as a segment: /anthropic/v1/messages.',
    ['and of the Anthropic-style path segment', '| POST {base_url}/anthropic/v1/messages |'],
  ),
  documented(
    'VERSION-TOKEN-PREFIX',
    V,
    'Platform tokens carry the version in their prefix `api-v1-`.',
    'tokens carry the prefix `api-v1-`',
  ),
  documented(
    'VERSION-MODEL-LIST-DYNAMIC',
    V,
    'The model list changes over time: clients read it from getSupportedModels instead of fixing it in code.',
    'The model list changes over time and is read from /getSupportedModels rather than fixed.',
  ),
  assumed(
    'VERSION-ONLY-V1',
    V,
    'Deprecation and compatibility policy is not shown: the fake serves only v1, sends no deprecation headers, and any other version path gets 404 `Route not found`.',
  ),
]);
