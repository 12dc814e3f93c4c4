/**
 * Whether the running code arranges or cleans up a test rather than checks it (suites/support/arrangement.ts): the
 * envelope helpers and documented() read it, so that a server answer that fails while a test only finds or creates its
 * data, or undoes what it made, never turns a clause red there (issue 39, "one defect, one red").
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const context = new AsyncLocalStorage<string>();

/** What the running code is arranging (`reading members to find a user`), or undefined while it checks. */
export const arrangingNow = (): string | undefined => context.getStore();

/** Run `fn` as the arrangement `what`. */
export const withinArrangement = <T>(what: string, fn: () => T): T => context.run(what, fn);
