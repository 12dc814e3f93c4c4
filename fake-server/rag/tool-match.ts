/**
 * Which user tool the fake model calls (FAKE-MODEL-DEFAULT, RAG-TOOL-CHOICE): the one whose name parts or
 * description share the most significant words with the last user message. Words are lower-cased, stop words
 * and generic verbs dropped, and a trailing `s` ignored, so "orders" meets `get_order`.
 */
import type { ToolChoice, ToolSpec } from './conversation.js';

const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about after all also am an and any are as at be been before but by can could did do does doing for from ' +
    'had has have how i if in into is it its just let me more most my no not of on or our out over please so ' +
    'some such than that the their them then there these they this those to too up us was we were what whats ' +
    'when where which who why will with would you your yours ' +
    // verbs and words that say little about what a tool does
    'get gets set give show tell find make use using need want know like current currently return returns ' +
    'fetch look lookup help hi hello thank thanks should shall may might must via per'
  ).split(' '),
);

/** A word as it is compared: lower case, a trailing `s` dropped (but not from `ss`). */
function stem(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The significant word of a raw token, or null for a stop word or a one- or two-letter token. */
export function significant(token: string): string | null {
  const w = token.toLowerCase();
  if (w.length < 3 || STOP_WORDS.has(w)) return null;
  return stem(w);
}

/** Significant words of a text, in order, without repeats. */
export function significantWords(text: string): string[] {
  const out = new Set<string>();
  for (const token of text.split(/[^\p{L}\p{N}]+/u)) {
    const w = significant(token);
    if (w) out.add(w);
  }
  return [...out];
}

/** The parts of a tool name: `get_weather`, `getWeather` and `get-weather` all give get, weather. */
export function nameParts(name: string): string[] {
  return significantWords(name.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2').replace(/[_-]+/g, ' '));
}

export interface ToolMatch {
  tool: ToolSpec;
  /** Shared words; a word of the tool's name counts twice. */
  score: number;
  /** The shared word that appears last in the message (arguments may take the text after it), if any. */
  word: string | null;
}

/** Scores one tool against the message's significant words. */
function scoreTool(tool: ToolSpec, messageWords: readonly string[]): ToolMatch {
  const name = new Set(nameParts(tool.name));
  const description = new Set(significantWords(tool.description));
  let score = 0;
  let word: string | null = null;
  for (const w of messageWords) {
    const inName = name.has(w);
    if (!inName && !description.has(w)) continue;
    score += inName ? 2 : 1;
    word = w;
  }
  return { tool, score, word };
}

/** The best-scoring tool with at least one shared word (the first declared wins a tie), or null. */
export function bestTool(tools: readonly ToolSpec[], message: string): ToolMatch | null {
  const words = significantWords(message);
  let best: ToolMatch | null = null;
  for (const tool of tools) {
    const m = scoreTool(tool, words);
    if (m.score > 0 && (!best || m.score > best.score)) best = m;
  }
  return best;
}

/**
 * The tool to call under `choice`: `none` never; a named tool that one; `required` the best match or else the
 * first tool; `auto` the best match only. Null means the model answers in text.
 */
export function pickTool(tools: readonly ToolSpec[], choice: ToolChoice, message: string): ToolMatch | null {
  switch (choice.kind) {
    case 'none':
      return null;
    case 'tool': {
      const tool = tools.find((t) => t.name === choice.name);
      if (!tool) return null;
      return scoreTool(tool, significantWords(message));
    }
    case 'required': {
      const first = tools[0];
      return bestTool(tools, message) ?? (first ? { tool: first, score: 0, word: null } : null);
    }
    case 'auto':
      return bestTool(tools, message);
  }
}
