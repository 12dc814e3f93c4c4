/**
 * A small reference of the project usage-limit rules, written from the spec (Resources/Project usage limit, Limits)
 * and the assumed USAGE-LIMIT-* clauses: plain values and functions, no knowledge of any implementation. The
 * allocation of a plan is not a number of the spec: callers learn it from the target.
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

export type Refusal = { status: 400; messages: readonly string[] };
export type Outcome<T> = { ok: true; next: T } | ({ ok: false } & Refusal);

const isLimitType = (t: unknown): t is LimitType => (LIMIT_TYPES as readonly unknown[]).includes(t);

/**
 * setProjectUsageLimit with `items` as sent. Body checks first (Invalid params: USAGE-LIMIT-SET-BODY,
 * -VALUE-NONNEGATIVE, -SET-VOICE-CREDITS, -UNKNOWN-TYPE, -DUPLICATE-TYPES), then each item against the allocation
 * and the usage; all or nothing (USAGE-LIMIT-ATOMIC). When several items fail, the spec does not say which one
 * the message names: every failing item's message is acceptable.
 */
export function setLimits(p: ProjectLimits, allocation: Allocation, items: unknown): Outcome<ProjectLimits> {
  const invalid = { ok: false as const, status: 400 as const, messages: [INVALID_PARAMS] };
  if (!Array.isArray(items) || items.length === 0) return invalid;
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
  if (refused.length > 0) return { ok: false, status: 400, messages: refused };
  const own = { ...p.own };
  for (const { type, limit } of parsed) own[type] = limit;
  return { ok: true, next: { ...p, own } };
}

/** removeProjectUsageLimit: any removable type, set or not (USAGE-LIMIT-REMOVE-IDEMPOTENT). */
export function removeLimit(p: ProjectLimits, type: unknown): Outcome<ProjectLimits> {
  if (!(REMOVABLE_TYPES as readonly unknown[]).includes(type))
    return { ok: false, status: 400, messages: [INVALID_PARAMS] };
  if (!isLimitType(type)) return { ok: true, next: p };
  const { [type]: _removed, ...own } = p.own;
  return { ok: true, next: { ...p, own } };
}

/** One more unit of usage (a document added, a webpage crawled). */
export const used = (p: ProjectLimits, type: LimitType, n = 1): ProjectLimits => ({
  ...p,
  usage: { ...p.usage, [type]: p.usage[type] + n },
});

export const limitsKey = (p: ProjectLimits) =>
  `${LIMIT_TYPES.map((t) => `${t}=${p.own[t] ?? '-'}/${p.usage[t]}`).join(',')}`;
