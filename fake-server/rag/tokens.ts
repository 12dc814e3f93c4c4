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

/**
 * Byte-pair encoding is quadratic in the length of one pre-token: 40,000 'é' in a row took 8 s, and a megabyte of
 * them would hold the event loop for about an hour (found by fuzzing). A run of more than LONG_RUN characters of
 * one kind (letters, punctuation, whitespace) is encoded in slices of LONG_RUN characters, which may count a token
 * more or less per slice; text without such a run, which is all ordinary text, is encoded whole and exactly.
 */
export const LONG_RUN = 256;
const longRuns = new RegExp(
  `[\\p{L}\\p{M}]{${LONG_RUN + 1},}|[^\\s\\p{L}\\p{N}]{${LONG_RUN + 1},}|\\s{${LONG_RUN + 1},}`,
  'gu',
);

function append(out: number[], tokens: readonly number[]): void {
  for (const t of tokens) out.push(t);
}

/** `encode`, with long runs encoded slice by slice (linear in the text, not quadratic in a run). */
export function boundedEncode(encode: Encode): (text: string) => number[] {
  return (text) => {
    longRuns.lastIndex = 0;
    if (!longRuns.test(text)) return encode(text, PLAIN);
    const out: number[] = [];
    let at = 0;
    longRuns.lastIndex = 0; // matchAll starts where test() stopped otherwise
    for (const run of text.matchAll(longRuns)) {
      if (run.index > at) append(out, encode(text.slice(at, run.index), PLAIN));
      const chars = Array.from(run[0]);
      for (let i = 0; i < chars.length; i += LONG_RUN)
        append(out, encode(chars.slice(i, i + LONG_RUN).join(''), PLAIN));
      at = run.index + run[0].length;
    }
    if (at < text.length) append(out, encode(text.slice(at), PLAIN));
    return out;
  };
}

export function tokenizerFrom(rawEncode: Encode, decode: Decode): Tokenizer {
  const encode = boundedEncode(rawEncode);
  // The same chunk texts and prompts are counted on every RAG request: keep the counts of recent texts.
  const count = memoByText(4096, (text: string): number => (text === '' ? 0 : encode(text).length));
  return {
    count,
    truncate(text, maxTokens) {
      const limit = Math.max(0, Math.floor(maxTokens));
      const tokens = encode(text);
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
