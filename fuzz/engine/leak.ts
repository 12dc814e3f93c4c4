import escapeStringRegexp from 'escape-string-regexp';

/**
 * Internal detail in an answer: a stack frame, a source location, a JavaScript error class or engine message, a
 * Node error code, the server's own directory. Text the request itself carried (an echoed path or field) is not
 * the server's detail, so a match found in the request's bytes does not count.
 */

/**
 * Every repetition is bounded: an unbounded `[\w.-]+` before a literal backtracks quadratically over a long run
 * of word characters (a 50 KB echo took seconds, long enough to stall the whole run).
 */
const PATTERNS: readonly (readonly [string, RegExp])[] = [
  [
    'stack frame',
    /\n[ \t]{1,40}at [^\n]{1,300}?:\d+:\d+|\bat (?:async )?[\w$.<>[\] ]{1,200} \((?:file:\/\/|node:|\/)[^)\n]{0,300}:\d+:\d+\)/g,
  ],
  ['source location', /[\w.-]{1,100}\.(?:ts|js|mjs|cjs):\d{1,9}(?::\d{1,9})?/g],
  ['node internals', /node:internal|node_modules\//g],
  [
    'error class',
    /\b(?:TypeError|ReferenceError|RangeError|EvalError|AggregateError|SyntaxError|URIError|ZodError)\b/g,
  ],
  [
    'engine message',
    /Cannot read propert|is not a function|is not defined|Maximum call stack|Unexpected token|in JSON at position|is not iterable|Cannot convert|Cannot destructure/g,
  ],
  ['system error code', /\b(?:ECONNRESET|EPIPE|ENOENT|EACCES|EADDRINUSE|ERR_[A-Z][A-Z_]{3,40})\b/g],
];

export class LeakDetector {
  private readonly patterns: (readonly [string, RegExp])[];

  /** `roots`: directories of the server (its working directory, the repository) that must never show. */
  constructor(roots: readonly string[]) {
    this.patterns = [
      ...PATTERNS,
      ...roots
        .filter((r) => r.length > 1)
        .map((r) => ['server directory', new RegExp(escapeStringRegexp(r), 'g')] as const),
    ];
  }

  /** The first internal detail in `text` that `request` did not carry, or undefined. */
  find(text: string, request: string): string | undefined {
    for (const [what, pattern] of this.patterns) {
      pattern.lastIndex = 0;
      let seen = 0;
      for (const match of text.matchAll(pattern)) {
        if (!request.includes(match[0])) return `${what}: ${JSON.stringify(match[0].slice(0, 120))}`;
        // Twenty echoes in a row: the rest are the request's own text too (and each look costs a scan of it).
        seen += 1;
        if (seen >= 20) break;
      }
    }
    return undefined;
  }
}
