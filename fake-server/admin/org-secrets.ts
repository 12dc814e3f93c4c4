/**
 * Control secrets scoped to one organization (FAKE-CONTROL-SCOPED-SECRET): POST /_control/organizations, with the
 * admin secret, makes one for the organization it creates. A job holding it can clear that organization's counts,
 * seed and read inside it, enter provider states in it and remove it, and nothing else: no other organization, and
 * nothing fake-wide (reset, clock, faults, models, journal, state). They live with the fake's state: a reset or an
 * imported state drops them, and removing the organization drops its secret. Kept as digests only.
 */
import { createHash } from 'node:crypto';
import { randomSecret } from './secret.js';

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

export class OrgSecrets {
  private readonly byDigest = new Map<string, number>();
  /** Teardowns of provider states entered with a scoped secret, per organization: only those it may undo. */
  private readonly teardowns = new Map<number, Set<string>>();

  /** A provider state entered with the organization's secret gave this teardown. */
  allowTeardown(organizationId: number, teardown: string): void {
    const set = this.teardowns.get(organizationId) ?? new Set<string>();
    set.add(teardown);
    this.teardowns.set(organizationId, set);
  }

  /** Whether the organization's secret may undo this teardown (it was given for a state entered with it). */
  mayTearDown(organizationId: number, teardown: string): boolean {
    return this.teardowns.get(organizationId)?.has(teardown) ?? false;
  }

  /** A new secret for `organizationId` (an organization may hold several: one per job that asked). */
  issue(organizationId: number): string {
    const secret = `org-${organizationId}-${randomSecret()}`;
    this.byDigest.set(digest(secret), organizationId);
    return secret;
  }

  /** The organization `given` is scoped to, or undefined when it is no organization's secret. */
  organizationOf(given: string): number | undefined {
    return this.byDigest.get(digest(given));
  }

  /** The organization is gone: its secrets with it. */
  forget(organizationId: number): void {
    for (const [key, id] of this.byDigest) if (id === organizationId) this.byDigest.delete(key);
    this.teardowns.delete(organizationId);
  }

  clear(): void {
    this.byDigest.clear();
    this.teardowns.clear();
  }
}
