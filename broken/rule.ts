/**
 * A breaking rule: one plausible backend bug, applied by the breaking proxy (proxy.ts) to the exchanges between the
 * suites and any target. A rule names what it breaks in the spec's words, the documented clause it breaks (the
 * tests citing that clause must catch it) and the spec section it belongs to.
 */
import type { TargetConfig } from '../contract/index.js';

/** Which of the target's addresses a request went to. */
export type Route = 'base' | 'org' | 'control' | 'states' | 'other';

/** A request on its way to the target. `path` is below the route's address, e.g. `/getMyProjects`. */
export interface Exchange {
  readonly route: Route;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** An answer on its way back (or made up by the rule instead of asking the target). */
export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** One server-sent event of a streamed answer. */
export interface StreamEvent {
  readonly event?: string | undefined;
  readonly id?: string | undefined;
  readonly data: string;
}

/**
 * What one activation of a rule does; state a rule keeps lives in the closure `start` returns. A hook returns what it
 * changed as a new object and never mutates what it is given: the blast-radius check (blast-radius.ts) hands every
 * rule's hooks the exchanges of an unbroken run and compares what they return with what they were given.
 */
export interface RuleHooks {
  /** Change the request, or answer it without asking the target. */
  request?(req: Exchange): Exchange | Answer;
  /** Change a whole answer (not a stream). */
  response?(res: Answer, req: Exchange): Answer;
  /** Change each event of a `text/event-stream` answer. */
  event?(event: StreamEvent, req: Exchange): StreamEvent;
}

/** The sections of the spec the rules are spread over (issue 18). */
export type RuleSection =
  | 'conventions and envelopes'
  | 'paging and ordering'
  | 'search'
  | 'permission table'
  | 'scope'
  | '401 messages'
  | 'usage-limit rules'
  | 'settings ranges'
  | 'stats dates'
  | 'form encoding'
  | 'session state'
  | 'invitation state'
  | 'execution logs'
  | 'RAG sources'
  | 'SSE grammars'
  | 'user tools'
  | 'rate caps'
  | 'token lifecycle';

export interface BreakingRule {
  /** Short stable id, kebab-case: what `--rule` takes. */
  readonly id: string;
  /** What is broken, in the spec's words. */
  readonly name: string;
  /** The documented clause it breaks: the tests citing it must turn red. */
  readonly clause: string;
  readonly section: RuleSection;
  /**
   * The suite file (relative to the repository root) with a test citing the clause that must fail with the rule in
   * place against the fake: the broken/ tests run only this file's citing tests; the sensitivity check runs them all.
   */
  readonly caughtBy: string;
  /**
   * Other documented clauses a server with exactly this bug legitimately turns red too, each with the reason (e.g. a
   * cell of the access table reds its row and the one rule that decided the cell). The blast-radius check
   * (blast-radius.ts) requires every red documented clause of the rule's run to be `clause` or one of these; at most
   * two, so that one defect reds at most three clauses.
   */
  readonly alsoRed?: readonly AlsoRed[];
  /** Fresh hooks (and fresh state) for one run, knowing the target's own credentials and projects. */
  start(config: TargetConfig): RuleHooks;
}

/** A documented clause a rule may also turn red, and why a server with exactly this bug breaks it too. */
export interface AlsoRed {
  readonly clause: string;
  readonly why: string;
}

/** Every clause a rule may turn red: its own, then its allowed list. */
export const declaredClauses = (rule: BreakingRule): readonly string[] => [
  rule.clause,
  ...(rule.alsoRed ?? []).map((a) => a.clause),
];

export const isAnswer = (value: Exchange | Answer): value is Answer => 'status' in value;
