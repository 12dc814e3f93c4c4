/**
 * Token counts of the RAG endpoints (RAG-USAGE-TOKENIZER): a real tokenizer, o200k_base for every model.
 *
 * Its encoding tables cost about a quarter of a second to load, so nothing here loads them at module load:
 * `loadTokenizer()` imports them on first use and memoises the result (the fake stays quick to start).
 */

import { memoByText } from './memo.js';

export interface Tokenizer {
  /** Number of tokens of `text`. Special-token text such as `<|endoftext|>` counts as plain text. */
  count(text: string): number;
  /** The longest prefix of `text` made of at most `maxTokens` tokens (re-encoded, never more). */
  truncate(text: string, maxTokens: number): string;
}

type Encode = (text: string, options?: { disallowedSpecial?: Set<string> }) => number[];
type Decode = (tokens: Iterable<number>) => string;

/** Treat special-token text in callers' messages as ordinary text instead of throwing. */
const PLAIN = { disallowedSpecial: new Set<string>() };

export function tokenizerFrom(encode: Encode, decode: Decode): Tokenizer {
  // The same chunk texts and prompts are counted on every RAG request: keep the counts of recent texts.
  const count = memoByText(4096, (text: string): number => (text === '' ? 0 : encode(text, PLAIN).length));
  return {
    count,
    truncate(text, maxTokens) {
      const limit = Math.max(0, Math.floor(maxTokens));
      const tokens = encode(text, PLAIN);
      if (tokens.length <= limit) return text;
      // A token boundary can fall inside a multi-byte character: decoding then yields a replacement
      // character, and re-encoding may take more tokens. Step back until the result is a true prefix
      // that re-encodes within the limit.
      for (let n = limit; n > 0; n--) {
        const prefix = decode(tokens.slice(0, n));
        if (text.startsWith(prefix) && count(prefix) <= limit) return prefix;
      }
      return '';
    },
  };
}

let loading: Promise<Tokenizer> | undefined;

/** The o200k_base tokenizer, imported on first call and shared afterwards. */
export function loadTokenizer(): Promise<Tokenizer> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then(
    (m) => tokenizerFrom(m.encode, m.decode),
    (err: unknown) => {
      loading = undefined; // let a later call try again
      throw err;
    },
  );
  return loading;
}
