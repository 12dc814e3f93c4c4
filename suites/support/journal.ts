/**
 * The fake's request journal (FAKE-REQUEST-JOURNAL), through the control API: empty it, then read which requests
 * reached a path (for example how many times an SDK retried).
 */
import type { JournalEntry } from '../../contract/control-journal.js';
import type { Target } from '../target/target.js';

function controlOf(t: Target) {
  if (!t.control) throw new Error('target has no control API');
  return t.control;
}

export async function clearJournal(t: Target): Promise<void> {
  await controlOf(t).delete('/journal');
}

/** The journal entries of requests to `{base_url}{path}` (e.g. `/openai/chat/completions`), oldest first. */
export async function journalOf(t: Target, path: string): Promise<JournalEntry[]> {
  const full = `${new URL(t.config.base_url).pathname.replace(/\/$/, '')}${path}`;
  const entries = await controlOf(t).get<JournalEntry[]>('/journal');
  return entries.filter((e) => e.path === full);
}
