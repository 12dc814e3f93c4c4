/**
 * The quota ledger: what the harness spent of a target's hourly caps, remembered across runs (HARNESS-QUOTA-LEDGER).
 * Per target (its base_url) and per credential (a hash of the value, never the value) it keeps the number of
 * requests sent in each minute of the last hour, and, for a credential that met a 429, the instant until which it
 * counts as spent. A run reads it before planning and writes it back as it goes, so a second run within the hour
 * knows what is left.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export const LEDGER_ENV = 'CONFORMANCE_QUOTA_LEDGER';
export const DEFAULT_LEDGER_FILE = 'reports/quota-ledger.json';
const FORMAT = 'chatbot-platform-quota-ledger';
const MINUTE_MS = 60_000;
export const WINDOW_MS = 3_600_000;

/** What a credential is counted against: a Platform token's cap, or its project's RAG cap. */
export type BudgetKind = 'token' | 'rag';

interface CredentialEntry {
  /** Requests sent per minute (epoch minute → count), the last hour only. */
  minutes: Record<string, number>;
  /** Epoch ms until which the credential counts as spent (it met a 429). */
  spent_until?: number;
}

interface LedgerFile {
  format: typeof FORMAT;
  version: 1;
  targets: Record<string, Record<string, CredentialEntry>>;
}

export const credentialKey = (value: string, kind: BudgetKind): string =>
  `${kind}:${createHash('sha256').update(value).digest('hex').slice(0, 16)}`;

export interface QuotaLedger {
  /** Requests sent with this credential within the last hour (every run's). */
  spent(value: string, kind: BudgetKind): number;
  /** Whether the credential met a 429 whose wait has not passed. */
  exhausted(value: string, kind: BudgetKind): boolean;
  record(value: string, kind: BudgetKind): void;
  /** The credential met a 429: spent until `untilMs`. */
  markSpent(value: string, kind: BudgetKind, untilMs: number): void;
  save(): void;
}

export function ledgerPath(): string {
  return resolve(process.env[LEDGER_ENV] ?? DEFAULT_LEDGER_FILE);
}

function read(path: string): LedgerFile {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LedgerFile>;
    if (
      parsed.format === FORMAT &&
      parsed.version === 1 &&
      parsed.targets &&
      typeof parsed.targets === 'object'
    )
      return parsed as LedgerFile;
  } catch {
    // absent or unreadable: start empty (the next save writes a good one)
  }
  return { format: FORMAT, version: 1, targets: {} };
}

/**
 * The ledger of `target` (its base_url) in the file at `path`; `now` is the wall clock (injectable for tests).
 * Several runs may share the file at once (shards on one machine, HARNESS-SHARD-CREDENTIALS): each save adds what this
 * run sent since its last save onto the counts the file holds then, so no run's requests are lost to another's save.
 */
export function openLedger(target: string, path = ledgerPath(), now: () => number = Date.now): QuotaLedger {
  let entries: Record<string, CredentialEntry> = read(path).targets[target] ?? {};
  /** What this run recorded since its last save, per credential key. */
  let unsaved: Record<string, CredentialEntry> = {};
  const at = (table: Record<string, CredentialEntry>, key: string): CredentialEntry => {
    table[key] ??= { minutes: {} };
    return table[key];
  };
  const prune = (e: CredentialEntry, time: number) => {
    const oldest = Math.floor((time - WINDOW_MS) / MINUTE_MS);
    for (const minute of Object.keys(e.minutes)) if (Number(minute) <= oldest) delete e.minutes[minute];
    if (e.spent_until !== undefined && e.spent_until <= time) delete e.spent_until;
  };
  const add = (into: CredentialEntry, from: CredentialEntry) => {
    for (const [minute, n] of Object.entries(from.minutes))
      into.minutes[minute] = (into.minutes[minute] ?? 0) + n;
    if (from.spent_until !== undefined) into.spent_until = Math.max(into.spent_until ?? 0, from.spent_until);
  };
  return {
    spent(value, kind) {
      const e = entries[credentialKey(value, kind)];
      if (!e) return 0;
      prune(e, now());
      return Object.values(e.minutes).reduce((a, b) => a + b, 0);
    },
    exhausted(value, kind) {
      const e = entries[credentialKey(value, kind)];
      return e?.spent_until !== undefined && e.spent_until > now();
    },
    record(value, kind) {
      const key = credentialKey(value, kind);
      const minute = String(Math.floor(now() / MINUTE_MS));
      for (const e of [at(entries, key), at(unsaved, key)]) e.minutes[minute] = (e.minutes[minute] ?? 0) + 1;
    },
    markSpent(value, kind, untilMs) {
      const key = credentialKey(value, kind);
      for (const e of [at(entries, key), at(unsaved, key)])
        e.spent_until = Math.max(e.spent_until ?? 0, untilMs);
    },
    save() {
      const time = now();
      // Re-read first: only this target's entries are ours to touch, and another run may have saved since.
      const latest = read(path);
      const mine = latest.targets[target] ?? {};
      for (const [key, e] of Object.entries(unsaved)) add(at(mine, key), e);
      for (const e of Object.values(mine)) prune(e, time);
      latest.targets[target] = mine;
      mkdirSync(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, `${JSON.stringify(latest, null, 2)}\n`);
      renameSync(tmp, path);
      entries = structuredClone(mine);
      unsaved = {};
    },
  };
}
