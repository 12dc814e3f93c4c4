/** Latency statistics of the Node-side check (k6 computes its own). */

/** The `p`-th percentile (0-100) by linear interpolation between closest ranks, as k6 reports `p(95)`; null when empty. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const low = sorted[lo] as number;
  return low + ((sorted[hi] as number) - low) * (rank - lo);
}
