/**
 * What the running code is doing when it is not checking a documented rule (issue 39, "one defect, one red"): arranging
 * or cleaning up a test (suites/support/arrangement.ts), or checking an assumed clause (assumed() in strength.ts).
 * documented() and readable() read it: a failure there belongs to the arrangement or to the assumed check, so it never
 * turns a documented clause red from there.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Context {
  /** What is being arranged (`reading members to find a user`). */
  readonly arranging?: string;
  /** The assumed clause being checked. */
  readonly assumed?: string;
  /** The documented clauses the running check is bound to (documented() in strength.ts). */
  readonly documented?: readonly string[];
}

const context = new AsyncLocalStorage<Context>();

/** What the running code is arranging, or undefined while it checks. */
export const arrangingNow = (): string | undefined => context.getStore()?.arranging;

/** Whether documented checks run now bind to their clauses (not inside an arrangement or an assumed check). */
export const bindingNow = (): boolean => {
  const store = context.getStore();
  return store?.arranging === undefined && store?.assumed === undefined;
};

/** Run `fn` as the arrangement `what`. */
export const withinArrangement = <T>(what: string, fn: () => T): T =>
  context.run({ ...context.getStore(), arranging: what }, fn);

/** Run `fn` as the check of the assumed clause `id`. */
export const withinAssumed = <T>(id: string, fn: () => T): T =>
  context.run({ ...context.getStore(), assumed: id }, fn);

/** Run `fn` as a check bound to the documented clauses `ids`. */
export const withinDocumented = <T>(ids: readonly string[], fn: () => T): T =>
  context.run({ ...context.getStore(), documented: ids }, fn);

/** The documented clauses the running check is bound to, if any: a check inside it need not bind again. */
export const documentedBinding = (): readonly string[] | undefined => context.getStore()?.documented;
