/**
 * The pre-flight (issue 39, HARNESS-PREFLIGHT): before the first test of a run that sends requests to a deployment,
 * check that the target can be tested at all: each address of the target file answers (connection, DNS, TLS, path),
 * a documented operation answers in the spec's envelope with each configured credential, the project key, each RAG
 * endpoint in its native format, the provider-state catalogue and the control API. The probes (preflight-probes.ts)
 * go out in parallel with a short timeout, count in the quota ledger, and their answers are judged by
 * preflight-judge.ts. A target that cannot be tested is one line per problem naming its field, exit 5 (EXIT_CODES
 * .notTestable), no clause verdict, and no earlier report touched: only DIR/preflight.json is written.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TargetConfig } from '../../contract/index.js';
import { openLedger } from '../target/quota-ledger.js';
import {
  DEFAULT_TIMEOUT_MS,
  type RawRequest,
  type RawResponse,
  send,
  transportFailureOf,
} from '../target/transport.js';
import { distinctFindings, type Finding, judge, type ProbeOutcome } from './preflight-judge.js';
import { type PreflightScope, type Probe, probesOf } from './preflight-probes.js';

export const PREFLIGHT_FILE = 'preflight.json';
/** A probe waits no longer than this (or the target's request_timeout_ms, when shorter): a pre-flight takes seconds. */
export const PREFLIGHT_TIMEOUT_MS = 10_000;

export interface PreflightResult {
  /** No finding: the run may start. */
  readonly testable: boolean;
  readonly findings: readonly Finding[];
  /** Each probe: its field, what it sent and what came back (no credential values). */
  readonly probes: readonly { field: string; request: string; answer: string; finding?: string }[];
  readonly ms: number;
}

export type Sender = (req: RawRequest, timeoutMs: number) => Promise<RawResponse>;

const timeoutOf = (config: TargetConfig): number =>
  Math.min(config.request_timeout_ms ?? DEFAULT_TIMEOUT_MS, PREFLIGHT_TIMEOUT_MS);

/** Send one probe; never rejects: a transport failure, or no answer in time, is its outcome. */
async function outcomeOf(
  probe: Probe,
  sender: Sender,
  timeoutMs: number,
  now: () => number,
): Promise<ProbeOutcome> {
  const started = now();
  let timer: NodeJS.Timeout | undefined;
  // undici's own timeouts start once connected; a connection that hangs is cut here.
  const late = new Promise<ProbeOutcome>((done) => {
    timer = setTimeout(
      () => done({ failure: { cause: 'timeout', connection: false }, ms: now() - started }),
      timeoutMs,
    );
    timer.unref();
  });
  const sent = sender(probe.request, timeoutMs).then(
    (response): ProbeOutcome => ({ response, ms: now() - started }),
    (err: unknown): ProbeOutcome => {
      const failure = transportFailureOf(err);
      if (!failure) throw err;
      return { failure, ms: now() - started };
    },
  );
  try {
    return await Promise.race([sent, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Probe `config` (all at once) and judge what came back. */
export async function preflight(
  config: TargetConfig,
  scope: PreflightScope = 'run',
  options: { sender?: Sender; now?: () => number; ledgerFile?: string } = {},
): Promise<PreflightResult> {
  const sender = options.sender ?? send;
  const now = options.now ?? Date.now;
  const timeoutMs = timeoutOf(config);
  const started = now();
  const probes = probesOf(config, scope);
  const outcomes = await Promise.all(probes.map((p) => outcomeOf(p, sender, timeoutMs, now)));
  // What reached the target counts against its hourly caps like any other request (HARNESS-QUOTA-LEDGER).
  const ledger = openLedger(config.base_url, options.ledgerFile);
  for (const [i, p] of probes.entries())
    if (p.spends && 'response' in (outcomes[i] as ProbeOutcome)) ledger.record(p.spends.value, p.spends.kind);
  ledger.save();
  const judged = probes.map((probe, i) => ({
    probe,
    finding: judge(probe, outcomes[i] as ProbeOutcome, timeoutMs),
  }));
  const findings = distinctFindings(
    judged.flatMap(({ probe, finding }) => (finding ? [{ probe, finding }] : [])),
  );
  return {
    testable: findings.length === 0,
    findings,
    probes: judged.map(({ probe, finding }, i) => {
      const o = outcomes[i] as ProbeOutcome;
      return {
        field: probe.field,
        request: `${probe.request.method} ${probe.request.url}`,
        answer:
          'response' in o ? `${o.response.status} in ${o.ms} ms` : `${o.failure.cause} after ${o.ms} ms`,
        ...(finding ? { finding: finding.line } : {}),
      };
    }),
    ms: now() - started,
  };
}

/**
 * The runner's pre-flight: probe, print (one line when the target can be tested; else one line per problem on
 * stderr, then what it means), write DIR/preflight.json, and say whether the run may start.
 */
export async function runPreflight(
  config: TargetConfig,
  reportsDir: string,
  options: {
    scope?: PreflightScope;
    ledgerFile?: string;
    out?: (line: string) => void;
    err?: (line: string) => void;
  } = {},
): Promise<PreflightResult> {
  const out = options.out ?? ((line) => process.stdout.write(`${line}\n`));
  const err = options.err ?? ((line) => process.stderr.write(`${line}\n`));
  const result = await preflight(config, options.scope, {
    ledgerFile: options.ledgerFile ?? join(reportsDir, 'quota-ledger.json'),
  });
  mkdirSync(reportsDir, { recursive: true });
  const file = join(reportsDir, PREFLIGHT_FILE);
  writeFileSync(
    file,
    `${JSON.stringify({ target: config.name, base_url: config.base_url, checkedAt: new Date().toISOString(), ...result }, null, 2)}\n`,
  );
  const shown = relative(process.cwd(), file) || file;
  const seconds = (result.ms / 1000).toFixed(1);
  if (result.testable) {
    const n = result.probes.length;
    out(
      `conformance: pre-flight passed: ${n} probe${n === 1 ? '' : 's'} answered in ${seconds} s (${shown})`,
    );
    return result;
  }
  for (const f of result.findings) err(`conformance: ${f.line}`);
  out(
    `conformance: the target cannot be tested (pre-flight, ${result.findings.length} problem${result.findings.length === 1 ? '' : 's'} above): no test ran, no verdict; earlier reports are as they were (${shown})`,
  );
  return result;
}
