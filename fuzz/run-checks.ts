/**
 * The checks on the run as a whole: the fake is still alive and answering (FUZZ-NO-CRASH), logged no error that
 * escaped its rules (FUZZ-NO-5XX), its state was consistent after every epoch and every list operation still
 * answered (FUZZ-STATE-CONSISTENT), and its memory stayed within the bound (FUZZ-MEMORY-STABLE).
 */
import type { TargetConfig } from '../contract/index.js';
import { ControlClient, callOperation } from './engine/api-client.js';
import type { EpochReport } from './engine/engine.js';
import type { MemoryVerdict } from './memory.js';
import { mib } from './memory.js';

export interface RunCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** Alive: the process runs, and both the control API and the public API answer a plain request. */
export async function aliveCheck(alive: boolean, target: TargetConfig): Promise<RunCheck> {
  if (!alive) return { name: 'alive at the end', ok: false, detail: 'the fake process has exited' };
  try {
    const control = new ControlClient(target.control!.url, target.control!.secret);
    await control.call('GET', '/target');
    const res = await callOperation(target, 'getMyProjects', { token: target.tokens.owner! }, {});
    const ok = res.status === 200;
    return { name: 'alive at the end', ok, detail: `process running; getMyProjects answered ${res.status}` };
  } catch (err) {
    return { name: 'alive at the end', ok: false, detail: `no answer: ${(err as Error).message}` };
  }
}

export function unexpectedErrorsCheck(count: number): RunCheck {
  return {
    name: 'no unexpected error logged',
    ok: count === 0,
    detail: `${count} "[fake] unexpected error" lines on its stderr`,
  };
}

export function stateChecks(epochs: readonly EpochReport[]): RunCheck[] {
  const inconsistent = epochs.filter((e) => !e.state.consistency.consistent);
  const violations = inconsistent.reduce((n, e) => n + e.state.consistency.violationCount, 0);
  const first = inconsistent[0]?.state.consistency.violations[0];
  const lists = epochs.flatMap((e) => e.state.lists.map((l) => ({ epoch: e.epoch, ...l })));
  const failedLists = lists.filter((l) => !l.ok);
  return [
    {
      name: 'state consistent after every epoch',
      ok: inconsistent.length === 0,
      detail:
        `${epochs.length - inconsistent.length} of ${epochs.length} epochs consistent, ${violations} violations` +
        (first ? `; first: ${first.invariant}: ${first.detail}` : ''),
    },
    {
      name: 'list operations answer after every epoch',
      ok: failedLists.length === 0,
      detail:
        `${lists.length - failedLists.length} of ${lists.length} list calls answered their success envelope` +
        (failedLists[0]
          ? `; first failure: epoch ${failedLists[0].epoch} ${failedLists[0].operation}: ${failedLists[0].problem}`
          : ''),
    },
  ];
}

export function memoryCheck(verdict: MemoryVerdict): RunCheck {
  if (verdict.skipped) return { name: 'memory stable', ok: true, detail: `not judged: ${verdict.skipped}` };
  const parts: string[] = [];
  if (verdict.heapAfterGc) {
    const h = verdict.heapAfterGc;
    parts.push(
      `heap after GC ${mib(h.baseline)} → ${mib(h.end)} (peak ${mib(h.peak)}, bound ${mib(h.bound)})`,
    );
  }
  if (verdict.rss) {
    const r = verdict.rss;
    parts.push(`RSS start ${mib(r.start)}, peak ${mib(r.peak)}, end ${mib(r.end)} (bound ${mib(r.bound)})`);
  }
  const detail = `${parts.join('; ')}; after a warm-up of ${verdict.warmupCases} cases`;
  return {
    name: 'memory stable',
    ok: verdict.ok,
    detail: verdict.ok ? detail : `${verdict.reason}; ${detail}`,
  };
}
