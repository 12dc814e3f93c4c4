/** Apply a seed (fixtures as data) to a fresh domain through the domain's own functions. */
import { buildDefaultSeed, type Seed } from '../fixtures/default-seed.js';
import { loadFixtureDocuments } from '../fixtures/knowledgebase.js';
import { DAY_MS, MINUTE_MS } from './domain/clock.js';
import type { DomainContext } from './domain/context.js';
import { logReply } from './domain/execution-logs.js';
import { addDocument, indexFor } from './domain/knowledgebase.js';
import { addMember } from './domain/members.js';
import { nextSessionUid } from './domain/new-session.js';
import { createOrganization, createUser } from './domain/organizations.js';
import { createProjectKey } from './domain/project-keys.js';
import { createProject } from './domain/projects.js';
import { appendMessage } from './domain/sessions.js';
import type { Project, Session } from './domain/state.js';
import { createToken } from './domain/tokens.js';
import { startingBalance } from './domain/variant-small-credit-balance.js';
import { composeReply } from './rag/canned-agent.js';
import { sparseDocuments, sparseSeed } from './variant-sparse-seed.js';

/** Keys of the seeded owner tokens that share the owner's load (`token_pools.owner` of the target file). */
export const OWNER_POOL_PREFIX = 'owner_pool_';

export interface SeedResult {
  organizationId: number;
  users: Record<string, number>;
  projects: Record<string, Project>;
  tokens: Record<string, string>;
  projectKeys: Record<string, string>;
}

export function applyDefaultSeed(domain: DomainContext, documentsDir?: string): SeedResult {
  // Variant mode only (FAKE-VARIANT, sparse-data): fewer conversations and documents.
  return applySeed(domain, sparseSeed(domain, buildDefaultSeed(domain.ids.faker)), documentsDir);
}

export function applySeed(domain: DomainContext, seed: Seed, documentsDir?: string): SeedResult {
  const users: Record<string, number> = {};
  for (const u of seed.users) users[u.key] = createUser(domain, u).id;
  const ownerSeed = seed.users.find((u) => u.role === 'owner');
  if (!ownerSeed) throw new Error('a seed needs an owner');
  const org = createOrganization(domain, {
    ...seed.organization,
    // Variant mode only (FAKE-VARIANT, small-credit-balance): a small balance to start with.
    credits: startingBalance(domain, seed.organization.credits),
    owner_user_id: users[ownerSeed.key]!,
  });
  for (const u of seed.users) if (u !== ownerSeed) addMember(domain, org.id, users[u.key]!, u.role);

  const documents = sparseDocuments(domain, loadFixtureDocuments(documentsDir));
  const projects: Record<string, Project> = {};
  for (const p of seed.projects) {
    const project = createProject(domain, {
      organization_id: org.id,
      name: p.name,
      purpose: p.purpose,
      members: p.members.map((key) => ({
        user_id: users[key]!,
        role: seed.users.find((u) => u.key === key)?.role ?? 'viewer',
      })),
    });
    projects[p.key] = project;
    for (const d of documents.filter((doc) => doc.projectSlug === p.documents))
      addDocument(domain, project, d);
    seedSessions(domain, project, p.sessions);
  }

  const tokens: Record<string, string> = {};
  for (const t of seed.tokens) {
    tokens[t.key] = createToken(domain, {
      organization_id: org.id,
      creator_user_id: users[t.creator]!,
      name: t.name,
      role: t.role ?? null,
      permissions: t.permissions ?? [],
      scope_type: t.scope_type,
      project_ids: (t.projects ?? []).map((k) => projects[k]!.id),
      expiration: t.expiration,
    }).value;
  }
  const projectKeys: Record<string, string> = {};
  for (const k of seed.projectKeys) projectKeys[k.key] = createProjectKey(domain, projects[k.project]!).value;
  for (let i = 1; i <= (seed.ownerPool ?? 0); i += 1) {
    tokens[`${OWNER_POOL_PREFIX}${i}`] = createToken(domain, {
      organization_id: org.id,
      creator_user_id: users[ownerSeed.key]!,
      name: `Owner pool token ${i}`,
      role: 'owner',
      permissions: [],
      scope_type: 'all',
      project_ids: [],
      expiration: 'none',
    }).value;
  }
  return { organizationId: org.id, users, projects, tokens, projectKeys };
}

/** Past conversations, placed on days before the clock's start, with canned replies from the knowledgebase. */
function seedSessions(
  domain: DomainContext,
  project: Project,
  sessions: Seed['projects'][number]['sessions'],
): void {
  const startOfToday = Math.floor(domain.clock.now() / DAY_MS) * DAY_MS;
  const ordered = [...sessions].sort((a, b) => b.daysAgo - a.daysAgo || a.minutesIntoDay - b.minutesIntoDay);
  for (const s of ordered) {
    // Statuses agree with the session lifecycle: open conversations are recent (minutes old), closed ones are
    // older than the default auto_close_duration of a day.
    const now = domain.clock.now();
    const at =
      s.status === 'open'
        ? now - (5 + (s.minutesIntoDay % 40) + s.turns.length * 2) * MINUTE_MS
        : Math.min(startOfToday - s.daysAgo * DAY_MS + s.minutesIntoDay * MINUTE_MS, now - 2 * DAY_MS);
    const session: Session = {
      id: domain.ids.next('session'),
      session_uid: nextSessionUid(domain),
      project_id: project.id,
      integration_id: project.integration.id,
      status: s.status,
      chat_mode: 'ai',
      state: 'pending',
      segment: 'widget',
      country: s.country,
      created_at: at,
      updated_at: at,
      last_message_time: null,
      last_message: null,
      visitor_id: s.visitor,
      visitor_data: { visitor_id: s.visitor },
      contact_data: {},
      session_meta: { source: 'widget' },
      is_emulator: false,
    };
    domain.state.sessions.set(session.id, session);
    // Messages carry their own past timestamps; the live clock is not moved.
    for (const [i, turn] of s.turns.entries()) {
      const userMsg = appendMessage(domain, session, 'user', turn.user);
      userMsg.createdAt = at + i * 2 * MINUTE_MS;
      const hits = indexFor(domain, project).search(turn.user, { limit: project.settings.max_nodes });
      const reply = composeReply(turn.user, hits, project.settings);
      const botMsg = appendMessage(domain, session, 'assistant', reply.text, { rate: turn.rate });
      botMsg.createdAt = at + (i * 2 + 1) * MINUTE_MS;
      const log = logReply(domain, session, botMsg, botMsg.createdAt);
      log.createdAt = botMsg.createdAt;
      session.last_message_time = botMsg.createdAt;
      session.updated_at = botMsg.createdAt;
    }
  }
}
