/**
 * The pre-flight's probes (HARNESS-PREFLIGHT): before the first test, one request per configured credential and per
 * address of the target config, each about one field of it. Pure: the config in, the requests and what each is
 * about out; suites/runner/preflight.ts sends them and preflight-judge.ts reads the answers.
 */
import { operationById, type TargetConfig } from '../../contract/index.js';
import { providerStatePaths } from '../../contract/provider-states/index.js';
import type { BudgetKind } from '../target/quota-ledger.js';
import type { RawRequest } from '../target/transport.js';

/** What an answer is judged against. */
export type ProbeKind =
  /** A documented Platform or Project Integration POST: the spec's envelope, and a 401 names the credential. */
  | 'envelope'
  /** The same, where only the address is judged (a credential another probe checks, or none). */
  | 'address'
  /** A RAG endpoint with a body it must refuse before running a model: there, in its native format. */
  | 'rag'
  /** GET provider_states.url: its catalogue. */
  | 'catalogue'
  /** GET {control.url}/clock: the control API. */
  | 'control';

export interface Probe {
  /** The config field the answer is about (`tokens.owner`, `token_pools.owner[2]`, `project_key`, `base_url`, …). */
  readonly field: string;
  /** The address the request goes to and its field: a refused connection or a wrong path is blamed on it. */
  readonly base: { readonly field: string; readonly url: string };
  readonly kind: ProbeKind;
  /** What is sent, as a problem line names it (`POST /getMyProjects`). */
  readonly label: string;
  readonly request: RawRequest;
  /** The credential it spends of an hourly cap, for the quota ledger. */
  readonly spends?: { readonly value: string; readonly kind: BudgetKind };
  /** The dialect of a RAG probe, for its line. */
  readonly dialect?: 'OpenAI' | 'Anthropic';
}

/** Which probes: a run's (everything it will send to), or `--check-provider-states`'s (its URL only). */
export type PreflightScope = 'run' | 'provider-states';

const trim = (url: string): string => url.replace(/\/$/, '');

type TokenKind = keyof TargetConfig['tokens'];
const TOKEN_KINDS: readonly TokenKind[] = ['owner', 'editor', 'viewer', 'selected', 'fine_grained'];

/** Every token value of the config, once, under the first field that names it. */
export function configuredTokens(config: TargetConfig): { field: string; value: string }[] {
  const seen = new Set<string>();
  const out: { field: string; value: string }[] = [];
  const add = (field: string, value: string | undefined) => {
    if (value === undefined || seen.has(value)) return;
    seen.add(value);
    out.push({ field, value });
  };
  for (const kind of TOKEN_KINDS) add(`tokens.${kind}`, config.tokens[kind]);
  for (const kind of TOKEN_KINDS)
    for (const [i, value] of (config.token_pools?.[kind] ?? []).entries())
      add(`token_pools.${kind}[${i}]`, value);
  return out;
}

const json = (headers: Record<string, string>, body: unknown) => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const post = (
  base: Probe['base'],
  operationId: string,
  headers: Record<string, string>,
  body: unknown,
): Pick<Probe, 'base' | 'label' | 'request'> => {
  const { path } = operationById(operationId);
  return {
    base,
    label: `POST ${path}`,
    request: { method: 'POST', url: `${trim(base.url)}${path}`, ...json(headers, body) },
  };
};

const get = (
  base: Probe['base'],
  path: string,
  headers: Record<string, string>,
): Pick<Probe, 'base' | 'label' | 'request'> => ({
  base,
  label: `GET ${path}`,
  request: { method: 'GET', url: `${trim(base.url)}${path}`, headers },
});

/** The probes of `config`, in the order their lines are printed. */
export function probesOf(config: TargetConfig, scope: PreflightScope = 'run'): Probe[] {
  const probes: Probe[] = [];
  const states = config.provider_states;
  if (states)
    probes.push({
      field: 'provider_states.headers',
      kind: 'catalogue',
      ...get({ field: 'provider_states.url', url: states.url }, providerStatePaths.root, {
        ...states.headers,
      }),
      label: 'GET the catalogue',
    });
  if (scope === 'provider-states') return probes;

  const base = { field: 'base_url', url: config.base_url };
  const tokens = configuredTokens(config);
  // getMyProjects: "any valid token" (the Authentication table); one project is enough to see the envelope.
  for (const { field, value } of tokens)
    probes.push({
      field,
      kind: 'envelope',
      ...post(base, 'getMyProjects', { authorization: `Bearer ${value}` }, { limit: 1 }),
      spends: { value, kind: 'token' },
    });
  const key = config.project_key;
  if (key) {
    // getChatbotExecutionLogs spends no capped quota (the project-key search does).
    probes.push({
      field: 'project_key',
      kind: 'envelope',
      ...post(base, 'getChatbotExecutionLogs', { 'api-key': key }, { limit: 1 }),
    });
    // A body without `messages` (nor `model`): a server refuses it before it runs a model, so no credit is spent.
    for (const [operationId, dialect, header] of [
      ['openaiChatCompletions', 'OpenAI', { authorization: `Bearer ${key}` }],
      ['anthropicMessages', 'Anthropic', { 'x-api-key': key }],
    ] as const)
      probes.push({
        field: 'project_key',
        kind: 'rag',
        dialect,
        ...post(base, operationId, header, {}),
        spends: { value: key, kind: 'rag' },
      });
  }
  if (tokens.length === 0 && !key)
    probes.push({ field: 'base_url', kind: 'address', ...post(base, 'getMyProjects', {}, { limit: 1 }) });

  const org = config.org_base_url;
  if (org && trim(org) !== trim(config.base_url)) {
    const first = tokens[0];
    probes.push({
      field: 'org_base_url',
      kind: 'address',
      ...post(
        { field: 'org_base_url', url: org },
        'getOrganizationDetail',
        first ? { authorization: `Bearer ${first.value}` } : {},
        {},
      ),
      ...(first ? { spends: { value: first.value, kind: 'token' as const } } : {}),
    });
  }
  const control = config.control;
  if (control)
    probes.push({
      field: 'control.secret',
      kind: 'control',
      ...get({ field: 'control.url', url: control.url }, '/clock', { 'x-control-secret': control.secret }),
    });
  return probes;
}
