/**
 * Placeholders of a recording → the fake's own values. A recording's requests carry the placeholders of the real
 * deployment's credentials and ids; the fake knows other ones. The map starts from the two target configs (the same
 * role on each side) and learns, answer by answer, what the fake issued where the recording has a placeholder (a new
 * token, a member's email), by walking both JSON answers side by side.
 */
import type { TargetConfig } from '../contract/target-config.js';

const PLACEHOLDER = /redacted|@example\.invalid|^Person /;
/** Answers never nest credentials deeper; a request echoed 7,000 levels deep is not walked. */
const MAX_DEPTH = 64;

export class ValueMap {
  private readonly map = new Map<string, string>();
  private ordered: [string, string][] | undefined;

  /** Pair the recorded (redacted) config's values with the fake's, role by role. */
  constructor(recorded: TargetConfig, fake: TargetConfig) {
    const pairs: [string | undefined, string | undefined][] = [
      [recorded.project_key, fake.project_key],
      [recorded.project_uid, fake.project_uid],
      [recorded.other_project_uid, fake.other_project_uid],
      [recorded.widget_uid, fake.widget_uid],
      [recorded.control?.secret, fake.control?.secret],
      ...(Object.keys(recorded.tokens) as (keyof TargetConfig['tokens'])[]).map(
        (k): [string | undefined, string | undefined] => [recorded.tokens[k], fake.tokens[k]],
      ),
    ];
    for (const [from, to] of pairs) if (from && to) this.set(from, to);
    // A placeholder keeps its prefix: the part after `api-v1-` appears alone when a test strips the prefix.
    for (const [from, to] of [...this.map]) {
      const m = /^(api-v1-|apk-)(.+)$/.exec(from);
      const n = /^(api-v1-|apk-)(.+)$/.exec(to);
      if (m?.[2] && n?.[2] && m[1] === n[1]) this.set(m[2], n[2]);
    }
  }

  private set(from: string, to: string): void {
    if (from === to || this.map.get(from) === to) return;
    this.map.set(from, to);
    this.ordered = undefined;
  }

  /** Replace every known recorded value in `text` by the fake's. */
  apply(text: string): string {
    if (this.map.size === 0) return text;
    this.ordered ??= [...this.map].sort((a, b) => b[0].length - a[0].length);
    let out = text;
    for (const [from, to] of this.ordered) if (out.includes(from)) out = out.split(from).join(to);
    return out;
  }

  /** Learn from a recorded answer and the fake's answer to the same request. */
  learn(recordedBody: string, fakeBody: string): void {
    const a = parse(recordedBody);
    const b = parse(fakeBody);
    if (a !== undefined && b !== undefined) this.walk(a, b, 0);
  }

  private walk(a: unknown, b: unknown, depth: number): void {
    if (depth > MAX_DEPTH) return;
    if (typeof a === 'string' && typeof b === 'string') {
      if (PLACEHOLDER.test(a) && a !== b && !this.map.has(a)) {
        this.set(a, b);
        // An address is sent back in another case too (the recording redacts each case to the same case).
        if (a.includes('@')) {
          if (a.toUpperCase() !== a) this.set(a.toUpperCase(), b.toUpperCase());
          if (a.toLowerCase() !== a) this.set(a.toLowerCase(), b.toLowerCase());
        }
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.min(a.length, b.length); i += 1) this.walk(a[i], b[i], depth + 1);
      return;
    }
    if (a && b && typeof a === 'object' && typeof b === 'object') {
      for (const [k, v] of Object.entries(a))
        if (k in b) this.walk(v, (b as Record<string, unknown>)[k], depth + 1);
    }
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
