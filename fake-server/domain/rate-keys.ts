/**
 * The keys the hourly caps count under, written once: a Platform token's count is keyed by the token (so a
 * regenerated value keeps it), every other cap by the project it counts for. Reading a key back says whose count it
 * is, so the counts of one organization can be cleared without touching anyone else's (FAKE-SHARED-FAKE).
 */
import type { DomainContext } from './context.js';

/** The caps counted per project: RAG, the project-key search, and the variant's integration caps. */
export type ProjectCap = 'rag' | 'search-key' | `integration-${string}`;

export const tokenRateKey = (tokenId: number): string => `token:${tokenId}`;
export const projectRateKey = (cap: ProjectCap, projectId: number): string => `${cap}:${projectId}`;

/** Whose count a key is: a token's or a project's; undefined for a key these builders never make. */
export function rateKeySubject(key: string): { kind: 'token' | 'project'; id: number } | undefined {
  const m = /^([a-zA-Z-]+):(\d+)$/.exec(key);
  if (!m) return undefined;
  return { kind: m[1] === 'token' ? 'token' : 'project', id: Number(m[2]) };
}

/** Whether the count under `key` belongs to organization `organizationId` (its token's, or its project's). */
export function ownedBy(domain: DomainContext, organizationId: number): (key: string) => boolean {
  return (key) => {
    const subject = rateKeySubject(key);
    if (!subject) return false;
    const owner =
      subject.kind === 'token'
        ? domain.state.tokens.get(subject.id)?.organization_id
        : domain.state.projects.get(subject.id)?.organization_id;
    return owner === organizationId;
  };
}

/** Forget every hourly count of the organization's tokens and projects; the others' stay. Returns how many. */
export function forgetOrganizationCounts(domain: DomainContext, organizationId: number): number {
  return domain.limiter.forget(ownedBy(domain, organizationId));
}
