/**
 * What a failed assertion expected against what came, in a few words and folded (issue 39, item 6): the likely
 * defects group failures whose expectations fold alike. `status; body: {…}: expected 200 to be 403 // Object.is
 * equality` reads `status: expected 403, got 200`; a contract schema failure reads `response schema:
 * data.organizationMember[].id: expected number, received string`; numbers and ids that differ from case to case (a
 * counterexample's n, a session uid, a rate-limit header, array indexes) are folded in the key, HTTP statuses are not.
 */

export interface Expectation {
  /** One line for a reader. */
  readonly text: string;
  /** `text` with what differs from case to case folded: equal keys are one expectation. */
  readonly key: string;
  /**
   * It names a value, a message or a schema path, not only a status: the same specific expectation failing on several
   * operations is one defect (a reworded message); a status alone is not enough to say so.
   */
  readonly specific: boolean;
}

const MAX_VALUE = 120;

const clip = (text: string): string => (text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text);

/** The assertion itself: an AssertionError's (or a plain Error's) name and vitest's equality note dropped. */
function headOf(message: string): string {
  return message
    .replace(/^(?:AssertionError|Error):\s*/, '')
    .replace(/\s*\/\/ Object\.is equality/g, '')
    .trim();
}

/** `label; body: {…}` or `label, body …` → `label`. */
const labelOf = (label: string): string =>
  label
    .replace(/[;,]?\s*body:?[\s\S]*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

const SCHEMA = /^(\w+): response does not match the (documented contract|fake's contract): ([\s\S]*)$/;

function schemaExpectation(match: RegExpExecArray): string {
  const issues = match[3] ?? '';
  const path = /"path":\s*\[([^\]]*)\]?/.exec(issues)?.[1] ?? '';
  const steps = [...path.matchAll(/"((?:[^"\\]|\\.)*)"|(-?\d+)/g)].map((m) =>
    m[1] !== undefined ? `.${m[1]}` : '[]',
  );
  const where = steps.join('').replace(/^\./, '') || '(the body)';
  const said = /"message":\s*"((?:[^"\\]|\\.)*)"/.exec(issues)?.[1]?.replace(/^Invalid input:\s*/, '');
  const expected = /"expected":\s*"(\w+)"/.exec(issues)?.[1];
  const code = /"code":\s*"(\w+)"/.exec(issues)?.[1];
  return `response schema: ${where}: ${said ?? (expected ? `expected ${expected}` : (code ?? 'does not match'))}`;
}

/** chai's wording of a failed matcher, after `expected X `. */
const MATCHER =
  /^(?:(?<label>[\s\S]*?):\s+)?expected (?<got>[\s\S]+?) (?<verb>to (?:not )?(?:be (?:greater|less) than(?: or equal to)?|deeply equal|strictly equal|equal|be|match|contain|include|have property|have length|have a length of|be an instance of|be a|be an|satisfy))(?: (?<want>[\s\S]*))?$/;

const RELATION: Record<string, string> = {
  'to be greater than': '>',
  'to be greater than or equal to': '≥',
  'to be less than': '<',
  'to be less than or equal to': '≤',
};

/** A pattern that only spells out a text (`/Invalid or revoked API token/`) reads as that text, quoted. */
const literalOf = (want: string): string => {
  const inner = /^\/((?:[\w\s'",:-]|\\.)+)\/[a-z]*$/.exec(want)?.[1];
  return inner === undefined ? want : `'${inner.replace(/\\(.)/g, '$1')}'`;
};

function matcherExpectation(head: string): { text: string; key: string; status: boolean } | undefined {
  const first = head.split('\n\n')[0] ?? head;
  const m = MATCHER.exec(first.replace(/\s+/g, ' '));
  if (!m?.groups) return undefined;
  const label = labelOf(m.groups.label ?? '');
  const got = clip(m.groups.got ?? '');
  const verb = m.groups.verb ?? '';
  const want = clip((m.groups.want ?? '').trim());
  const relation = RELATION[verb];
  const said =
    verb === 'to be' || verb.endsWith('equal')
      ? `expected ${want}, got ${got}`
      : relation
        ? `expected ${relation} ${want}, got ${got}`
        : verb === 'to match'
          ? `expected to match ${want}, got ${got}`
          : `expected ${got} ${verb}${want ? ` ${want}` : ''}`;
  // Two HTTP statuses compared: a status expectation, whatever its label calls it (`status`, `updateProjectSettings
  // is refused 403`): its key is the statuses alone, so the plain and the bound checks of one refusal read alike.
  const status = [got, want].every((v) => /^[1-5]\d\d$/.test(v));
  const prefix = label ? `${label}: ` : '';
  if (status) return { text: `${prefix}${said}`, key: `status: ${said}`, status };
  // A text matched against a pattern that spells it out is the same expectation as the text compared to it.
  const key = verb === 'to match' ? `expected ${literalOf(want)}, got ${got}` : said;
  return { text: `${prefix}${said}`, key: `${prefix}${key}`, status };
}

/** Folds what differs from case to case: long numbers, decimals, ids, dates; HTTP statuses stay. */
export function fold(text: string, keepStatuses: boolean): string {
  return text
    .replace(/\d{4}-\d\d-\d\d(?:[T ][\d:.]+Z?)?/g, 'DATE')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, 'ID')
    .replace(/\b(?=[a-z0-9_-]*\d)(?=[a-z0-9_-]*[a-z])[a-z0-9_-]{8,}\b/gi, 'ID')
    .replace(/(?<![\w.])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/gi, (n) =>
      keepStatuses && /^[1-5]\d\d$/.test(n) ? n : '#',
    );
}

export function expectationOf(message: string): Expectation {
  const head = headOf(message);
  const schema = SCHEMA.exec(head);
  if (schema) {
    const text = schemaExpectation(schema);
    return { text, key: fold(text, false), specific: true };
  }
  const matched = matcherExpectation(head);
  if (matched) {
    const specific = !matched.status && (/^[^:]+: expected/.test(matched.text) || /['"/]/.test(matched.text));
    return { text: matched.text, key: fold(matched.key, matched.status), specific };
  }
  const text = clip((head.split('\n')[0] ?? head).replace(/\s+/g, ' '));
  return { text, key: fold(text, true), specific: false };
}
