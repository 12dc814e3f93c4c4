/**
 * A scripted target for the k6 scripts under the k6 stand-in (k6-sim.ts): control routes answer canned data; each
 * credential is admitted up to its family's cap, then answered 429 with the family's message, as the spec says
 * (RATE-PLATFORM-1000, RATE-SEARCH-KEY-100, RATE-429-MESSAGE), or wrongly, as a test asks.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rateLimitMessages } from '../../contract/rate-limit-messages.ts';
import type { SimCall } from './k6-sim.ts';

export const ORIGIN = 'http://sim.test';

/** A target config file for the scripted target (its base_url, with `config` beside it), in a fresh temp folder. */
export function scriptedTargetFile(config: Record<string, unknown>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'k6-target-')), 'target.json');
  writeFileSync(file, JSON.stringify({ base_url: `${ORIGIN}/api/v1`, ...config }));
  return file;
}

export interface Behaviour {
  caps: { platform: number; rag: number; search: number };
  /** Requests admitted beyond the cap (a broken limiter). */
  overshoot?: number;
  searchMessage?: string;
  /** Status of every RAG answer within the cap. */
  ragStatus?: number;
}

/** A scripted target: control routes answer canned data; each credential is admitted up to its family's cap. */
export function scriptedTarget(b: Behaviour) {
  let ids = 0;
  let counts = new Map<string, number>();
  const ok = (data: unknown) => ({
    status: 200,
    body: JSON.stringify({ type: 'RXSUCCESS', message: 'ok', data }),
  });
  return (call: SimCall) => {
    const path = call.url.slice(ORIGIN.length);
    if (path.startsWith('/_control/')) {
      const route = path.slice('/_control'.length);
      ids += 1;
      if (route === '/organizations') return ok({ id: ids, owner: { id: ids * 10 } });
      if (route === '/tokens') return ok({ value: `api-v1-minted-${ids}` });
      if (route === '/projects') return ok({ project_uid: `p-${ids}` });
      if (route.endsWith('/keys')) return ok({ value: `apk-minted-${ids}` });
      if (route === '/rate-limits') return ok({ window_ms: 3_600_000 });
      if (route === '/clock/advance') counts = new Map();
      return ok({});
    }
    const family = path.endsWith('/getMyProjects')
      ? 'platform'
      : path.endsWith('/completions')
        ? 'rag'
        : 'search';
    const key = `${family}:${call.headers.Authorization ?? call.headers['api-key']}`;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n <= b.caps[family] + (b.overshoot ?? 0)) {
      return family === 'rag' && b.ragStatus ? { status: b.ragStatus, body: '{}' } : ok([]);
    }
    const message =
      family === 'search'
        ? (b.searchMessage ?? rateLimitMessages.projectKeySearch)
        : rateLimitMessages.default;
    const body =
      family === 'rag' ? { error: { message, type: 'rate_limit_error' } } : { type: 'RXERROR', message };
    return { status: 429, body: JSON.stringify(body) };
  };
}
