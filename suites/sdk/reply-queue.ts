/**
 * The scripted-reply queue (FAKE-MODEL-SCRIPT) of the target config's project, for the SDK tests: queue replies,
 * read what is still queued, empty it. Built on the control helpers of support/rag-world.ts.
 */
import type { ScriptedReply } from '../../contract/control/rag-script.js';
import { clearRepliesVia, scriptRepliesVia } from '../support/rag-world.js';
import type { Target } from '../target/target.js';

const project = (t: Target): string => {
  if (!t.config.project_uid) throw new Error('target config has no project_uid');
  return t.config.project_uid;
};

export async function queueReplies(t: Target, replies: ScriptedReply[]): Promise<void> {
  await scriptRepliesVia(t.control!, project(t), replies);
}

/** The replies still queued. */
export const queuedReplies = (t: Target): Promise<ScriptedReply[]> =>
  t.control!.get<ScriptedReply[]>(`/projects/${project(t)}/rag/replies`);

export async function clearReplies(t: Target): Promise<void> {
  await clearRepliesVia(t.control!, project(t));
}

/** Empty the queue where the target has one (the fake with its control API and a project); else do nothing. */
export async function clearRepliesIfAny(t: Target): Promise<void> {
  if (t.control && t.config.project_uid) await clearReplies(t);
}
