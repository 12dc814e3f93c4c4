import escapeStringRegexp from 'escape-string-regexp';

/**
 * The literal substitutions of a Redactor (value → placeholder), applied to a text in one scan: at each position the
 * longest value that starts there is replaced. A redactor that lives through a whole recording learns thousands of
 * values (every token, address and name it meets); replacing them one by one cost a search of the whole text per
 * value, which made the drift report spend most of its time here.
 *
 * The scan is one regular expression of every value, longest first. Compiling it costs time in the number of values,
 * so values learned since the last compilation are looked for one by one, after the scan, until there are enough of
 * them to be worth a new one (a sixteenth of the compiled ones, at least PENDING_AT_LEAST). The answer must not
 * depend on when the expression was compiled (a recording's redactor and a replay's learn at different times), so a
 * value that contains a compiled one, or is contained in one, is compiled before the next text is redacted.
 */
const PENDING_AT_LEAST = 64;

export class Substitutions {
  private readonly byValue = new Map<string, string>();
  /** Every value, longest first (ties in the order learned). */
  private ordered: string[] | undefined;
  /** Matches any value compiled so far; the longest one where several start at one position. */
  private scanner: RegExp | undefined;
  private compiled = 0;
  /** Values learned since the scanner was compiled. */
  private pending: string[] = [];
  /** The compiled values, each between NUL characters, to find one that contains a new value. */
  private compiledText = '';
  /** A pending value contains a compiled one or is contained in one: compile before the next text. */
  private overlapping = false;

  get size(): number {
    return this.byValue.size;
  }

  has(value: string): boolean {
    return this.byValue.has(value);
  }

  get(value: string): string | undefined {
    return this.byValue.get(value);
  }

  set(value: string, placeholder: string): void {
    if (!this.byValue.has(value)) {
      this.pending.push(value);
      this.ordered = undefined;
      if (this.scanner) {
        this.scanner.lastIndex = 0;
        if (this.scanner.test(value) || this.compiledText.includes(value)) this.overlapping = true;
      }
    }
    this.byValue.set(value, placeholder);
  }

  /** `text` with every known value replaced by its placeholder. */
  apply(text: string): string {
    if (this.byValue.size === 0 || text.length === 0) return text;
    if (this.overlapping || this.pending.length >= Math.max(PENDING_AT_LEAST, this.compiled / 16))
      this.compile();
    let out = this.scanner ? text.replace(this.scanner, (value) => this.byValue.get(value) ?? value) : text;
    if (this.pending.length === 0) return out;
    // The values not compiled yet, longest first as well; none contains a compiled one or is contained in one.
    for (const value of [...this.pending].sort((a, b) => b.length - a.length))
      if (out.includes(value)) out = out.split(value).join(this.byValue.get(value));
    return out;
  }

  private compile(): void {
    this.ordered ??= [...this.byValue.keys()].sort((a, b) => b.length - a.length);
    this.scanner = new RegExp(this.ordered.map(escapeStringRegexp).join('|'), 'g');
    this.compiled = this.ordered.length;
    this.compiledText = `\u0000${this.ordered.join('\u0000')}\u0000`;
    this.pending = [];
    this.overlapping = false;
  }
}
