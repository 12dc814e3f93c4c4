/**
 * How a streamed answer is split into deltas, the same for both wire formats: text a few words at a time, JSON
 * (tool arguments) a few characters at a time. The split is deterministic and the pieces always concatenate to
 * exactly the whole (RAG-STREAM-EQUALS-BODY).
 */

/** Words per text delta. */
export const WORDS_PER_PIECE = 3;
/** Characters (code points) per JSON delta. */
export const JSON_CHARS_PER_PIECE = 20;

/** Text split into pieces of a few words; each word keeps the whitespace that follows it. Empty text: no piece. */
export function textPieces(text: string, wordsPerPiece: number = WORDS_PER_PIECE): string[] {
  if (text === '') return [];
  // A boundary wherever whitespace is followed by a non-space, except after leading whitespace (the first
  // word keeps it).
  const words = text.split(/(?<=\S\s*\s)(?=\S)/u);
  return groups(words, wordsPerPiece).map((g) => g.join(''));
}

/** A JSON string split every few code points (never inside a surrogate pair). Empty string: no piece. */
export function jsonPieces(json: string, charsPerPiece: number = JSON_CHARS_PER_PIECE): string[] {
  return groups(Array.from(json), charsPerPiece).map((g) => g.join(''));
}

function groups<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('piece size must be a positive integer');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
