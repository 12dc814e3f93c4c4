/**
 * The breaking proxy in front of a target and one vitest session whose suites reach the target through it: the
 * proxied target config written to `dir` and named by CONFORMANCE_TARGET, the proxy's origin given to the workers
 * (file-switch.setup.ts), and the target's quota ledger lent to the proxy's address (ledger-alias.ts). With several
 * targets (lanes: the blast-radius check's fakes), a proxy each, and the session runs a file per lane side by side.
 * Shared by the sensitivity check (sensitivity.ts) and the blast-radius check (blast-radius-run.ts).
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TargetConfig } from '../contract/index.js';
import { TARGET_ENV } from '../suites/reporting/target-info.js';
import { LEDGER_ENV } from '../suites/target/quota-ledger.js';
import { type Lane, PROXY_LANES_ENV, PROXY_ORIGIN_ENV } from './file-switch.js';
import { lendLedger } from './ledger-alias.js';
import type { BreakingProxy } from './proxy.js';
import { startProxyLanes } from './proxy-lanes.js';
import { openTestSession, type TestSession } from './vitest-session.js';

export const ROOT = resolve(import.meta.dirname, '..');

export interface ProxiedSession {
  /** The proxy (every lane's, driven as one). */
  readonly proxy: BreakingProxy;
  readonly session: TestSession;
  /** The target config the suites were given (every address on the proxy; the first lane's). */
  readonly proxied: TargetConfig;
  close(): Promise<void>;
}

/**
 * Start a proxy in front of each of `targets` (one lane each) and open the session; `file` names the proxied
 * configs in `dir` (`file`, then `2-file`, … for further lanes).
 */
export async function openProxiedSession(
  targets: readonly TargetConfig[],
  dir: string,
  file: string,
): Promise<ProxiedSession> {
  const proxy = await startProxyLanes(targets);
  const lanes: Lane[] = [];
  const givebacks: (() => void)[] = [];
  const ledger = process.env[LEDGER_ENV] ?? join(dir, 'quota-ledger.json');
  process.env[LEDGER_ENV] = ledger;
  for (const [n, lane] of proxy.lanes.entries()) {
    const target = targets[n] as TargetConfig;
    const proxied = { ...lane.config, name: `${target.name} (behind the breaking proxy)` };
    const proxiedFile = join(dir, n === 0 ? file : `${n + 1}-${file}`);
    writeFileSync(proxiedFile, `${JSON.stringify(proxied, null, 2)}\n`);
    lanes.push({ origin: new URL(proxied.base_url).origin, target: proxiedFile });
    givebacks.push(lendLedger(ledger, target.base_url, proxied.base_url));
  }
  const first = lanes[0] as Lane;
  process.env[PROXY_ORIGIN_ENV] = first.origin;
  process.env[TARGET_ENV] = first.target;
  if (lanes.length > 1) process.env[PROXY_LANES_ENV] = JSON.stringify(lanes);
  const closeProxy = async () => {
    proxy.use(undefined);
    await proxy.close();
    for (const giveBack of givebacks) giveBack();
    delete process.env[TARGET_ENV];
    delete process.env[PROXY_ORIGIN_ENV];
    delete process.env[PROXY_LANES_ENV];
  };
  let session: TestSession;
  try {
    session = await openTestSession(ROOT, lanes.length);
  } catch (err) {
    await closeProxy();
    throw err;
  }
  return {
    proxy,
    session,
    proxied: { ...proxy.config, name: `${(targets[0] as TargetConfig).name} (behind the breaking proxy)` },
    async close() {
      try {
        await session.close();
      } finally {
        await closeProxy();
      }
    },
  };
}
