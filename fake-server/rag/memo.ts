/**
 * Texts longer than this are computed every time, never kept: the memos outlive resets, and a count bound alone
 * let them keep thousands of client texts of up to a megabyte each (fuzzing showed the heap creeping up).
 */
export const MEMO_MAX_TEXT = 8_192;

/**
 * A bounded memo of a pure function of one string: the RAG paths derive the same things (query terms, chunk
 * summaries, token counts) from the same few texts on every request. Only for functions whose result depends on
 * the argument alone, so a kept result never goes stale; when `size` results are kept, they are all dropped.
 */
export function memoByText<R>(size: number, fn: (text: string) => R): (text: string) => R {
  const kept = new Map<string, R>();
  return (text: string): R => {
    if (kept.has(text)) return kept.get(text) as R;
    const result = fn(text);
    if (text.length > MEMO_MAX_TEXT) return result;
    if (kept.size >= size) kept.clear();
    kept.set(text, result);
    return result;
  };
}
