/**
 * A runtime as a snapshot payload (FAKE-STATE-SNAPSHOT). Left out on purpose: fault rules (a test's breakage of
 * the moment, which a reset drops too), the request journal (what this process received), the search indexes
 * (rebuilt from the documents) and the store's lookup indexes and caches (rebuilt as records are stored).
 */
import type { Runtime } from '../runtime.js';
import type { SnapshotPayload } from './snapshot-schema.js';

/** Everything but the clock, which a ticking clock changes on every read. */
export type TimelessPayload = Omit<SnapshotPayload, 'clock'>;

export function timelessPayload(runtime: Runtime): TimelessPayload {
  const { state, ids, limiter } = runtime.domain;
  const { seed, fixtures, clockStart, rateWindow } = runtime.options;
  const seeded = runtime.seeded;
  return {
    options: { seed, fixtures, clockStart, ...(rateWindow ? { rateWindow: { ...rateWindow } } : {}) },
    ids: ids.position(),
    limiter: limiter.snapshot(),
    seeded: seeded && {
      organizationId: seeded.organizationId,
      users: seeded.users,
      projects: Object.fromEntries(Object.entries(seeded.projects).map(([key, p]) => [key, p.id])),
      tokens: seeded.tokens,
      projectKeys: seeded.projectKeys,
    },
    state: {
      users: [...state.users.values()],
      organizations: [...state.organizations.values()],
      members: [...state.members.values()],
      projects: [...state.projects.values()],
      projectKeys: [...state.projectKeys.values()],
      tokens: [...state.tokens.values()],
      invitations: [...state.invitations.values()],
      outbox: state.outbox,
      sessions: [...state.sessions.values()],
      messages: [...state.messages.values()],
      executionLogs: [...state.executionLogs.values()],
      models: state.models,
      // Only knowledgebases with documents: an empty index is made on first use, by reads too.
      knowledgebases: [...state.knowledgebases]
        .map(([project_id, index]) => ({ project_id, documents: [...index.documents()] }))
        .filter((k) => k.documents.length > 0),
      ragScripts: [...state.ragScripts].map(([project_id, replies]) => ({ project_id, replies })),
    },
  };
}

export function clockPart(runtime: Runtime): SnapshotPayload['clock'] {
  return { now: runtime.domain.clock.now(), ticking: runtime.ticking };
}

/**
 * The payload's JSON text from its two parts: exactly JSON.stringify of `{ clock, ...timeless }`, built without
 * serialising the timeless part again.
 */
export function payloadJson(clock: SnapshotPayload['clock'], timelessJson: string): string {
  return `{"clock":${JSON.stringify(clock)},${timelessJson.slice(1)}`;
}

export function snapshotPayloadJson(runtime: Runtime): string {
  return payloadJson(clockPart(runtime), JSON.stringify(timelessPayload(runtime)));
}
