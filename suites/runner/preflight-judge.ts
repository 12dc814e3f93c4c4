/**
 * What one pre-flight probe's answer says about the target file (HARNESS-PREFLIGHT): nothing (the target can be
 * tested there), or one finding naming the field and what came back. Pure.
 */
import { CatalogueAnswer } from '../../contract/provider-states/index.js';
import type { RawResponse } from '../target/transport.js';
import type { Probe } from './preflight-probes.js';

/** What came back to a probe: an answer, or why none (suites/target/transport.ts transportFailureOf). */
export type ProbeOutcome =
  | { readonly response: RawResponse; readonly ms: number }
  | { readonly failure: { readonly cause: string; readonly connection: boolean }; readonly ms: number };

export interface Finding {
  /** The config field blamed. */
  readonly field: string;
  /**
   * `address`: the base URL (or provider-state or control URL) is not the API: every probe sent there says the
   * same, so it is said once. `credential`: the credential of `field` is refused. `endpoint`: a RAG endpoint is not
   * there. `answer`: the address answered, but not as it must.
   */
  readonly about: 'address' | 'credential' | 'endpoint' | 'answer';
  readonly line: string;
}

/** Statuses of a gateway whose deployment behind it is not answering. */
const GATEWAY = new Set([502, 503, 504]);

const HINTS: readonly [RegExp, string][] = [
  [/^connection refused/, 'nothing listens there'],
  [/^TLS failure/, 'http or https? a certificate this machine does not trust?'],
];

const cut = (text: string, max = 120): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The message of an answer, quoted: the envelope's, a RAG dialect's native error's, else the start of the body. */
export function messageOf(res: RawResponse): string {
  const json = res.json as { message?: unknown; error?: unknown } | undefined;
  const error = json?.error as { message?: unknown } | string | undefined;
  const message =
    typeof json?.message === 'string'
      ? json.message
      : typeof error === 'string'
        ? error
        : typeof error?.message === 'string'
          ? error.message
          : undefined;
  if (message !== undefined) return JSON.stringify(cut(message));
  const type = res.headers['content-type']?.split(';')[0];
  const body = res.text.trim() === '' ? 'an empty body' : JSON.stringify(cut(res.text.trim(), 60));
  return type ? `${type} ${body}` : body;
}

const isEnvelope = (res: RawResponse): boolean => {
  const json = res.json as { type?: unknown; message?: unknown } | undefined;
  return (json?.type === 'RXSUCCESS' || json?.type === 'RXERROR') && typeof json.message === 'string';
};

const at = (p: Probe): string => `${p.base.field} ${p.base.url}`;
const answered = (p: Probe, res: RawResponse): string =>
  `${p.label} answered ${res.status} ${messageOf(res)}`;

/** The transport failure of a probe, in one line: the address blamed. */
function noAnswer(p: Probe, failure: { cause: string }, timeoutMs: number): Finding {
  const hint = HINTS.find(([cause]) => cause.test(failure.cause))?.[1];
  const what =
    failure.cause === 'timeout'
      ? `${p.label}: no answer within ${timeoutMs / 1000} s (timeout)`
      : `${failure.cause}${hint ? ` (${hint})` : ''}`;
  return { field: p.base.field, about: 'address', line: `${at(p)}: ${what}` };
}

/** An answer that is not the API's where the probe was sent: the path (or the host) is wrong. */
const notTheApi = (p: Probe, res: RawResponse, what = "not the spec's envelope"): Finding => ({
  field: p.base.field,
  about: 'address',
  line: `${at(p)}: ${answered(p, res)}${res.status === 404 ? '' : `, ${what}`}: is the path right?`,
});

/** The finding of one probe, or undefined when its answer says the target can be tested there. */
export function judge(p: Probe, outcome: ProbeOutcome, timeoutMs: number): Finding | undefined {
  if ('failure' in outcome) return noAnswer(p, outcome.failure, timeoutMs);
  const res = outcome.response;
  if (GATEWAY.has(res.status))
    return {
      field: p.base.field,
      about: 'address',
      line: `${at(p)}: ${answered(p, res)}: the deployment behind it is not answering`,
    };
  const refused = res.status === 401 || res.status === 403;
  switch (p.kind) {
    case 'envelope':
    case 'address':
      if (res.status === 404 || !isEnvelope(res)) return notTheApi(p, res);
      // getMyProjects is documented for "any valid token"; a 401 is about the token the target file gives.
      if (p.kind === 'envelope' && res.status === 401)
        return { field: p.field, about: 'credential', line: `${p.field}: 401 ${messageOf(res)}` };
      return undefined;
    case 'rag':
      // The RAG endpoints' error body is not shown: only what is safe to judge is judged.
      if (res.status === 404 || res.json === undefined)
        return {
          field: p.base.field,
          about: 'endpoint',
          line: `${at(p)}: ${answered(p, res)}: the ${p.dialect}-style RAG endpoint is not there`,
        };
      if (res.status === 401)
        return {
          field: p.field,
          about: 'credential',
          line: `${p.field}: 401 ${messageOf(res)} from the ${p.dialect}-style RAG endpoint (${p.label})`,
        };
      return undefined;
    case 'catalogue':
    case 'control': {
      if (refused)
        return {
          field: p.field,
          about: 'credential',
          line: `${p.field}: ${answered(p, res)}`,
        };
      if (res.status === 404 || !isEnvelope(res)) return notTheApi(p, res);
      if (res.status !== 200)
        return { field: p.base.field, about: 'answer', line: `${at(p)}: ${answered(p, res)}` };
      if (p.kind === 'catalogue' && !CatalogueAnswer.safeParse(res.json).success)
        return {
          field: p.base.field,
          about: 'answer',
          line: `${at(p)}: ${p.label} answered 200, but not a provider-state catalogue (docs/provider-states.schema.json)`,
        };
      return undefined;
    }
  }
}

/**
 * The findings to print: an address said once, and nothing else about what was sent there (a refused connection is
 * one line, not one per token); a credential once, however many probes it failed.
 */
export function distinctFindings(found: readonly { probe: Probe; finding: Finding }[]): Finding[] {
  const badAddress = new Set(
    found.filter((f) => f.finding.about === 'address').map((f) => f.probe.base.field),
  );
  const lines = new Set<string>();
  const credentials = new Set<string>();
  const out: Finding[] = [];
  for (const { probe, finding } of found) {
    if (badAddress.has(probe.base.field) && finding.about !== 'address') continue;
    if (finding.about === 'address' && lines.has(`address ${finding.field}`)) continue;
    if (finding.about === 'credential' && credentials.has(finding.field)) continue;
    if (lines.has(finding.line)) continue;
    lines.add(finding.line);
    if (finding.about === 'address') lines.add(`address ${finding.field}`);
    if (finding.about === 'credential') credentials.add(finding.field);
    out.push(finding);
  }
  return out;
}
