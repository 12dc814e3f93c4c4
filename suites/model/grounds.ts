/** Checks under the assumed clauses a model's prediction rests on (its `grounds`), shared by the models' commands. */
import { assumed } from '../support/strength.js';

/** `check` hard when `grounds` is empty, else under each of them. */
export function under(grounds: Iterable<string>, check: () => void): void {
  const ids = [...new Set(grounds)];
  if (ids.length === 0) check();
  for (const id of ids) assumed(id, check);
}
