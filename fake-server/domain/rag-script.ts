/**
 * Scripted replies of the fake model (FAKE-MODEL-SCRIPT): a queue per project, filled through the control API
 * and taken from, oldest first, by the project's RAG requests on either endpoint. Part of the state, so a reset
 * empties every queue.
 */
import type { ScriptedReply } from '../../contract/control/rag-script.js';
import type { DomainContext } from './context.js';
import type { Project } from './state.js';

/** The queue of a project, oldest first (a copy). */
export function scriptedReplies(domain: DomainContext, project: Project): ScriptedReply[] {
  return [...(domain.state.ragScripts.get(project.id) ?? [])];
}

/** Appends replies to the project's queue; returns the whole queue. */
export function queueReplies(
  domain: DomainContext,
  project: Project,
  replies: readonly ScriptedReply[],
): ScriptedReply[] {
  const queue = domain.state.ragScripts.get(project.id) ?? [];
  queue.push(...replies);
  domain.state.ragScripts.set(project.id, queue);
  return [...queue];
}

/** Empties the project's queue; returns how many replies it held. */
export function clearReplies(domain: DomainContext, project: Project): number {
  const n = domain.state.ragScripts.get(project.id)?.length ?? 0;
  domain.state.ragScripts.delete(project.id);
  return n;
}

/** The next reply, left in the queue (a request takes it only once it is delivered). */
export function nextReply(domain: DomainContext, project: Project): ScriptedReply | undefined {
  return domain.state.ragScripts.get(project.id)?.[0];
}

/** Removes the next reply (after it was delivered). */
export function consumeReply(domain: DomainContext, project: Project): void {
  const queue = domain.state.ragScripts.get(project.id);
  queue?.shift();
  if (queue?.length === 0) domain.state.ragScripts.delete(project.id);
}
