/**
 * Axis `retention-lazy` (FAKE-VARIANT): history past retention is deleted by a sweep at every whole hour of the
 * virtual clock rather than at the instant (RETENTION-SWEEP flipped): the deletion at `now` is the one the last
 * sweep made, so a session past its retention stays until the next whole hour.
 */
import type { VariantAxis } from '../../contract/variant-axes.js';
import { variantOn } from '../variant/axes.js';
import { HOUR_MS } from './clock.js';

/** The instant retention is judged at: `now`, or under the axis the last whole hour at or before it. */
export function retentionInstant(holder: { variant?: ReadonlySet<VariantAxis> }, now: number): number {
  return variantOn(holder, 'retention-lazy') ? Math.floor(now / HOUR_MS) * HOUR_MS : now;
}
