/**
 * Splits a knowledgebase document into retrieval chunks.
 *
 * Rules (deterministic, pure):
 * - Chunks aim at `minChars`..`maxChars` characters of content (default 500..800).
 * - A chunk ends on a paragraph boundary once it has `minChars`; a shorter chunk is filled up with
 *   whole sentences of the next paragraph. Only a sentence longer than `maxChars` is split, between words. A word is never cut:
 *   a single "word" longer than `maxChars` becomes an oversized chunk of its own.
 * - Markdown headings (`#` .. `######`) are kept as plain text lines and start a new chunk when the
 *   current one already has `minChars`. A heading is never left as the last line of a chunk.
 * - Every chunk keeps the document title, and the heading it falls under, as context.
 */

export interface ChunkingOptions {
  minChars?: number;
  maxChars?: number;
}

export interface TextChunk {
  /** 0-based position of the chunk in its document. */
  index: number;
  /** The chunk text (headings without their `#` marks). */
  content: string;
  /** The document title, kept with every chunk. */
  title: string;
  /** The markdown heading the chunk starts under; '' before the first heading. */
  section: string;
}

export const DEFAULT_MIN_CHUNK_CHARS = 500;
export const DEFAULT_MAX_CHUNK_CHARS = 800;

interface Part {
  text: string;
  /** Separator placed before this part when it follows another part in the same chunk. */
  sep: string;
  heading: boolean;
  section: string;
}

/** An ATX heading; an optional closing run of `#` must follow whitespace, as in CommonMark. */
const HEADING = /^#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
/** Whitespace after a sentence end (optionally followed by closing quotes/brackets), or a line break. */
const SENTENCE_BREAK = /(?<=[.!?…]["'”’)\]]*)\s+|[ \t]*\n\s*/g;
const WORD_BREAK = /\s+/g;

/** Splits `text` at every match of `re`, keeping each separator with the piece that follows it. */
function splitKeepingSeparators(
  text: string,
  re: RegExp,
  firstSep: string,
): Array<{ text: string; sep: string }> {
  const out: Array<{ text: string; sep: string }> = [];
  let last = 0;
  let sep = firstSep;
  for (const match of text.matchAll(re)) {
    const at = match.index;
    const piece = text.slice(last, at);
    if (piece !== '') {
      out.push({ text: piece, sep });
      sep = match[0];
    } else if (out.length > 0) {
      sep += match[0];
    }
    last = at + match[0].length;
  }
  const tail = text.slice(last);
  if (tail !== '') out.push({ text: tail, sep });
  return out;
}

/** Normalises an inner separator: a line break stays a line break, anything else becomes one space. */
const normaliseSep = (sep: string): string => (sep.includes('\n') ? '\n' : ' ');

/** Breaks one paragraph into sentence parts; a sentence longer than `maxChars` is split between words. */
function paragraphParts(paragraph: string, section: string, maxChars: number): Part[] {
  const parts: Part[] = [];
  const sentences = splitKeepingSeparators(paragraph, SENTENCE_BREAK, '\n\n');
  for (const [i, sentence] of sentences.entries()) {
    const sentenceSep = i === 0 ? '\n\n' : normaliseSep(sentence.sep);
    if (sentence.text.length <= maxChars) {
      parts.push({ text: sentence.text, sep: sentenceSep, heading: false, section });
      continue;
    }
    // A run-on sentence: pack whole words into pieces of at most maxChars.
    let piece = '';
    let pieceSep = sentenceSep;
    for (const word of splitKeepingSeparators(sentence.text, WORD_BREAK, '')) {
      if (piece === '') piece = word.text;
      else if (piece.length + 1 + word.text.length <= maxChars) piece += ` ${word.text}`;
      else {
        parts.push({ text: piece, sep: pieceSep, heading: false, section });
        piece = word.text;
        pieceSep = ' ';
      }
    }
    if (piece !== '') parts.push({ text: piece, sep: pieceSep, heading: false, section });
  }
  return parts;
}

/** Splits markdown-ish text into heading parts and paragraph blocks, in order. */
function blocks(text: string): Array<{ heading: string } | { paragraph: string }> {
  const out: Array<{ heading: string } | { paragraph: string }> = [];
  const normalised = text.replace(/\r\n?/g, '\n');
  for (const block of normalised.split(/\n[ \t]*\n/)) {
    let buffer: string[] = [];
    const flush = () => {
      const paragraph = buffer.join('\n').trim();
      if (paragraph !== '') out.push({ paragraph });
      buffer = [];
    };
    for (const line of block.split('\n')) {
      const heading = HEADING.exec(line.trim());
      if (heading) {
        flush();
        const headingText = (heading[1] ?? '').trim();
        if (headingText !== '') out.push({ heading: headingText });
      } else {
        buffer.push(line.trimEnd());
      }
    }
    flush();
  }
  return out;
}

const partsLength = (parts: readonly Part[]): number =>
  parts.reduce((sum, part, i) => sum + part.text.length + (i === 0 ? 0 : part.sep.length), 0);

/** Chunks one document. Blank text gives no chunks. */
export function chunkDocument(title: string, text: string, options: ChunkingOptions = {}): TextChunk[] {
  const maxChars = Math.max(1, Math.floor(options.maxChars ?? DEFAULT_MAX_CHUNK_CHARS));
  const minChars = Math.min(maxChars, Math.max(0, Math.floor(options.minChars ?? DEFAULT_MIN_CHUNK_CHARS)));

  const groups: Part[][] = [];
  let current: Part[] = [];
  let currentLength = 0;

  const flush = () => {
    // Never end a chunk with a heading: carry trailing headings over to the next chunk.
    let keep = current.length;
    while (keep > 0 && current[keep - 1]?.heading) keep -= 1;
    if (keep === 0) return; // only headings so far: keep them together with what follows
    groups.push(current.slice(0, keep));
    current = current.slice(keep);
    currentLength = partsLength(current);
  };
  const append = (part: Part) => {
    if (current.length > 0 && currentLength + part.sep.length + part.text.length > maxChars) flush();
    currentLength += (current.length === 0 ? 0 : part.sep.length) + part.text.length;
    current.push(part);
  };

  let section = '';
  for (const block of blocks(text)) {
    if ('heading' in block) {
      section = block.heading;
      if (currentLength >= minChars) flush();
      append({ text: block.heading, sep: '\n\n', heading: true, section });
      continue;
    }
    // Prefer a paragraph boundary when the current chunk is already long enough.
    if (currentLength >= minChars && currentLength + 2 + block.paragraph.length > maxChars) flush();
    for (const part of paragraphParts(block.paragraph, section, maxChars)) append(part);
  }
  // A document that ends with headings only still emits them.
  if (current.length > 0) groups.push(current);
  rebalanceTail(groups, minChars, maxChars);

  return groups.map((parts, index) => ({
    index,
    content: parts.map((part, i) => (i === 0 ? part.text : part.sep + part.text)).join(''),
    title,
    section: parts[0]?.section ?? '',
  }));
}

/**
 * A short last chunk is merged into the one before it when both fit in `maxChars`, otherwise the two
 * are re-split at the part boundary that makes them most even (never after a heading).
 */
function rebalanceTail(groups: Part[][], minChars: number, maxChars: number): void {
  const last = groups.at(-1);
  const previous = groups.at(-2);
  if (!last || !previous || partsLength(last) >= minChars) return;
  const all = [...previous, ...last];
  if (partsLength(all) <= maxChars) {
    groups.splice(-2, 2, all);
    return;
  }
  let best = previous.length;
  let bestGap = Math.abs(partsLength(previous) - partsLength(last));
  for (let k = 1; k < all.length; k += 1) {
    if (all[k - 1]?.heading) continue;
    const left = partsLength(all.slice(0, k));
    const right = partsLength(all.slice(k));
    if (left > maxChars || right > maxChars) continue;
    const gap = Math.abs(left - right);
    if (gap < bestGap) {
      best = k;
      bestGap = gap;
    }
  }
  groups.splice(-2, 2, all.slice(0, best), all.slice(best));
}
