/**
 * `sparse-data` (FAKE-VARIANT): a deployment's data is its own, and a staging organization may hold little. Under the
 * axis the seeded projects keep two conversations each (the oldest open one and the oldest closed one, when there are
 * such) and two knowledgebase documents each, so the execution logs are few too. Everything else of the seed (users,
 * tokens, keys) stays. The suites must create what a test needs, or stop it as not checkable here.
 */
import type { Seed } from '../fixtures/default-seed.js';
import type { FixtureDocument } from '../fixtures/knowledgebase.js';
import type { DomainContext } from './domain/context.js';
import { variantOn } from './variant/axes.js';

/** Conversations and documents a project keeps under the axis. */
export const SPARSE = { sessions: 2, documents: 2 } as const;

/** The seed with its projects' conversations cut to SPARSE.sessions (one of each status where it has both). */
export function sparseSeed(domain: DomainContext, seed: Seed): Seed {
  if (!variantOn(domain, 'sparse-data')) return seed;
  return {
    ...seed,
    projects: seed.projects.map((p) => {
      const open = p.sessions.find((s) => s.status === 'open');
      const closed = p.sessions.find((s) => s.status === 'closed');
      const kept = [open, closed].filter((s) => s !== undefined);
      const rest = p.sessions.filter((s) => !kept.includes(s));
      return { ...p, sessions: [...kept, ...rest].slice(0, SPARSE.sessions) };
    }),
  };
}

/** The fixture documents with each project's cut to the first SPARSE.documents. */
export function sparseDocuments(domain: DomainContext, documents: FixtureDocument[]): FixtureDocument[] {
  if (!variantOn(domain, 'sparse-data')) return documents;
  const kept = new Map<string, number>();
  return documents.filter((d) => {
    const n = kept.get(d.projectSlug) ?? 0;
    kept.set(d.projectSlug, n + 1);
    return n < SPARSE.documents;
  });
}
