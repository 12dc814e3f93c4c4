/**
 * A small reference of the project usage-limit rules, written from the spec (Resources/Project usage limit, Limits)
 * and the assumed USAGE-LIMIT-* clauses: plain values and functions, no knowledge of any implementation. The
 * allocation of a plan is not a number of the spec: callers learn it from the target.
 *
 * Each prediction comes in two strengths (HARNESS-TWO-STRENGTHS): its class (accepted, or refused in the error
 * envelope with the documented message where the spec quotes one: `documented`), and the fake's exact status and
 * message(s) on top (`status`, `messages`). A refusal also names the assumed clauses its class rests on (`grounds`:
 * empty when the spec's own rules refuse the request).
 */
import { INVALID_PARAMS } from '../messages.js';

export const LIMIT_TYPES = ['document', 'webpages', 'credits'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];
/** voice_credits can be removed but not set (USAGE-LIMIT-SET-VOICE-CREDITS) nor read. */
export const REMOVABLE_TYPES = [...LIMIT_TYPES, 'voice_credits'] as const;

export type Allocation = Readonly<Record<LimitType, number>>;

/** One project's limits as set (absent: none set) and its current usage. */
export interface ProjectLimits {
  readonly own: Readonly<Partial<Record<LimitType, number>>>;
  readonly usage: Readonly<Record<LimitType, number>>;
}

export const noLimits = (usage: Record<LimitType, number>): ProjectLimits => ({
  own: {},
  usage: { ...usage },
});

export const abovePlan = (type: string) => `Limit for ${type} exceeds the plan allocation`;
export const belowUsage = (type: string) => `Limit for ${type} cannot be below current usage`;

/** What getProjectUsageLimit reports (USAGE-LIMIT-UNSET-IS-ALLOCATION, USAGE-LIMIT-PLAN-DOWNGRADE). */
export function reported(p: ProjectLimits, allocation: Allocation) {
  const entry = (t: LimitType) => ({
    limit: p.own[t] === undefined ? allocation[t] : Math.min(p.own[t], allocation[t]),
    usage: p.usage[t],
  });
  return { document: entry('document'), webpages: entry('webpages'), credits: entry('credits') };
}

export type Refusal = {
  /** The fake's status (assumed: ERR-INVALID-PARAMS-STATUS, USAGE-LIMIT-*-STATUS). */
  status: 400;
  /** The fake's message; when several items fail, any of theirs. */
  messages: readonly string[];
  /** What the spec documents of the message (`Invalid params`), when it quotes it. */
  documented?: RegExp;
  /** Assumed clauses that refusing rests on; empty when the spec refuses the request itself. */
  grounds: readonly string[];
};
export type Outcome<T> = { ok: true; next: T } | ({ ok: false } & Refusal);

const isLimitType = (t: unknown): t is LimitType => (LIMIT_TYPES as readonly unknown[]).includes(t);

/** The documented part of `Invalid params`: the message starts with it. */
export const INVALID_PARAMS_DOCUMENTED = /^Invalid params/;

/**
 * A reason a body is refused: the assumed clauses it rests on (none: the spec's own rules refuse it) and whether
 * the spec's `Invalid params` is then the documented message (a negative limit is also below any usage, which the
 * spec refuses with a message it does not quote).
 */
interface Fault {
  grounds: readonly string[];
  invalidParams: boolean;
}

const documentedFault: Fault = { grounds: [], invalidParams: true };
const assumedFault = (...grounds: string[]): Fault => ({ grounds, invalidParams: true });

/** Another representation: how a server reads it (another JSON type, another spelling) is not shown. */
const representation = assumedFault('USAGE-LIMIT-REPRESENTATIONS');

/**
 * Every reason one `limits` item is not a valid body (its shape is `{limit_type string, limit integer}`): a field
 * left out is a documented fault; another representation of one is the fake's reading.
 */
function itemFaults(item: unknown): Fault[] {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return [representation];
  const { limit_type, limit } = item as { limit_type?: unknown; limit?: unknown };
  const faults: Fault[] = [];
  if (limit_type === undefined) faults.push(documentedFault);
  else if (typeof limit_type !== 'string')
    faults.push(typeof limit_type === 'number' ? assumedFault('ERR-JSON-NO-COERCION') : representation);
  else if (limit_type === 'voice_credits') faults.push(assumedFault('USAGE-LIMIT-SET-VOICE-CREDITS'));
  else if (!isLimitType(limit_type))
    faults.push(
      variantOf(limit_type, LIMIT_TYPES) ? representation : assumedFault('USAGE-LIMIT-UNKNOWN-TYPE'),
    );
  if (limit === undefined) faults.push(documentedFault);
  else if (typeof limit === 'number') {
    // A negative integer is below any usage (documented, its message not quoted); a fraction is the fake's reading.
    if (!Number.isInteger(limit)) faults.push(assumedFault('USAGE-LIMIT-VALUE-NONNEGATIVE'));
    else if (limit < 0) faults.push({ grounds: [], invalidParams: false });
  } else if (limit === null) faults.push(assumedFault('ERR-NULL-NOT-ABSENT'));
  else if (typeof limit === 'string' && /^-?\d+$/.test(limit))
    faults.push(assumedFault('ERR-JSON-NO-COERCION'));
  else faults.push(representation);
  return faults;
}

/** Whether `value` is another spelling of one of `values`: another case, surrounding white space, or empty. */
const variantOf = (value: string, values: readonly string[]): boolean =>
  value.trim() === '' || values.some((v) => v.toLowerCase() === value.trim().toLowerCase());

/** The refusal of a body with these faults: documented when one of them is, else resting on all of theirs. */
function invalidBody(faults: readonly Fault[]): Refusal {
  const documented = faults.filter((f) => f.grounds.length === 0);
  return {
    status: 400,
    messages: [INVALID_PARAMS],
    ...(documented.length === 0 || documented.some((f) => f.invalidParams)
      ? { documented: INVALID_PARAMS_DOCUMENTED }
      : {}),
    grounds: documented.length > 0 ? [] : [...new Set(faults.flatMap((f) => f.grounds))],
  };
}

/**
 * setProjectUsageLimit with `items` as sent. Body checks first (Invalid params: USAGE-LIMIT-SET-BODY,
 * -VALUE-NONNEGATIVE, -SET-VOICE-CREDITS, -UNKNOWN-TYPE, -DUPLICATE-TYPES), then each item against the allocation
 * and the usage; all or nothing (USAGE-LIMIT-ATOMIC). When several items fail, the spec does not say which one
 * the message names: every failing item's message is acceptable.
 */
export function setLimits(p: ProjectLimits, allocation: Allocation, items: unknown): Outcome<ProjectLimits> {
  // Missing or empty: documented; another JSON type than an array: the fake's reading.
  if (items === undefined || (Array.isArray(items) && items.length === 0))
    return { ok: false, ...invalidBody([documentedFault]) };
  if (!Array.isArray(items)) return { ok: false, ...invalidBody([representation]) };
  // Every fault of the body: the request is refused by the spec's own rules if any of them is documented.
  const faults = items.flatMap(itemFaults);
  const types = items.map((i) => (i as { limit_type?: unknown } | null)?.limit_type);
  if (new Set(types).size !== types.length) faults.push(assumedFault('USAGE-LIMIT-DUPLICATE-TYPES'));
  const invalid = { ok: false as const, ...invalidBody(faults) };
  const parsed: { type: LimitType; limit: number }[] = [];
  for (const item of items as { limit_type?: unknown; limit?: unknown }[]) {
    if (typeof item !== 'object' || item === null) return invalid;
    if (!isLimitType(item.limit_type)) return invalid;
    if (typeof item.limit !== 'number' || !Number.isInteger(item.limit) || item.limit < 0) return invalid;
    parsed.push({ type: item.limit_type, limit: item.limit });
  }
  if (new Set(parsed.map((i) => i.type)).size !== parsed.length) return invalid;
  const refused: string[] = [];
  for (const { type, limit } of parsed) {
    if (limit > allocation[type]) refused.push(abovePlan(type));
    else if (limit < p.usage[type]) refused.push(belowUsage(type));
  }
  // Documented refusals (USAGE-LIMIT-NOT-ABOVE-PLAN, -NOT-BELOW-USAGE) whose messages the spec does not quote.
  if (refused.length > 0) return { ok: false, status: 400, messages: refused, grounds: [] };
  const own = { ...p.own };
  for (const { type, limit } of parsed) own[type] = limit;
  return { ok: true, next: { ...p, own } };
}

/**
 * Whether an answer is of the class `outcome` predicts: a 2xx for an acceptance; for a refusal a 4xx (the error
 * envelope is the caller's to check) whose message matches what the spec documents of it, where it does.
 */
export function ofClass(
  outcome: { ok: boolean; documented?: RegExp },
  status: number,
  message: string,
): boolean {
  if (outcome.ok) return status >= 200 && status < 300;
  if (status < 400 || status >= 500) return false;
  return outcome.documented === undefined || outcome.documented.test(message);
}

/** Whether an answer is exactly the fake's: 200, or the refusal's status with one of its messages. */
export function exactly(
  outcome: { ok: boolean; status?: number; messages?: readonly string[] },
  status: number,
  message: string,
): boolean {
  if (outcome.ok) return status === 200;
  return status === outcome.status && (outcome.messages ?? []).includes(message);
}

/** removeProjectUsageLimit: any removable type, set or not (USAGE-LIMIT-REMOVE-IDEMPOTENT). */
export function removeLimit(p: ProjectLimits, type: unknown): Outcome<ProjectLimits> {
  if (!(REMOVABLE_TYPES as readonly unknown[]).includes(type))
    return {
      ok: false,
      status: 400,
      messages: [INVALID_PARAMS],
      documented: INVALID_PARAMS_DOCUMENTED,
      // Missing, or a string outside the documented enum: refused by the spec (USAGE-LIMIT-REMOVE-BODY). Another
      // spelling of a type, a number or another JSON type: the fake's reading.
      grounds: removalGrounds(type),
    };
  if (!isLimitType(type)) return { ok: true, next: p };
  const { [type]: _removed, ...own } = p.own;
  return { ok: true, next: { ...p, own } };
}

function removalGrounds(type: unknown): string[] {
  if (type === undefined) return [];
  if (typeof type === 'number') return ['ERR-JSON-NO-COERCION'];
  if (typeof type !== 'string' || variantOf(type, REMOVABLE_TYPES)) return ['USAGE-LIMIT-REPRESENTATIONS'];
  return [];
}

/** One more unit of usage (a document added, a webpage crawled). */
export const used = (p: ProjectLimits, type: LimitType, n = 1): ProjectLimits => ({
  ...p,
  usage: { ...p.usage, [type]: p.usage[type] + n },
});

export const limitsKey = (p: ProjectLimits) =>
  `${LIMIT_TYPES.map((t) => `${t}=${p.own[t] ?? '-'}/${p.usage[t]}`).join(',')}`;
