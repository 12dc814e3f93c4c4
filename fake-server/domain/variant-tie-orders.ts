/**
 * Axis `tie-orders` (FAKE-VARIANT): lists ordered by a key keep that order, but records with equal keys come by id
 * the other way round (SESSIONS-ORDER-KEY, SESSION-MESSAGES-ORDER-KEY, EXEC-LOGS-ORDER-KEY, MEMBERS-ORDER flipped).
 * Pure: the domain calls it on a list it already ordered; off, the list comes back as it was.
 */
import type { VariantAxis } from '../../contract/variant-axes.js';
import { variantOn } from '../variant/axes.js';

/**
 * `items` in `order` of `key`, ties broken by id against `order` (ASC: the highest id first among equals). Off, or
 * for one item or none, `items` itself.
 */
export function reverseTies<T extends { id: number }>(
  holder: { variant?: ReadonlySet<VariantAxis> },
  items: readonly T[],
  key: (t: T) => number,
  order: 'ASC' | 'DESC',
): readonly T[] {
  if (!variantOn(holder, 'tie-orders') || items.length < 2) return items;
  const sign = order === 'ASC' ? 1 : -1;
  return [...items].sort((a, b) => sign * (key(a) - key(b)) || sign * (b.id - a.id));
}
