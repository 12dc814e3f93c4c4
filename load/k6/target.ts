/**
 * k6 init context: the configuration from TARGET_FILE (read with open(), which only the init context may call) and
 * the environment. A ConfigError here stops k6 before any request, with every problem listed.
 */
import { type LoadConfig, loadConfig } from '../lib/config.ts';

export function k6Config(): LoadConfig {
  const path = __ENV.TARGET_FILE?.trim() || undefined;
  return loadConfig({
    ...(path ? { targetText: open(path), targetPath: path } : {}),
    env: __ENV,
  });
}

/** Unique enough per run for names and emails on a shared fake (init context: no VU yet). */
export function runSuffix(): string {
  return `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Where handleSummary writes its JSON. */
export function summaryPath(config: LoadConfig, script: string): string {
  return config.summaryPath ?? `reports/load-${script}.json`;
}
