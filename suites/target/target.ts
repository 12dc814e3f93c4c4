/**
 * A Target: a deployment the suites check, reached only over HTTP with a target config. Operations are called by
 * their contract id; the body is encoded as the operation's table says, with the credential it needs by default.
 */
import { operationById, type TargetConfig } from '../../contract/index.js';
import { ragRootOf } from '../../contract/requests/rag-models.js';
import { answered, noteAnswer } from './answers.js';
import type { ControlClient } from './control-client.js';
import { currentTestId } from './current-test.js';
import { keepExchange } from './exchange-note.js';
import type { ProviderStatesClient } from './provider-states-client.js';
import { inconclusiveReason, isSpecRateLimit, retryAfterSeconds } from './quota.js';
import { BudgetExhausted, type BudgetKind, type Refusal, type RequestBudget } from './request-budget.js';
import { countRequest, type RequestFamily } from './request-count.js';
import { type Deliver, type RawRequest, type RawResponse, send } from './transport.js';

export type TokenName = keyof TargetConfig['tokens'];

/** Which credential to send. Default: the owner token for Bearer operations, the project key for key operations. */
export type Auth =
  | { token: TokenName }
  | { bearer: string }
  | { apiKey: string }
  | { headers: Record<string, string> }
  | { none: true };

export interface CallOptions {
  auth?: Auth;
  /** Encoded as JSON or form-urlencoded per the operation; ignored when `raw` is given. */
  body?: unknown;
  /** Send these exact bytes with this content type (or none). */
  raw?: { body: string | Buffer; contentType?: string };
  /** Call at {org_base_url} instead of {base_url}. */
  base?: 'base' | 'org';
  method?: string;
  headers?: Record<string, string>;
  /** `false`: not through `beforeCall` (the call a hook itself makes). */
  hooks?: false;
  /**
   * How the request travels (suites/target/raw-http.ts: a chunked body, a kept-alive socket, exact bytes); counted,
   * budgeted and kept for the report as every other request.
   */
  transport?: Deliver;
}

export interface Target {
  readonly config: TargetConfig;
  readonly isFake: boolean;
  /** The control API, when the target has one. */
  readonly control: ControlClient | undefined;
  /** The deployment's provider states (docs/qa-staging.md "Provider states"), when its config names them. */
  readonly providerStates?: ProviderStatesClient;
  call(operationId: string, options?: CallOptions): Promise<RawResponse>;
  /** Any path under {base_url} (or {org_base_url}), for routes outside the operation table. */
  raw(path: string, options?: Omit<CallOptions, 'body'> & { body?: unknown }): Promise<RawResponse>;
  /** The per-token request budget, when the target has one (see request-budget.ts). */
  readonly budget: RequestBudget | undefined;
  /**
   * What happens when a request would exceed the budget, or meets a spent quota in a test not about rate limits
   * (HARNESS-INCONCLUSIVE-QUOTA); useTarget() marks the running test inconclusive and stops it.
   */
  onBudgetExhausted: (note: string) => never;
  /**
   * Run before a call of the operation table (useTarget sets it: suites/support/form-canary.ts checks that the target
   * reads form bodies before a test reads a form operation); undefined when there is nothing to wait for.
   */
  beforeCall?: (operationId: string) => Promise<void> | undefined;
  close(): Promise<void>;
}

export function formEncode(body: unknown): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (v !== undefined) params.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return params.toString();
}

/** Of a token kind's values (the config's and its pool), the one to send: the first unless `choose` says. */
export type ChooseToken = (values: readonly string[]) => string;

function tokenValues(config: TargetConfig, name: TokenName): string[] {
  const first = config.tokens[name];
  return first ? [first, ...(config.token_pools?.[name] ?? []).filter((v) => v !== first)] : [];
}

export function authHeaders(
  config: TargetConfig,
  credential: string,
  auth: Auth | undefined,
  choose: ChooseToken = (values) => values[0] as string,
): Record<string, string> {
  if (auth && 'none' in auth) return {};
  if (auth && 'headers' in auth) return auth.headers;
  if (auth && 'bearer' in auth) return { authorization: `Bearer ${auth.bearer}` };
  if (auth && 'apiKey' in auth)
    return credential === 'project-key'
      ? { 'api-key': auth.apiKey }
      : { authorization: `Bearer ${auth.apiKey}` };
  if (auth && 'token' in auth) {
    const values = tokenValues(config, auth.token);
    if (values.length === 0) throw new Error(`target has no ${auth.token} token`);
    return { authorization: `Bearer ${choose(values)}` };
  }
  if (credential === 'bearer-token') {
    const owners = tokenValues(config, 'owner');
    return owners.length > 0 ? { authorization: `Bearer ${choose(owners)}` } : {};
  }
  if (credential === 'project-key') return config.project_key ? { 'api-key': config.project_key } : {};
  return config.project_key ? { authorization: `Bearer ${config.project_key}` } : {};
}

/**
 * Of a pool of tokens, the one a test sends: the least spent when the test first needs that kind, then the same one
 * for the rest of the test while it has budget left, so a test sees one token as a client would.
 */
const picks = new Map<string, string>();
function stickyPick(budget: RequestBudget, values: readonly string[]): string {
  const key = `${currentTestId() ?? 'outside a test'}\u0000${values[0]}`;
  const kept = picks.get(key);
  if (kept !== undefined && values.includes(kept) && budget.remaining(kept) > 0) return kept;
  const chosen = budget.pick(values);
  if (picks.size > 10_000) picks.clear();
  picks.set(key, chosen);
  return chosen;
}

export function createHttpTarget(
  config: TargetConfig,
  control: ControlClient | undefined,
  onClose: () => Promise<void> = async () => {},
  budget?: RequestBudget,
  providerStates?: ProviderStatesClient,
): Target {
  const baseOf = (base: 'base' | 'org' | undefined) =>
    (base === 'org' ? (config.org_base_url ?? config.base_url) : config.base_url).replace(/\/$/, '');

  /** `documented`: a call of the operation table (a POST there answers with the spec's JSON envelopes). */
  const exchange = (
    path: string,
    credential: string,
    encoding: 'json' | 'form',
    o: CallOptions,
    family: RequestFamily,
    documented = false,
  ) => {
    const choose: ChooseToken | undefined = budget ? (values) => stickyPick(budget, values) : undefined;
    const headers: Record<string, string> = {
      ...authHeaders(config, credential, o.auth, choose),
      ...o.headers,
    };
    const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
    const rag = credential === 'rag-key';
    const spent = rag
      ? (bearer ?? headers['x-api-key'])
      : credential === 'project-key'
        ? headers['api-key']
        : bearer;
    // How the report names the credential: a raw request (a path outside the table) may carry the key in `api-key`.
    const shown = credentialName(spent ?? headers['api-key']);
    // What a request spends: the RAG budget of its key, or the budget of its Bearer token (other credentials only
    // count against the run's own budget, where the run has a coordinator).
    const counted = rag ? spent : bearer;
    const kind: BudgetKind = rag ? 'rag' : 'token';
    const refused = (why: Refusal) =>
      target.onBudgetExhausted(
        why === 'run'
          ? `inconclusive (quota spent): the run's request budget (--budget) is spent, so the harness sends nothing more`
          : rag
            ? `inconclusive (quota spent): the request budget of the project key is spent, ${budget?.perRagKey} RAG requests within the hour (request_budget_rag_per_project; reports/quota-ledger.json), so the harness does not spend the RAG hourly cap`
            : `inconclusive (quota spent): the request budget of ${credentialName(bearer)} is spent, ${budget?.perToken} requests within the hour (request_budget_per_token; reports/quota-ledger.json), so the harness does not spend its hourly cap`,
      );
    const admitted = budget?.admit?.(counted, kind).then((why) => {
      if (why) refused(why);
    });
    if (budget && !budget.admit && counted && !budget.take(counted, kind)) refused('credential');
    let body: string | Buffer | undefined;
    if (o.raw) {
      body = o.raw.body;
      if (o.raw.contentType !== undefined) headers['content-type'] = o.raw.contentType;
    } else if (o.body !== undefined || (o.method ?? 'POST') === 'POST') {
      const value = o.body ?? {};
      body = encoding === 'form' ? formEncode(value) : JSON.stringify(value);
      headers['content-type'] =
        encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    }
    const req: RawRequest = {
      method: o.method ?? 'POST',
      url: `${baseOf(o.base)}${path}`,
      headers,
      ...(body !== undefined ? { body } : {}),
    };
    // The spec documents a JSON envelope for every answer of a Platform or Project Integration operation (the RAG
    // endpoints answer in their providers' shapes, whose error body it does not show).
    const json = documented && !rag && req.method === 'POST';
    const go = () => {
      countRequest(family, shown);
      return answered(req, (r) => send(r, config.request_timeout_ms, o.transport)).then(afterAnswer);
    };
    const afterAnswer = (res: RawResponse) => {
      keepExchange(req, res, shown);
      noteAnswer(req, res, json);
      // Against the fake, counters are reset before every test: a stray 429 there is the fake's fault, and fails.
      if (config.kind === 'fake') return res;
      const reason = inconclusiveReason(res, { operation: path, credential: credentialName(spent), rag });
      if (spent && credential !== 'project-key' && isSpecRateLimit(res, rag))
        budget?.markSpent(spent, rag ? 'rag' : 'token', retryAfterSeconds(res));
      if (reason) target.onBudgetExhausted(reason);
      return res;
    };
    return admitted ? admitted.then(go) : go();
  };
  /** A credential as a report may show it: the config's name for it, never its value. */
  const credentialName = (value: string | undefined): string => {
    if (!value) return 'no credential';
    if (value === config.project_key) return 'the project key';
    for (const [name, first] of Object.entries(config.tokens))
      if (value === first || config.token_pools?.[name as TokenName]?.includes(value))
        return `the ${name} token`;
    return 'a test-made credential';
  };

  const target: Target = {
    config,
    isFake: config.kind === 'fake',
    control,
    ...(providerStates ? { providerStates } : {}),
    budget,
    onBudgetExhausted: (note) => {
      throw new BudgetExhausted(note);
    },
    call(operationId, o = {}) {
      const op = operationById(operationId);
      const go = () => exchange(op.path, op.credential, op.encoding, o, op.family, true);
      const before = o.hooks === false ? undefined : target.beforeCall?.(operationId);
      return before ? before.then(go) : go();
    },
    raw(path, o = {}) {
      // A path under a RAG root spends the project key's RAG budget, as the table's RAG operations do.
      const rag = ragRootOf(path) !== undefined;
      return exchange(path, rag ? 'rag-key' : 'bearer-token', 'json', o, rag ? 'rag' : 'other');
    },
    close: async () => {
      budget?.save();
      await onClose();
    },
  };
  return target;
}
