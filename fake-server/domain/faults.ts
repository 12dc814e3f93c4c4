/**
 * The fault rules of the fake (FAKE-FAULT-INJECTION): which rule, if any, fires on a request to an operation.
 * Deterministic: a rule with rate r fires on the k-th matching request when ⌊k·r⌋ > ⌊(k−1)·r⌋, so exactly r of them
 * over any run, evenly spread; `next` retires a rule after that many firings. Rules are checked in the order added.
 */

import type { FaultRule, FaultRuleInput } from '../../contract/control/faults.js';
import { operations } from '../../contract/operations.js';
import { errors } from './errors.js';

/** A rule with its id and counters, as the control API shows it (contract/control/faults.ts). */
export type { FaultRule };

export interface FaultRules {
  rules: FaultRule[];
  nextId: number;
}

export const createFaultRules = (): FaultRules => ({ rules: [], nextId: 1 });

/** Add a rule; its operation must be `*` or an id of the operation table. */
export function addFault(faults: FaultRules, input: FaultRuleInput): FaultRule {
  if (input.operation !== '*' && !operations.some((o) => o.id === input.operation)) {
    throw errors.unknownFaultOperation(input.operation);
  }
  const rule: FaultRule = { ...input, id: faults.nextId++, matched: 0, fired: 0 };
  faults.rules.push(rule);
  return rule;
}

export function removeFault(faults: FaultRules, id: number): FaultRule {
  const at = faults.rules.findIndex((r) => r.id === id);
  const [rule] = at < 0 ? [] : faults.rules.splice(at, 1);
  if (!rule) throw errors.faultRuleNotFound();
  return rule;
}

export function clearFaults(faults: FaultRules): number {
  const n = faults.rules.length;
  faults.rules = [];
  return n;
}

/** The rule that fires on this request to `operation`, counting it against every matching rule. */
export function faultFor(faults: FaultRules, operation: string): FaultRule | undefined {
  let firing: FaultRule | undefined;
  for (const rule of faults.rules) {
    if (rule.operation !== '*' && rule.operation !== operation) continue;
    rule.matched += 1;
    const due = Math.floor(rule.matched * rule.rate) > Math.floor((rule.matched - 1) * rule.rate);
    if (!firing && due) {
      rule.fired += 1;
      firing = rule;
    }
  }
  if (firing?.next !== undefined && firing.fired >= firing.next) {
    faults.rules = faults.rules.filter((r) => r !== firing);
  }
  return firing;
}
