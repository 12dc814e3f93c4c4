/**
 * Bodies generated from the contract for every Platform and Project Integration operation the target config lets a
 * run call (fuzz/arbitraries/body-mix.ts, the in-process fuzzer's mix: valid, boundary and mutated fields, wrong
 * types, extra and prototype keys, deep nesting, not JSON, odd content types and encodings), with what the generators
 * know from the target config alone. A write is fuzzed only where the config allows writes, and then never with a
 * valid body (it would change the config's projects under the run's other files); a call that spends credits only
 * where it allows credits; an invitation (an email goes out) only against the fake.
 */
import fc from 'fast-check';
import {
  integrationOperations,
  type Operation,
  platformOperations,
  type TargetConfig,
} from '../../contract/index.js';
import { type BodyPart, bodyArb } from '../arbitraries/body-mix.js';
import type { FuzzContext } from '../context.js';

/** Operations that spend credits. */
const SPENDS_CREDITS = new Set(['playgroundAgentResponse', 'sendMessage']);
/** Operations with an effect outside the target (an email). */
const REACHES_OUT = new Set(['inviteOrganizationMember']);
/** Project Integration operations that add conversations (writes the table does not flag). */
const ADDS_CONVERSATIONS = new Set(['createSession', 'sendMessage']);

const writes = (op: Operation) => op.writes === true || ADDS_CONVERSATIONS.has(op.id);

/** The operations a run against `config` fuzzes, and why each other one is left out. */
export function fuzzedOperations(config: TargetConfig): { operations: Operation[]; left: string[] } {
  const operations: Operation[] = [];
  const left: string[] = [];
  for (const op of [...platformOperations, ...integrationOperations] as Operation[]) {
    const why =
      op.credential === 'project-key' && !config.project_key
        ? 'no project_key'
        : op.credential === 'bearer-token' && !config.tokens.owner
          ? 'no owner token'
          : writes(op) && !config.allow.writes
            ? 'writes not allowed'
            : SPENDS_CREDITS.has(op.id) && !config.allow.credits
              ? 'credits not allowed'
              : REACHES_OUT.has(op.id) && config.kind !== 'fake'
                ? 'sends an email'
                : undefined;
    if (why) left.push(`${op.id} (${why})`);
    else operations.push(op);
  }
  return { operations, left };
}

/** What the body generators know of a target from its config (fuzz/context.ts, without a control API). */
export function contextOfConfig(config: TargetConfig): FuzzContext {
  const base = new URL(config.base_url);
  const uid = config.project_uid ?? 'no-project';
  return {
    host: base.host,
    basePath: base.pathname.replace(/\/+$/, ''),
    orgBasePath: new URL(config.org_base_url ?? config.base_url).pathname.replace(/\/+$/, ''),
    controlPrefix: '',
    tokens: Object.values(config.tokens).filter((v): v is string => typeof v === 'string'),
    projectKey: config.project_key ?? '',
    projectUid: uid,
    otherProjectUid: config.other_project_uid ?? uid,
    widgetUid: config.widget_uid ?? '',
    models: [config.rag_models.openai, config.rag_models.anthropic].filter((m): m is string => !!m),
    ragModels: {
      openai: config.rag_models.openai ?? 'gpt-4o-mini',
      anthropic: config.rag_models.anthropic ?? 'claude-3-5-haiku-latest',
    },
  };
}

export interface OperationBody {
  readonly op: Operation;
  readonly part: BodyPart;
}

/** One operation and a body for it. */
export function operationBodyArb(
  config: TargetConfig,
  operations: readonly Operation[],
): fc.Arbitrary<OperationBody> {
  const ctx = contextOfConfig(config);
  return fc.constantFrom(...operations).chain((op) => {
    const bodies = bodyArb(op, ctx);
    return (writes(op) && config.kind !== 'fake' ? bodies.filter((p) => p.kind !== 'valid') : bodies).map(
      (part) => ({ op, part }),
    );
  });
}

/** A finding's request in words. */
export const describeBody = ({ op, part }: OperationBody): string =>
  `${op.id}: ${part.kind} (${part.label}), ${part.bytes.length} bytes${part.contentType ? ` as ${part.contentType}` : ', no content type'}`;
