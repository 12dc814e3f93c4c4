/**
 * Answers that cite retrieved chunks (FAKE-MODEL-DEFAULT): a sentence or two from each of the top chunks, each
 * followed by its marker `[n]`, where n is the chunk's 1-based position in the response's `sources`.
 */
import type { RagSource } from '../../contract/requests/rag-sources.js';
import { summary } from './canned-agent.js';

export const CITATION_OPENER = 'According to the knowledgebase:';
/** How many of the top chunks an answer cites. */
export const CITED_CHUNKS = 2;

export const marker = (position: number): string => `[${position}]`;

/** A chunk's text without the heading lines it starts with (lines that do not end a sentence). */
export function withoutLeadingHeadings(content: string): string {
  const lines = content
    .split(/\n+/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  while (lines.length > 1 && !/[.!?:;]["')\]]?$/.test(lines[0]!)) lines.shift();
  return lines.join('\n');
}

/** The cited part of an answer, or '' without sources. */
export function citedSentences(sources: readonly RagSource[]): string {
  return sources
    .slice(0, CITED_CHUNKS)
    .map((s, i) => `${summary(withoutLeadingHeadings(s.content), 160)} ${marker(i + 1)}`)
    .join(' ');
}

/** A whole answer from the chunks: the opener, then the cited sentences. */
export function citedAnswer(sources: readonly RagSource[]): string {
  return `${CITATION_OPENER} ${citedSentences(sources)}`;
}

/** The 1-based source positions an answer cites, in order of first appearance. */
export function citedPositions(text: string): number[] {
  const seen = new Set<number>();
  for (const m of text.matchAll(/\[(\d+)\]/g)) seen.add(Number(m[1]));
  return [...seen];
}
