/**
 * What `--check-provider-states` asks of each provider state (issue 33): the params it enters the state with, and
 * what the data must then say. Every probe builds in one organization the check makes first through the
 * `organization` state, never in the target's own. A probe that names a `parameter` adds it to the state's required
 * params, so a difference is pinned on that parameter when the state answers without it; beyond the data schema
 * (checked by the client) every scalar param that comes back in the data under its own name must come back as sent.
 */
import type { DataOf, ParamsInput, StateName } from '../../contract/provider-states/index.js';

export interface ProbeContext {
  /** The organization the check made (the `organization` state's data). */
  readonly organization_id: number;
}

export interface StateProbe<N extends StateName = StateName> {
  readonly state: N;
  /** The params every probe of the state needs (organization_id is added to all). */
  readonly required?: (c: ProbeContext) => Omit<ParamsInput<N>, 'organization_id'>;
  /** The optional parameter this probe is about, and the value it sends. */
  readonly parameter?: { readonly name: string; readonly value: unknown };
  /** What else the data must say; a sentence naming the difference, or undefined. */
  readonly expect?: (data: DataOf<N>, sent: Record<string, unknown>) => string | undefined;
  /** Enter the state once more with the required params only, and check the data (a read-back). */
  readonly readBack?: (data: DataOf<N>, sent: Record<string, unknown>) => string | undefined;
}

const probe = <N extends StateName>(p: StateProbe<N>): StateProbe => p as unknown as StateProbe;

const DOCUMENT = { title: 'Provider state check', text: 'Refunds are accepted within 30 days of purchase.' };

/** One or more probes per state of the catalogue, in the catalogue's order. */
export const stateProbes: readonly StateProbe[] = [
  probe({ state: 'organization', parameter: { name: 'plan', value: 'agency' } }),
  probe({ state: 'project', parameter: { name: 'name', value: 'Provider state check' } }),
  probe({ state: 'plan', required: () => ({ plan: 'professional' as const }) }),
  probe({ state: 'member', parameter: { name: 'role', value: 'editor' } }),
  probe({
    state: 'invitation pending',
    parameter: { name: 'email', value: 'provider-state-check@example.com' },
  }),
  probe({ state: 'token', parameter: { name: 'role', value: 'viewer' } }),
  probe({ state: 'token deactivated' }),
  probe({ state: 'token reactivated' }),
  probe({ state: 'token regenerated' }),
  probe({ state: 'token revoked' }),
  probe({ state: 'token expired' }),
  probe({ state: 'token created earlier' }),
  probe({ state: 'token creator removed' }),
  probe({
    state: 'token creator role changed',
    required: () => ({ new_role: 'viewer' as const }),
    expect: (data) =>
      data.creator_role === 'viewer'
        ? undefined
        : `new_role viewer came back as creator_role ${data.creator_role}`,
  }),
  probe({ state: 'token creator not project member' }),
  probe({
    state: 'project with conversations',
    parameter: { name: 'sessions', value: 2 },
    expect: (data, sent) =>
      sent.sessions === undefined || data.sessions.length === sent.sessions
        ? undefined
        : `sessions 2 came back as ${data.sessions.length} sessions`,
  }),
  probe({ state: 'session idle', parameter: { name: 'auto_close_duration', value: 30 } }),
  probe({ state: 'history past retention', parameter: { name: 'retention_duration', value: 3600 } }),
  probe({ state: 'credits exhausted', parameter: { name: 'scope', value: 'project' } }),
  probe({
    state: 'credit balance',
    parameter: { name: 'credits', value: 5 },
    // Set to 5, the balance reads 5 when entered again without credits (it "changes nothing" then).
    readBack: (data) =>
      data.credits === 5 ? undefined : `set to 5, the balance read back without credits is ${data.credits}`,
  }),
  probe({
    state: 'usage near limit',
    parameter: { name: 'document', value: { usage: 1 } },
    expect: (data) =>
      data.document.usage === 1 && data.document.limit === 2
        ? undefined
        : `document {usage: 1} came back as usage ${data.document.usage}, limit ${data.document.limit} (the limit defaults to usage + 1)`,
  }),
  probe({
    state: 'knowledgebase documents',
    required: () => ({ documents: [DOCUMENT] }),
    expect: (data) =>
      data.doc_ids.length === 1 ? undefined : `one document came back as ${data.doc_ids.length} doc_ids`,
  }),
];
