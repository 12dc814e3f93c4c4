/**
 * What the rate-limit suites share: fresh counters to spend (a new token, a new keyed project, each in a new
 * organization, through the control API), the fake's window (read, switched, put back), bursts of requests and
 * tallies of their statuses.
 */
import { expect } from 'vitest';
import type { PlanName } from '../../contract/index.js';
import type { ControlClient } from '../target/control-client.js';
import type { Auth, Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import { createOrganizationVia, createProjectVia, orgTokenVia } from './world.js';

export type WindowMode = 'fixed' | 'sliding';

/** GET /_control/rate-limits (FAKE-RATE-WINDOW-CONTROL). */
export interface RateLimitsView {
  window_ms: number;
  mode: WindowMode;
  reset_window: { ms: number; mode: WindowMode };
  counters: Record<string, { count: number; start: number; reset_at: number }>;
}

export const HOUR_MS = 3_600_000;

export const rateLimitsVia = (control: ControlClient): Promise<RateLimitsView> =>
  control.get<RateLimitsView>('/rate-limits');

export const setWindowVia = (
  control: ControlClient,
  change: { ms?: number; mode?: WindowMode },
): Promise<RateLimitsView> => control.post<RateLimitsView>('/rate-limits/window', change);

/** Put the window back to what a control reset restores (the fake's start-up window). */
export async function restoreWindowVia(control: ControlClient): Promise<void> {
  const { reset_window } = await rateLimitsVia(control);
  await setWindowVia(control, reset_window);
}

/** A new token (owner role) of a new organization on Advanced: its count starts at zero. */
export async function freshTokenVia(control: ControlClient): Promise<{ id: number; value: string }> {
  const org = await createOrganizationVia(control);
  return orgTokenVia(control, org);
}

/** A new project with its own key in a new organization on `plan`: its search and RAG counts start at zero. */
export async function freshKeyedProjectVia(control: ControlClient, plan: PlanName = 'professional') {
  const org = await createOrganizationVia(control, { plan });
  const project = await createProjectVia(control, org.organization_id, undefined);
  const key = (await control.post<{ value: string }>(`/projects/${project.project_uid}/keys`)).value;
  return { org, project, key, auth: { apiKey: key } satisfies Auth };
}

/** `n` requests all started at once (no batching): the transport opens as many connections as it needs. */
export const all = (n: number, send: (i: number) => Promise<RawResponse>): Promise<RawResponse[]> =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)));

/** `n` requests, `width` at a time. */
export async function inBatches(
  n: number,
  send: (i: number) => Promise<RawResponse>,
  width = 50,
): Promise<RawResponse[]> {
  const out: RawResponse[] = [];
  for (let i = 0; i < n; i += width)
    out.push(...(await Promise.all(Array.from({ length: Math.min(width, n - i) }, (_, k) => send(i + k)))));
  return out;
}

/** How many answers had each status, e.g. `{ 200: 1000, 429: 500 }`. */
export function statusCounts(list: readonly RawResponse[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of list) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

/** The X-RateLimit headers of an answer, as numbers (NaN when absent). */
export function rateOf(res: RawResponse): { limit: number; remaining: number; reset: number } {
  return {
    limit: Number(res.headers['x-ratelimit-limit']),
    remaining: Number(res.headers['x-ratelimit-remaining']),
    reset: Number(res.headers['x-ratelimit-reset']),
  };
}

/** The admitted answers took every slot of a fresh count exactly once: remaining cap-1 … 0. */
export function expectEverySlotOnce(admitted: readonly RawResponse[], cap: number): void {
  const remaining = admitted.map((r) => rateOf(r).remaining).sort((a, b) => a - b);
  expect(remaining).toEqual(Array.from({ length: cap }, (_, i) => i));
}

/** Retry-After of a 429, in whole seconds. */
export function retryAfterOf(res: RawResponse): number {
  const value = Number(res.headers['retry-after']);
  expect(Number.isInteger(value), `retry-after ${res.headers['retry-after']}`).toBe(true);
  return value;
}

/** One project-key search, counted against its project's search cap. */
export const searchOnce = (t: Target, auth: Auth): Promise<RawResponse> =>
  t.call('searchIndexDocumentByProjectKey', { auth, body: { query: 'refund', limit: 3 } });

/** One cheap Platform request, counted against the token's cap. */
export const platformOnce = (t: Target, bearer: string): Promise<RawResponse> =>
  t.call('getSupportedModels', { auth: { bearer }, body: {} });
