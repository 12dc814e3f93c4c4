/**
 * getMyProjects: defaults, order, search, paging, bounds, scope filtering, the project shape, org_base_url. Projects
 * a test needs made are provider states (`project`, `organization`).
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { type Project, paging } from '../../contract/index.js';
import { inParallel } from '../support/bounded.js';
import { expectEnvelope, expectError, expectSuccess } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import { runTag } from '../support/run-tag.js';
import { arranged, assumed } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import type { CallOptions } from '../target/target.js';

const target = useTarget();

async function list(body: Record<string, unknown> = {}, options: Omit<CallOptions, 'body'> = {}) {
  const res = await target().call('getMyProjects', { ...options, body });
  const { data, total } = expectSuccess<Project[]>(res, 'getMyProjects');
  return { data, total: total as number };
}

/** The documented default page size of getMyProjects. */
const DEFAULT_LIMIT = 100;

/**
 * Every project the token sees (`body`: search, orderBy), read in pages of the documented default size, so that no
 * larger limit the spec does not give is needed; `total` as the first page reports it. A page that brings nothing
 * new ends the walk, so a target that ignores `page` cannot loop.
 */
async function all(body: Record<string, unknown> = {}, options: Omit<CallOptions, 'body'> = {}) {
  const data: Project[] = [];
  let total = 0;
  for (let page = 1; ; page += 1) {
    const got = await list({ ...body, limit: DEFAULT_LIMIT, page }, options);
    if (page === 1) total = got.total;
    const seen = new Set(ids(data));
    const fresh = got.data.filter((p) => !seen.has(p.id));
    data.push(...fresh);
    if (got.data.length < DEFAULT_LIMIT || fresh.length === 0) return { data, total };
  }
}

/** A project of the target's organization made now (provider state `project`; its members: the owners). */
const projectNamed = (ctx: TestContext, name: string) => enterState(ctx, target(), 'project', { name });

const ids = (projects: readonly Project[]) => projects.map((p) => p.id);
const ascending = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);

describe('getMyProjects defaults', () => {
  it('accepts {} and answers total plus an array of projects [PROJECTS-ALL-OPTIONAL, PROJECTS-RESPONSE-TOTAL, CONV-SUCCESS-TOTAL-INTEGER, PROJECTS-TOTAL-ALL-PAGES]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const { data, total } = await list({});
    expect(Array.isArray(data)).toBe(true);
    expect(Number.isInteger(total)).toBe(true);
    // What `total` counts is not shown: that it counts every match, this page's included, is the fake's.
    assumed('PROJECTS-TOTAL-ALL-PAGES', () => expect(total).toBeGreaterThanOrEqual(data.length));
  });

  it('without orderBy lists projects by ascending id [PROJECTS-ORDERBY-DEFAULT-ASC]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const { data } = await list({});
    expect(ids(data)).toEqual(ascending(ids(data)));
  });

  it('without limit and page returns page 1 of at most 100 projects [PROJECTS-LIMIT-DEFAULT-100, PROJECTS-PAGE-DEFAULT-1]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const everything = await all();
    const { data, total } = await list({});
    expect(total).toBe(everything.total);
    expect(data.length).toBe(Math.min(100, everything.data.length));
    expect(ids(data)).toEqual(ids(everything.data).slice(0, 100));
    const explicit = await list({ limit: 100, page: 1 });
    expect(ids(explicit.data)).toEqual(ids(data));
  });

  it('the default page size is 100 once there are more than 100 projects [PROJECTS-LIMIT-DEFAULT-100, PROJECTS-PAGE-DEFAULT-1]', async (ctx) => {
    // A fresh organization (its owner token sees its one project), filled to 103 projects.
    const org = await enterState(ctx, target(), 'organization');
    const { organization_id } = org;
    const auth = { auth: { bearer: org.owner_token } };
    await inParallel(
      Array.from({ length: 102 }, (_, i) => i + 1),
      (i) => enterState(ctx, target(), 'project', { organization_id, name: `Default page filler ${i}` }),
    );
    const everything = await all({}, auth);
    arranged(
      ctx,
      everything.data.length > 100,
      'the organization does not list the 103 projects made for this test',
    );
    const { data, total } = await list({}, auth);
    expect(total).toBe(everything.total);
    expect(ids(data)).toEqual(ids(everything.data).slice(0, 100));
    const second = await list({ page: 2 }, auth);
    expect(ids(second.data)).toEqual(ids(everything.data).slice(100, 200));
  });
});

describe('getMyProjects orderBy', () => {
  it('DESC lists the same projects by descending id [PROJECTS-ORDERBY-VALUES]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const asc = await all({ orderBy: 'ASC' });
    const desc = await all({ orderBy: 'DESC' });
    expect(ids(asc.data)).toEqual(ascending(ids(asc.data)));
    expect(ids(desc.data)).toEqual([...ids(asc.data)].reverse());
    expect(desc.total).toBe(asc.total);
  });

  it('DESC applies before paging: page 1 holds the highest ids [PROJECTS-ORDERBY-VALUES, PAGING-SEMANTICS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const everything = await all();
    const first = await list({ orderBy: 'DESC', limit: 2, page: 1 });
    expect(ids(first.data)).toEqual([...ids(first.data)].sort((a, b) => b - a));
    assumed('PAGING-SEMANTICS', () =>
      expect(ids(first.data)).toEqual([...ids(everything.data)].reverse().slice(0, 2)),
    );
  });

  it('an orderBy outside ASC and DESC gets 400 Invalid params [PROJECTS-ORDERBY-VALUES, ERR-INVALID-PARAMS-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    for (const orderBy of ['RANDOM', 'createdAt', 'NEWEST']) {
      expectError(await target().call('getMyProjects', { body: { orderBy } }), 400, INVALID_PARAMS);
    }
  });

  it('orderBy in another case, padded, empty or of another type gets 400 Invalid params [PROJECTS-ORDERBY-VALUES, PROJECTS-INPUT-REPRESENTATIONS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    // How a server reads other representations of ASC and DESC is not shown: it may fold case or read '' as absent.
    for (const orderBy of ['asc', 'desc', ' ASC', '', 1, null]) {
      const res = await target().call('getMyProjects', { body: { orderBy } });
      expectEnvelope(res);
      assumed('PROJECTS-INPUT-REPRESENTATIONS', () => expectError(res, 400, INVALID_PARAMS));
    }
  });
});

describe('getMyProjects search', () => {
  it('keeps only projects whose name contains the text [PROJECTS-SEARCH-PARTIAL-NAME, PROJECTS-TOTAL-ALL-PAGES]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const everything = await all();
    const subject = everything.data.find((p) => p.name.length >= 4);
    arranged(ctx, subject !== undefined, 'no project with a name of 4 or more characters');
    const needle = subject.name.slice(1, Math.min(subject.name.length - 1, 8));
    const { data, total } = await all({ search: needle });
    expect(ids(data)).toContain(subject.id);
    for (const p of data) expect(p.name.toLowerCase()).toContain(needle.toLowerCase());
    // Nothing that contains the text is left out.
    const expected = everything.data.filter((p) => p.name.includes(needle)).map((p) => p.id);
    for (const id of expected) expect(ids(data)).toContain(id);
    assumed('PROJECTS-TOTAL-ALL-PAGES', () => expect(total).toBe(data.length));
  });

  it('matches case-insensitively; an empty search matches everything [PROJECTS-SEARCH-CASE-INSENSITIVE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const everything = await all();
    const subject = everything.data.find((p) => /[a-z]/i.test(p.name));
    arranged(ctx, subject !== undefined, 'no project name with letters');
    const swapped = [...subject.name.slice(0, 10)]
      .map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
      .join('');
    const { data, total } = await all({ search: swapped });
    expect(ids(data)).toContain(subject.id);
    const expected = everything.data.filter((p) => p.name.toLowerCase().includes(swapped.toLowerCase()));
    expect(ids(data)).toEqual(ids(expected));
    expect(total).toBe(expected.length);
    const empty = await all({ search: '' });
    expect(ids(empty.data)).toEqual(ids(everything.data));
    expect(empty.total).toBe(everything.total);
  });

  it('a search that matches nothing answers an empty list and total 0 [PROJECTS-SEARCH-PARTIAL-NAME, PROJECTS-TOTAL-ALL-PAGES]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const { data, total } = await list({ search: 'zz-no-project-has-this-name-7f3a9c' });
    expect(data).toEqual([]);
    assumed('PROJECTS-TOTAL-ALL-PAGES', () => expect(total).toBe(0));
  });

  it('search, paging and total combine: total counts every match, pages slice them [PROJECTS-TOTAL-ALL-PAGES, PAGING-SEMANTICS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const tag = `zebra${runTag()}`; // unique per run, so a long-lived target gives the same counts
    for (const n of [1, 2, 3, 4, 5]) await projectNamed(ctx, `Searchable ${tag} ${n}`);
    await projectNamed(ctx, `Unrelated okapi ${runTag()}`);
    const matches = await all({ search: tag });
    expect(matches.total).toBe(5);
    const page2 = await list({ search: tag.toUpperCase(), limit: 2, page: 2 });
    expect(page2.total).toBe(5);
    expect(ids(page2.data)).toEqual(ids(matches.data).slice(2, 4));
    for (const p of page2.data) expect(p.name.startsWith(`Searchable ${tag} `)).toBe(true);
  });

  it('a non-string search gets 400 Invalid params [PROJECTS-INPUT-REPRESENTATIONS, ERR-JSON-NO-COERCION]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    // Whether a number is coerced is ERR-JSON-NO-COERCION; how any other type is read, PROJECTS-INPUT-REPRESENTATIONS.
    for (const search of [1, null, true, ['a'], { name: 'a' }]) {
      const res = await target().call('getMyProjects', { body: { search } });
      expectEnvelope(res);
      const clause = typeof search === 'number' ? 'ERR-JSON-NO-COERCION' : 'PROJECTS-INPUT-REPRESENTATIONS';
      assumed(clause, () => expectError(res, 400, INVALID_PARAMS));
    }
  });
});

describe('getMyProjects paging', () => {
  it('pages slice the ordered list and every page carries the full total [PAGING-SEMANTICS, PROJECTS-TOTAL-ALL-PAGES]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const everything = await all();
    arranged(ctx, everything.total >= 2, 'needs at least 2 projects');
    const pageCount = Math.ceil(everything.total / 2);
    const seen: number[] = [];
    for (let page = 1; page <= pageCount; page += 1) {
      const { data, total } = await list({ limit: 2, page });
      expect(total).toBe(everything.total);
      expect(ids(data)).toEqual(ids(everything.data).slice((page - 1) * 2, page * 2));
      seen.push(...ids(data));
    }
    expect(seen).toEqual(ids(everything.data));
  });

  it('a page past the end answers an empty array with the same total [PAGING-PAGE-PAST-END]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const everything = await all();
    for (const page of [everything.total + 1, everything.total + 50, 1_000_000]) {
      const { data, total } = await list({ limit: 1, page });
      expect(data).toEqual([]);
      expect(total).toBe(everything.total);
    }
  });

  it(`limit 1 and limit ${paging.projects.max} are accepted [PROJECTS-LIMIT-MAX, PAGING-LIMIT-MIN-1]`, async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const one = await list({ limit: 1 });
    expect(one.data.length).toBe(Math.min(1, one.total));
    const max = await list({ limit: paging.projects.max });
    expect(max.data.length).toBe(Math.min(paging.projects.max, max.total));
    expect(max.total).toBe(one.total);
  });

  it(`limit 0, ${paging.projects.max + 1}, negatives, fractions and strings get 400 Invalid params [PROJECTS-LIMIT-MAX, PAGING-LIMIT-MIN-1, ERR-JSON-NO-COERCION, PROJECTS-INPUT-REPRESENTATIONS]`, async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    for (const limit of [0, -1, paging.projects.max + 1, 1.5, 99.9, '10', '', null, true, [10]]) {
      expectError(await target().call('getMyProjects', { body: { limit } }), 400, INVALID_PARAMS);
    }
  });

  it('page 1 is accepted; page 0, negatives, fractions and strings get 400 Invalid params [PAGING-PAGE-MIN-1, PROJECTS-PAGE-DEFAULT-1, ERR-JSON-NO-COERCION, ERR-NULL-NOT-ABSENT, PROJECTS-INPUT-REPRESENTATIONS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const first = await list({ page: 1 });
    const dflt = await list({});
    expect(ids(first.data)).toEqual(ids(dflt.data));
    // None of these refusals is documented: the spec gives no minimum page, and how other representations of an
    // integer are read is not shown.
    const readings: [unknown, string][] = [
      [0, 'PAGING-PAGE-MIN-1'],
      [-1, 'PAGING-PAGE-MIN-1'],
      ['1', 'ERR-JSON-NO-COERCION'],
      [null, 'ERR-NULL-NOT-ABSENT'],
      [1.5, 'PROJECTS-INPUT-REPRESENTATIONS'],
      ['', 'PROJECTS-INPUT-REPRESENTATIONS'],
      [false, 'PROJECTS-INPUT-REPRESENTATIONS'],
    ];
    for (const [page, clause] of readings) {
      const res = await target().call('getMyProjects', { body: { page } });
      expectEnvelope(res);
      assumed(clause, () => expectError(res, 400, INVALID_PARAMS));
    }
  });
});

describe('getMyProjects scope', () => {
  it('a `selected` token lists only its chosen projects [PROJECTS-SCOPE-FILTER, TOKEN-SCOPE-SELECTED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'selected'], projectUid: true, otherProjectUid: true });
    const { project_uid, other_project_uid } = target().config;
    const owner = await all();
    const uids = owner.data.map((p) => p.project_uid);
    const selected = await all({}, { auth: { token: 'selected' } });
    const selectedUids = selected.data.map((p) => p.project_uid);
    // Which projects getMyProjects lists is not shown: the scope filter is the fake's choice.
    assumed('PROJECTS-SCOPE-FILTER', () => {
      expect(uids).toContain(project_uid);
      expect(uids).toContain(other_project_uid);
      expect(selectedUids).toContain(project_uid);
      expect(selectedUids).not.toContain(other_project_uid);
      expect(selected.total).toBe(selected.data.length);
      expect(selected.total).toBeLessThan(owner.total);
    });
  });

  it('a project created after a `selected` token is outside its listing; an `all` token sees it [PROJECTS-SCOPE-FILTER, TOKEN-SCOPE-SELECTED, TOKEN-SCOPE-ALL-FUTURE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'selected'] });
    const created = await projectNamed(ctx, 'Created after the selected token');
    const byOwner = (await all()).data.map((p) => p.project_uid);
    const selected = await all({}, { auth: { token: 'selected' } });
    assumed('PROJECTS-SCOPE-FILTER', () => {
      expect(byOwner).toContain(created.project_uid);
      expect(selected.data.map((p) => p.project_uid)).not.toContain(created.project_uid);
    });
  });

  it("lists only projects whose members include the token's creator [PROJECTS-SCOPE-FILTER]", async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor'] });
    // Created with the default members: the organization owners only, so not the editor token's creator.
    const created = await projectNamed(ctx, 'Owners only');
    expect((await all()).data.map((p) => p.project_uid)).toContain(created.project_uid);
    const editor = await all({}, { auth: { token: 'editor' } });
    expect(editor.data.map((p) => p.project_uid)).not.toContain(created.project_uid);
    expect(editor.total).toBe(editor.data.length);
  });
});

describe('getMyProjects project shape', () => {
  it('every project has the contract shape and consistent ids [RES-PROJECT-SHAPE, RES-PROJECT-APP-ID-PURPOSE, CONV-DATETIME-ISO]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const { data } = await all(); // expectSuccess parsed every item with the contract's Project schema
    arranged(ctx, data.length > 0, 'the owner token lists no project');
    // Only the types of app_id and purpose are shown; the fake fills them from its seed.
    assumed('RES-PROJECT-APP-ID-PURPOSE', () => {
      for (const p of data) {
        expect(Number.isInteger(p.app_id), `app_id of ${p.project_uid}`).toBe(true);
        expect(typeof p.purpose, `purpose of ${p.project_uid}`).toBe('string');
      }
    });
    for (const p of data) {
      expect(p.integration_setting.project_id).toBe(p.id);
      expect(p.organization.id).toBe(p.organization_id);
      expect(p.project_uid.length).toBeGreaterThan(0);
    }
    expect(new Set(ids(data)).size).toBe(data.length);
    expect(new Set(data.map((p) => p.project_uid)).size).toBe(data.length);
  });

  it("organization.role is the token creator's role [PROJECT-ORGANIZATION-ROLE]", async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor'] });
    for (const p of (await all()).data) expect(p.organization.role).toBe('owner');
    for (const p of (await all({}, { auth: { token: 'editor' } })).data)
      expect(p.organization.role).toBe('editor');
  });

  it('the listed project_uid is what project-level operations take [PROJECT-UID-IDENTIFIES]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const { data } = await list({ limit: 5 });
    for (const p of data) {
      const res = await target().call('getProjectUsageLimit', { body: { project_uid: p.project_uid } });
      expectSuccess(res, 'getProjectUsageLimit');
    }
  });
});

describe('getMyProjects at org_base_url', () => {
  it('answers at {org_base_url} exactly as at {base_url} [ORG-BASE-URL, ORG-BASE-URL-OPERATIONS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    for (const body of [{}, { orderBy: 'DESC', limit: 2, page: 1 }, { search: 'a' }]) {
      const atBase = await list(body);
      const res = await target().call('getMyProjects', { body, base: 'org' });
      // Whether {org_base_url} serves getMyProjects is not shown (ORG-BASE-URL-OPERATIONS); where it does, it is
      // the same operation with the same answer (ORG-BASE-URL).
      assumed('ORG-BASE-URL-OPERATIONS', () => expectSuccess(res, 'getMyProjects'));
      if (res.status < 200 || res.status >= 300) continue;
      const atOrg = expectSuccess<Project[]>(res, 'getMyProjects');
      expect(atOrg.total).toBe(atBase.total);
      expect(atOrg.data).toEqual(atBase.data);
    }
  });

  it('validates at {org_base_url} too: limit 0 gets 400 Invalid params [ORG-BASE-URL-OPERATIONS, PAGING-LIMIT-MIN-1]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const res = await target().call('getMyProjects', { base: 'org', body: { limit: 0 } });
    assumed('ORG-BASE-URL-OPERATIONS', () => expectError(res, 400, INVALID_PARAMS));
  });

  it('a `selected` token is filtered the same at {org_base_url} [ORG-BASE-URL-OPERATIONS, PROJECTS-SCOPE-FILTER]', async (ctx) => {
    need(ctx, target(), { tokens: ['selected'], otherProjectUid: true });
    const atBase = await all({}, { auth: { token: 'selected' } });
    await assumed('ORG-BASE-URL-OPERATIONS', async () => {
      const atOrg = await all({}, { base: 'org', auth: { token: 'selected' } });
      assumed('PROJECTS-SCOPE-FILTER', () =>
        expect(atOrg.data.map((p) => p.project_uid)).not.toContain(target().config.other_project_uid),
      );
      expect(ids(atOrg.data)).toEqual(ids(atBase.data));
    });
  });
});
