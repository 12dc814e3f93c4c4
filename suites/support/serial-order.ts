/**
 * Serialisability checks for requests sent at the same time: is there one order of them, run one at a time through a
 * small reference of the rules, that gives every answer observed and the final state observed?
 *
 * The search walks the orders depth first and only continues an order while each action's prediction agrees with
 * what was observed for it; states already reached with the same set of actions done are not visited again. That
 * is every permutation of the actions in effect, without enumerating the n! of them.
 */

/** One step of the reference: the state after the action, or why the observed answer cannot happen in `state`. */
export type StepResult<S> = { next: S } | { mismatch: string };

export interface SerialProblem<S> {
  initial: S;
  /** How many actions ran concurrently. */
  count: number;
  /** Action `index` run in `state`: does the reference give the answer observed for it? If so, the next state. */
  step: (state: S, index: number) => StepResult<S>;
  /** Whether the state reached after every action is the one observed at the end. */
  final: (state: S) => boolean;
  /** A string naming a state: states with equal keys are the same. */
  key: (state: S) => string;
}

/** An order of the action indices that explains every observation, or undefined when none does. */
export function findSerialOrder<S>(problem: SerialProblem<S>): number[] | undefined {
  const { count, step, final, key } = problem;
  if (count > 30) throw new Error('findSerialOrder: at most 30 actions');
  const seen = new Set<string>();
  const order: number[] = [];
  const visit = (state: S, done: number): boolean => {
    if (done === (1 << count) - 1) return final(state);
    const id = `${done}|${key(state)}`;
    if (seen.has(id)) return false;
    seen.add(id);
    for (let i = 0; i < count; i += 1) {
      if (done & (1 << i)) continue;
      const r = step(state, i);
      if (!('next' in r)) continue;
      order.push(i);
      if (visit(r.next, done | (1 << i))) return true;
      order.pop();
    }
    return false;
  };
  return visit(problem.initial, 0) ? [...order] : undefined;
}

/**
 * The distinct final states (by key) that some order of the actions reaches when nothing is observed: each action
 * is given by `run`, which answers the next state. A scenario whose actions can end in a single state only would
 * not test anything; tests use this to show theirs can.
 */
export function reachableFinals<S>(
  initial: S,
  count: number,
  run: (state: S, index: number) => S,
  key: (s: S) => string,
) {
  const finals = new Map<string, S>();
  const seen = new Set<string>();
  const visit = (state: S, done: number): void => {
    const k = key(state);
    if (done === (1 << count) - 1) {
      finals.set(k, state);
      return;
    }
    const id = `${done}|${k}`;
    if (seen.has(id)) return;
    seen.add(id);
    for (let i = 0; i < count; i += 1) if (!(done & (1 << i))) visit(run(state, i), done | (1 << i));
  };
  visit(initial, 0);
  return finals;
}
