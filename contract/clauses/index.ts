/** The clause catalogue: every clause of every area, checked at import time. */
import { authenticationClauses } from './authentication.js';
import type { Clause } from './clause.js';
import { concurrencyClauses } from './concurrency.js';
import { conventionsClauses } from './conventions.js';
import { driftClauses } from './drift.js';
import { durabilityClauses } from './durability.js';
import { errorClauses } from './errors.js';
import { harnessClauses } from './harness.js';
import { integrationClauses } from './integration.js';
import { knowledgebaseClauses } from './knowledgebase.js';
import { libraryClauses } from './library.js';
import { limitClauses } from './limits.js';
import { modelClauses } from './models.js';
import { organizationClauses } from './organization.js';
import { playgroundClauses } from './playground.js';
import { projectClauses } from './projects.js';
import { ragClauses } from './rag.js';
import { recordingClauses } from './recording.js';
import { reportingClauses } from './reporting.js';
import { robustnessClauses } from './robustness.js';
import { sessionClauses } from './sessions.js';
import { settingsClauses } from './settings.js';
import { statsClauses } from './stats.js';
import { tokenClauses } from './tokens.js';
import { usageLimitClauses } from './usage-limits.js';
import { versioningClauses } from './versioning.js';

export type { Clause, ClauseKind } from './clause.js';
export { type ClauseScope, isRateLimitClause, isSuiteFile, scopeOf } from './scope.js';

export const CLAUSE_ID_PATTERN = /^[A-Z0-9]+(-[A-Z0-9]+)+$/;

export const clauses: readonly Clause[] = [
  ...conventionsClauses,
  ...harnessClauses,
  ...driftClauses,
  ...recordingClauses,
  ...reportingClauses,
  ...tokenClauses,
  ...authenticationClauses,
  ...projectClauses,
  ...settingsClauses,
  ...usageLimitClauses,
  ...organizationClauses,
  ...sessionClauses,
  ...statsClauses,
  ...playgroundClauses,
  ...knowledgebaseClauses,
  ...modelClauses,
  ...integrationClauses,
  ...ragClauses,
  ...limitClauses,
  ...errorClauses,
  ...versioningClauses,
  ...libraryClauses,
  ...durabilityClauses,
  ...robustnessClauses,
  ...concurrencyClauses,
];

const byId = new Map<string, Clause>();
for (const clause of clauses) {
  if (!CLAUSE_ID_PATTERN.test(clause.id)) throw new Error(`clause id is not UPPER-KEBAB: ${clause.id}`);
  if (byId.has(clause.id)) throw new Error(`duplicate clause id: ${clause.id}`);
  if (clause.section.trim() === '' || clause.rule.trim() === '')
    throw new Error(`clause ${clause.id} is empty`);
  byId.set(clause.id, clause);
}

export function clauseById(id: string): Clause | undefined {
  return byId.get(id);
}
