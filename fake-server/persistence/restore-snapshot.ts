/**
 * A snapshot payload back into runtime parts: the stores refilled in their saved order (so every listing comes
 * out in the same order), the search indexes rebuilt from the documents, the clock at the saved time, the id
 * source at the saved position and the rate counts as they were. Fault rules start empty.
 */
import { createVirtualClock } from '../domain/clock.js';
import type { DomainContext } from '../domain/context.js';
import { createIdSource } from '../domain/ids.js';
import { createRateLimiter } from '../domain/rate-limit.js';
import { createState, type State } from '../domain/state.js';
import { KnowledgebaseIndex } from '../rag/knowledgebase-index.js';
import type { RuntimeOptions, RuntimeParts } from '../runtime.js';
import type { SeedResult } from '../seed.js';
import type { SnapshotPayload } from './snapshot-schema.js';

/** What a snapshot cannot carry: the process's wall-time source and fixture folder. */
export type LocalOptions = Pick<RuntimeOptions, 'wallClock' | 'documentsDir'>;

function fill<T>(map: Map<number, T>, records: readonly (T & { id: number })[]): void {
  for (const r of records) map.set(r.id, r);
}

function restoreState(saved: SnapshotPayload['state']): State {
  const state = createState();
  fill(state.users, saved.users);
  fill(state.organizations, saved.organizations);
  fill(state.members, saved.members);
  fill(state.projects, saved.projects);
  for (const k of saved.projectKeys) state.projectKeys.set(k.value, k);
  fill(state.tokens, saved.tokens);
  fill(state.invitations, saved.invitations);
  state.outbox.push(...saved.outbox);
  fill(state.sessions, saved.sessions);
  fill(state.messages, saved.messages);
  fill(state.executionLogs, saved.executionLogs);
  state.models = saved.models;
  for (const { project_id, documents } of saved.knowledgebases) {
    const index = new KnowledgebaseIndex();
    for (const doc of documents) index.addDocument(doc);
    state.knowledgebases.set(project_id, index);
  }
  for (const { project_id, replies } of saved.ragScripts) state.ragScripts.set(project_id, replies);
  return state;
}

function restoreSeeded(saved: SnapshotPayload['seeded'], state: State): SeedResult | null {
  if (!saved) return null;
  const projects = Object.fromEntries(
    Object.entries(saved.projects).map(([key, id]) => [key, state.projects.get(id)!]),
  );
  return { ...saved, projects };
}

/** The parts of a runtime holding `p`, with the process's own wall-time source and fixture folder. */
export function restoreSnapshot(p: SnapshotPayload, local: LocalOptions): RuntimeParts {
  const state = restoreState(p.state);
  const domain: DomainContext = {
    state,
    clock: createVirtualClock(p.clock.now, p.clock.ticking ? local.wallClock : undefined),
    ids: createIdSource(p.ids.seed, p.ids),
    limiter: createRateLimiter(p.limiter.window, p.limiter.tallies),
  };
  const { rateWindow, ...rest } = p.options;
  const options: RuntimeOptions = {
    ...rest,
    ...(rateWindow ? { rateWindow } : {}),
    ...(local.wallClock ? { wallClock: local.wallClock } : {}),
    ...(local.documentsDir ? { documentsDir: local.documentsDir } : {}),
  };
  return { options, ticking: p.clock.ticking, domain, seeded: restoreSeeded(p.seeded, state) };
}
