/**
 * The quota ledger (suites/target/quota-ledger.ts) keeps a target's spending under its base_url. Behind the proxy the
 * suites see the proxy's address, so the check lends the proxy the target's entries before it runs and gives them
 * back, with what the run spent, afterwards: each Platform token keeps one budget across the real run and the check.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

type LedgerFile = { format?: string; version?: number; targets?: Record<string, unknown> };

const read = (path: string): LedgerFile => {
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LedgerFile;
  } catch {
    return {};
  }
};

const write = (path: string, ledger: LedgerFile) => {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(ledger, null, 2)}\n`);
  renameSync(tmp, path);
};

/** Copy the target's entries to the proxy's key; the returned function moves them back. */
export function lendLedger(path: string, target: string, proxy: string): () => void {
  const ledger = read(path);
  if (ledger.format === undefined)
    Object.assign(ledger, { format: 'chatbot-platform-quota-ledger', version: 1 });
  ledger.targets = { ...ledger.targets, [proxy]: ledger.targets?.[target] ?? {} };
  write(path, ledger);
  return () => {
    const after = read(path);
    const spent = after.targets?.[proxy];
    const { [proxy]: _, ...rest } = after.targets ?? {};
    write(path, { ...after, targets: { ...rest, ...(spent ? { [target]: spent } : {}) } });
  };
}
