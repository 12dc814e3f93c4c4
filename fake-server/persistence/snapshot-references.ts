/**
 * What the payload schema cannot say: ids are unique, every reference points at a record of the snapshot, the id
 * counters are past every stored id (so the next record never takes an existing id) and the rate counts are of the
 * window's mode. A snapshot the fake wrote always passes; a hand-made one that does not is refused whole, so a
 * restored fake never meets a dangling reference.
 */
import type { SnapshotPayload } from './snapshot-schema.js';

type Stored = SnapshotPayload['state'];

/** The id counter of each store (the kinds the domain passes to `ids.next`). */
const counterOf: Partial<Record<keyof Stored, string>> = {
  users: 'user',
  organizations: 'organization',
  members: 'member',
  projects: 'project',
  tokens: 'token',
  invitations: 'invitation',
  outbox: 'email',
  sessions: 'session',
  messages: 'message',
  executionLogs: 'execution_log',
};

/** The first inconsistency of `p`, in words, or null when there is none. */
export function referenceProblem(p: SnapshotPayload): string | null {
  const s = p.state;
  const ids = (list: readonly { id: number }[]) => new Set(list.map((r) => r.id));
  const users = ids(s.users);
  const orgs = ids(s.organizations);
  const projects = ids(s.projects);
  const sessions = ids(s.sessions);
  const counters = new Map(p.ids.counters);

  for (const [store, kind] of Object.entries(counterOf) as [keyof Stored, string][]) {
    const list = s[store] as readonly { id: number }[];
    if (ids(list).size !== list.length) return `state.${store} has two records with the same id`;
    const highest = list.reduce((max, r) => Math.max(max, r.id), 0);
    if ((counters.get(kind) ?? 0) < highest)
      return `ids counter "${kind}" (${counters.get(kind) ?? 0}) is below the highest ${store} id (${highest})`;
  }

  const missing = (what: string, id: number) => `${what} refers to a missing record (${id})`;
  for (const o of s.organizations)
    if (!users.has(o.created_by)) return missing('an organization creator', o.created_by);
  for (const m of s.members) {
    if (!users.has(m.user_id)) return missing('a member user', m.user_id);
    if (!orgs.has(m.organization_id)) return missing('a member organization', m.organization_id);
  }
  for (const pr of s.projects) {
    if (!orgs.has(pr.organization_id)) return missing('a project organization', pr.organization_id);
    if (pr.integration.project_id !== pr.id) return `project ${pr.id} has the integration of another project`;
    for (const m of pr.members) if (!users.has(m.user_id)) return missing('a project member', m.user_id);
  }
  for (const k of s.projectKeys)
    if (!projects.has(k.project_id)) return missing('a project key', k.project_id);
  if (new Set(s.projectKeys.map((k) => k.value)).size !== s.projectKeys.length)
    return 'state.projectKeys has two keys with the same value';
  for (const t of s.tokens) {
    if (!orgs.has(t.organization_id)) return missing('a token organization', t.organization_id);
    if (!users.has(t.creator_user_id)) return missing('a token creator', t.creator_user_id);
    for (const id of t.project_ids) if (!projects.has(id)) return missing('a token project', id);
  }
  for (const i of s.invitations)
    if (!orgs.has(i.organization_id)) return missing('an invitation', i.organization_id);
  for (const x of s.sessions)
    if (!projects.has(x.project_id)) return missing('a session project', x.project_id);
  for (const m of s.messages)
    if (!sessions.has(m.session_id)) return missing('a message session', m.session_id);
  for (const l of s.executionLogs) {
    if (!projects.has(l.project_id)) return missing('an execution log project', l.project_id);
    if (!sessions.has(l.session_id)) return missing('an execution log session', l.session_id);
  }
  for (const k of s.knowledgebases)
    if (!projects.has(k.project_id)) return missing('a knowledgebase', k.project_id);
  for (const r of s.ragScripts)
    if (!projects.has(r.project_id)) return missing('a scripted reply queue', r.project_id);

  const fixed = p.limiter.window.mode === 'fixed';
  for (const [key, tally] of p.limiter.tallies)
    if ('count' in tally !== fixed)
      return `rate count "${key}" is not of the window's mode (${p.limiter.window.mode})`;

  if (p.seeded) {
    if (!orgs.has(p.seeded.organizationId))
      return missing('the seeded organization', p.seeded.organizationId);
    for (const id of Object.values(p.seeded.users)) if (!users.has(id)) return missing('a seeded user', id);
    for (const id of Object.values(p.seeded.projects))
      if (!projects.has(id)) return missing('a seeded project', id);
  }
  return null;
}
