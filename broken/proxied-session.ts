/**
 * The breaking proxy in front of a target and one vitest session whose suites reach the target through it: the
 * proxied target config written to `dir` and named by CONFORMANCE_TARGET, the proxy's origin given to the workers
 * (file-switch.setup.ts), and the target's quota ledger lent to the proxy's address (ledger-alias.ts). Shared by the
 * sensitivity check (sensitivity.ts) and the blast-radius check (blast-radius-run.ts).
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TargetConfig } from '../contract/index.js';
import { TARGET_ENV } from '../suites/reporting/target-info.js';
import { LEDGER_ENV } from '../suites/target/quota-ledger.js';
import { PROXY_ORIGIN_ENV } from './file-switch.js';
import { lendLedger } from './ledger-alias.js';
import { type BreakingProxy, startBreakingProxy } from './proxy.js';
import { openTestSession, type TestSession } from './vitest-session.js';

export const ROOT = resolve(import.meta.dirname, '..');

export interface ProxiedSession {
  readonly proxy: BreakingProxy;
  readonly session: TestSession;
  /** The target config the suites were given (every address on the proxy). */
  readonly proxied: TargetConfig;
  close(): Promise<void>;
}

/** Start the proxy in front of `config` and open the session; `file` is the proxied config's name in `dir`. */
export async function openProxiedSession(
  config: TargetConfig,
  dir: string,
  file: string,
): Promise<ProxiedSession> {
  const proxy = await startBreakingProxy(config);
  process.env[PROXY_ORIGIN_ENV] = new URL(proxy.config.base_url).origin;
  const proxied = { ...proxy.config, name: `${config.name} (behind the breaking proxy)` };
  const proxiedFile = join(dir, file);
  writeFileSync(proxiedFile, `${JSON.stringify(proxied, null, 2)}\n`);
  process.env[TARGET_ENV] = proxiedFile;
  const ledger = process.env[LEDGER_ENV] ?? join(dir, 'quota-ledger.json');
  process.env[LEDGER_ENV] = ledger;
  const giveBack = lendLedger(ledger, config.base_url, proxied.base_url);
  const closeProxy = async () => {
    proxy.use(undefined);
    await proxy.close();
    giveBack();
    delete process.env[TARGET_ENV];
    delete process.env[PROXY_ORIGIN_ENV];
  };
  let session: TestSession;
  try {
    session = await openTestSession(ROOT);
  } catch (err) {
    await closeProxy();
    throw err;
  }
  return {
    proxy,
    session,
    proxied,
    async close() {
      try {
        await session.close();
      } finally {
        await closeProxy();
      }
    },
  };
}
