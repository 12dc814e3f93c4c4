/** Every breaking rule, by section of the spec. */
import type { BreakingRule } from '../rule.js';
import { accessRules } from './access.js';
import { authMessageRules } from './auth-messages.js';
import { conventionRules } from './conventions.js';
import { pagingRules } from './paging.js';
import { projectSettingRules } from './project-settings.js';
import { ragRules } from './rag.js';
import { streamRules } from './rag-streams.js';
import { rateRules } from './rate-caps.js';
import { searchRules } from './search.js';
import { sessionRules } from './sessions.js';
import { statsRules } from './stats.js';
import { tokenRules } from './tokens.js';

export const breakingRules: readonly BreakingRule[] = [
  ...conventionRules,
  ...pagingRules,
  ...searchRules,
  ...accessRules,
  ...authMessageRules,
  ...projectSettingRules,
  ...statsRules,
  ...sessionRules,
  ...ragRules,
  ...streamRules,
  ...rateRules,
  ...tokenRules,
];

export const ruleById = (id: string): BreakingRule | undefined => breakingRules.find((r) => r.id === id);
