/** Paging and ordering: defaults and bounds of the listing operations. */
import { editForm } from '../bodies.js';
import type { BreakingRule } from '../rule.js';
import { clampedLimit, NOT_REFUSED, withDefaultOrder } from './bends.js';
import { isOperation } from './match.js';

export const pagingRules: BreakingRule[] = [
  {
    id: 'projects-default-desc',
    name: 'getMyProjects without orderBy lists the newest project first (default DESC, not ASC)',
    clause: 'PROJECTS-ORDERBY-DEFAULT-ASC',
    section: 'paging and ordering',
    caughtBy: 'suites/platform/projects.test.ts',
    start: () => ({
      request: (req) => (isOperation(req, '/getMyProjects') ? withDefaultOrder(req, 'DESC') : req),
    }),
  },
  {
    id: 'members-limit-1001',
    name: 'getOrganizationMembers takes a limit above 1000 and answers 1000 members (clamped, not refused)',
    clause: 'MEMBERS-LIMIT-MAX-1000',
    alsoRed: [NOT_REFUSED],
    section: 'paging and ordering',
    caughtBy: 'suites/platform/organization.test.ts',
    start: () => ({
      request: (req) => (isOperation(req, '/getOrganizationMembers') ? clampedLimit(req, 1000) : req),
    }),
  },
  {
    id: 'sessions-page-zero',
    name: 'getSessions reads page 0 or a negative page as page 1 instead of refusing it',
    clause: 'SESSIONS-PAGE-MIN-1',
    alsoRed: [NOT_REFUSED],
    section: 'paging and ordering',
    caughtBy: 'suites/platform/sessions.test.ts',
    start: () => ({
      request: (req) =>
        isOperation(req, '/getSessions')
          ? editForm(req, (form) => {
              const page = form.get('page');
              if (page !== null && /^-?\d+$/.test(page) && Number(page) < 1) form.set('page', '1');
            })
          : req,
    }),
  },
];
