/**
 * The cost tests' counting seam (FAKE-PAGE-COST): countVisits attaches one counter to the context and to every store
 * that counts what it hands out, and stopCounting takes it off them all.
 */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { visit } from './cost.js';
import { countVisits, stopCounting } from './cost-counting.js';
import { inviteMember } from './invitations.js';

function world() {
  const runtime = new Runtime();
  const domain = runtime.domain;
  const org = domain.state.organizations.get(runtime.seeded!.organizationId)!;
  inviteMember(domain, org, runtime.seeded!.users.owner!, 'counted@example.com', 'viewer');
  const { sessions, messages, executionLogs, members, projects, invitations } = domain.state;
  return { domain, stores: { sessions, messages, executionLogs, members, projects, invitations } };
}

describe('countVisits and stopCounting [FAKE-PAGE-COST]', () => {
  it('count every record a store of the conversation or of the organization hands out, store by store', () => {
    const { domain, stores } = world();
    for (const [name, store] of Object.entries(stores)) {
      expect(store.size, `${name} holds records`).toBeGreaterThan(0);
      const counter = countVisits(domain);
      expect([...store.values()], name).toHaveLength(store.size);
      stopCounting(domain);
      expect(counter.visited, `${name}: one visit per record`).toBe(store.size);
    }
  });

  it('once stopped, neither the context nor any store counts on the counter', () => {
    const { domain, stores } = world();
    const counter = countVisits(domain);
    stopCounting(domain);
    expect(domain.cost).toBeUndefined();
    for (const [name, store] of Object.entries(stores)) {
      expect(store.cost, name).toBeUndefined();
      expect([...store.values()], name).toHaveLength(store.size);
    }
    visit(domain.cost, 5);
    expect(counter.visited).toBe(0);
  });
});
