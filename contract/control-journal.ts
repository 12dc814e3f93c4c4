/**
 * The fake's request journal as the control API shows it (FAKE-REQUEST-JOURNAL): `GET /_control/journal` lists
 * these entries, oldest first; `DELETE /_control/journal` empties it. One type for the fake (which records them)
 * and the suites (which read them).
 */

/** One public API request as the journal records it. */
export interface JournalEntry {
  /** When the request was answered, virtual clock, ISO 8601. */
  at: string;
  method: string;
  /** The request path, base path included (e.g. `/api/v1/openai/chat/completions`). */
  path: string;
  /** The contract operation id, or null when the path is none. */
  operation: string | null;
  status: number;
  /** The envelope's message, or the native error's on the RAG endpoints; null when the answer has none. */
  message: string | null;
}
