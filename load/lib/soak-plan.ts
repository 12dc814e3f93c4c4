/**
 * Soak arithmetic: mixed traffic of the families at a constant arrival rate for a bounded duration, each family
 * sending a fraction of its hourly cap, so a correct target answers every request with a 2xx.
 */
import type { CapFamily } from './caps.ts';

export interface SoakStream {
  family: CapFamily;
  /** Requests the family sends in the whole soak: under its cap. */
  total: number;
  /** k6 constant-arrival-rate: `total` iterations per `durationS`, evenly spread. */
  durationS: number;
}

/** Requests a family may send: `fraction` of its cap, at least 1 and at most cap - 1 (strictly within the cap). */
export function soakTotal(cap: number, fraction: number): number {
  return Math.max(1, Math.min(Math.floor(cap * fraction), cap - 1));
}

export function soakPlan(
  families: readonly CapFamily[],
  caps: Readonly<Record<CapFamily, number>>,
  durationS: number,
  fraction: number,
): SoakStream[] {
  return families.map((family) => ({
    family,
    total: soakTotal(caps[family], fraction),
    durationS: Math.max(1, Math.round(durationS)),
  }));
}
