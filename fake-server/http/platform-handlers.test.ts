/**
 * The Platform resolvers, called as the platform router calls them: each answers its success message (the fake's own
 * texts: the spec shows none, so the suites check them softly) and its data; a search's `node_id` keeps the hits to
 * that document.
 */
import { describe, expect, it } from 'vitest';
import { operationById, type PlatformOperationId } from '../../contract/index.js';
import { authenticateToken } from '../domain/authentication.js';
import { Runtime } from '../runtime.js';
import { platformHandlers } from './platform-handlers.js';

function world() {
  const runtime = new Runtime();
  const domain = runtime.domain;
  const seeded = runtime.seeded!;
  const caller = authenticateToken(domain, seeded.tokens.owner);
  const project = Object.values(seeded.projects)[0]!;
  const call = (op: PlatformOperationId, body: object = {}) =>
    platformHandlers[op]({
      domain,
      caller,
      project,
      // Parsed as the router parses it, so every body here is a valid one.
      body: operationById(op).request.parse({ project_uid: project.project_uid, ...body }),
    });
  return { domain, project, call };
}

describe('Platform resolvers [CONV-SUCCESS-ENVELOPE, SEARCH-BEARER-NODE-ID, SEARCH-NODE-ID-IS-DOC-ID]', () => {
  it('answer each operation with its own success message', () => {
    const { project, call } = world();
    const messages: [PlatformOperationId, object, string][] = [
      ['getMyProjects', {}, 'Projects fetched successfully'],
      ['getOrganizationDetail', {}, 'Organization fetched successfully'],
      ['getOrganizationMembers', {}, 'Organization members fetched successfully'],
      [
        'inviteOrganizationMember',
        { email: 'new.member@example.com', role: 'editor' },
        'Invitation sent successfully',
      ],
      ['updateChatbot', { name: 'Renamed' }, 'Chatbot updated successfully'],
      ['updateProjectSettings', { temperature: 0.5 }, 'Project settings updated successfully'],
      ['getProjectUsageLimit', {}, 'Project usage limit fetched successfully'],
      [
        'setProjectUsageLimit',
        { limits: [{ limit_type: 'credits', limit: 50 }] },
        'Project usage limit updated successfully',
      ],
      ['removeProjectUsageLimit', { limit_type: 'credits' }, 'Project usage limit removed successfully'],
      ['getStats', {}, 'Stats fetched successfully'],
      ['getSessions', {}, 'Sessions fetched successfully'],
      ['createPlaygroundAgentSession', {}, 'Playground session created successfully'],
      ['searchIndexDocument', { query: 'refund', limit: 3 }, 'Documents fetched successfully'],
      ['getSupportedModels', {}, 'Supported models fetched successfully'],
    ];
    for (const [op, body, message] of messages) expect(call(op, body).message, op).toBe(message);
    expect(project.name).toBe('Renamed');

    const { session_uid } = call('createPlaygroundAgentSession').data as { session_uid: string };
    expect(call('playgroundAgentResponse', { session_uid, query: 'How do refunds work?' }).message).toBe(
      'Agent response generated successfully',
    );
    const [listed] = call('getSessions').data as { session_uid: number }[];
    expect(call('getSessionMessages', { session_uid: String(listed!.session_uid) }).message).toBe(
      'Session messages fetched successfully',
    );
  });

  it('a search with node_id returns only that document’s chunks', () => {
    const { call } = world();
    const search = (body: object) =>
      call('searchIndexDocument', { query: 'refund order account', limit: 20, ...body }).data as {
        doc_id: string;
      }[];
    const all = search({});
    const docs = new Set(all.map((h) => h.doc_id));
    expect(docs.size).toBeGreaterThan(1);
    const [doc] = docs;
    const one = search({ node_id: doc });
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((h) => h.doc_id === doc)).toBe(true);
  });
});
