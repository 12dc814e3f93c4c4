/**
 * What the organization's lists and the knowledgebase search cost (FAKE-PAGE-COST): the records a request visits,
 * at 1k and 10k sessions in the project, do not grow with the conversation store. Members and projects are read
 * from the organization's own (small) lists; a search ranks the knowledgebase and reads no session, message or log.
 */
import { describe, expect, it } from 'vitest';
import { authenticateToken } from '../authentication.js';
import { countSearch } from '../integration-access.js';
import { searchKnowledgebase } from '../knowledgebase.js';
import { organizationMembers } from '../organization.js';
import { listProjects } from '../projects.js';
import { type CostWorld, expectBoundedByPage } from './cost.test-support.js';

const owner = (w: CostWorld) => authenticateToken(w.ctx, w.runtime.seeded!.tokens.owner);

describe('lists of the organization cost the organization, not the conversation store [FAKE-PAGE-COST]', () => {
  it('getOrganizationMembers: a page of members and the pending invitations [MEMBERS-ORDER, MEMBERS-INVITATIONS-ALL-PENDING]', () => {
    expectBoundedByPage((w) => organizationMembers(w.ctx, owner(w).organization, 10, 1), 100);
  });

  it('getMyProjects: the projects in scope with their members [PROJECTS-SCOPE-FILTER]', () => {
    expectBoundedByPage((w) => listProjects(w.ctx, owner(w), { limit: 10, page: 1, orderBy: 'ASC' }), 100);
  });
});

describe('knowledgebase search reads no conversation record [FAKE-PAGE-COST, SEARCH-ORDER-BY-SCORE]', () => {
  const query = { query: 'how to back up the neural program', limit: 10 };

  it('with a Platform token [SEARCH-BEARER-LIMIT]', () => {
    expect(expectBoundedByPage((w) => searchKnowledgebase(w.ctx, w.project, query), 0)).toEqual([0, 0]);
  });

  it('with the project key, counted against its hourly cap [SEARCH-KEY-LIMIT-OPTIONAL]', () => {
    const read = (w: CostWorld) => {
      countSearch(w.ctx, w.project);
      return searchKnowledgebase(w.ctx, w.project, query);
    };
    expect(expectBoundedByPage(read, 0)).toEqual([0, 0]);
  });
});
