/**
 * The usage provider states (`credits exhausted`, `usage near limit`, `knowledgebase documents`), entered on the fake
 * and observed only through the public API.
 */
import { describe, expect, it } from 'vitest';
import { type StatesFake, statesFake } from './states.test-support.js';

/** A widget exchange with the key: createSession then sendMessage (an agent turn spends credits). */
async function sendOne(f: StatesFake, key: string, widget_uid: string) {
  const created = await f.call('createSession', { key }, { widget_uid });
  expect(created.status, created.text).toBe(200);
  return f.call(
    'sendMessage',
    { key },
    { widget_uid, session_uid: created.body.data.session_uid, message: 'Hello?' },
  );
}

describe('credits exhausted [FAKE-PROVIDER-STATES]', () => {
  it('scope organization (fresh): balance 0, a playground call gets 402 Insufficient credits [CREDITS-EXHAUSTED]', async () => {
    const f = statesFake();
    const world = await f.enter('credits exhausted');
    expect(world.credits.organization).toBe(0);
    const owner = { bearer: world.owner_token! };
    const playground = await f.call('createPlaygroundAgentSession', owner, {
      project_uid: world.project_uid,
    });
    expect(playground.status).toBe(200);
    const res = await f.call('playgroundAgentResponse', owner, {
      project_uid: world.project_uid,
      session_uid: playground.body.data.session_uid,
      query: 'Hello?',
    });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ type: 'RXERROR', message: 'Insufficient credits' });
  });

  it('scope project: the credits limit equals the usage, so a widget turn gets 402; the balance is untouched [CREDITS-EXHAUSTED, USAGE-LIMIT-USAGE-COUNTS]', async () => {
    const f = statesFake();
    const world = await f.enter('credits exhausted', { scope: 'project' });
    expect(world.credits.organization).toBeGreaterThan(0);
    const limits = await f.call('getProjectUsageLimit', f.owner, { project_uid: world.project_uid });
    expect(limits.body.data.credits).toEqual({ limit: 0, usage: 0 });
    expect((await sendOne(f, world.project_key, world.widget_uid)).status).toBe(402);
    // Another project of the same organization still spends.
    expect((await sendOne(f, f.target.project_key!, f.target.widget_uid!)).status).toBe(200);
  });

  it('scope organization of a given organization: teardown gives the balance back [CREDITS-EXHAUSTED]', async () => {
    const f = statesFake();
    const org = await f.enter('organization', { credits: 500 });
    const world = await f.enter('credits exhausted', {
      organization_id: org.organization_id,
      project_uid: org.project_uid,
    });
    expect((await sendOne(f, org.project_key, org.widget_uid)).status).toBe(402);
    await f.teardown('credits exhausted', world.teardown);
    expect((await sendOne(f, org.project_key, org.widget_uid)).status).toBe(200);
  });
});

describe('credit balance [FAKE-PROVIDER-STATES]', () => {
  it('reads the balance an organization state gave, then what a playground call left; changes nothing [PLAYGROUND-CREDITS-BY-MODEL]', async () => {
    const f = statesFake();
    const org = await f.enter('organization', { credits: 500 });
    const read = () => f.enter('credit balance', { organization_id: org.organization_id });
    const first = await read();
    expect(first).toEqual({ organization_id: org.organization_id, credits: 500 });
    expect(await read(), 'reading twice changes nothing').toEqual(first);
    const owner = { bearer: org.owner_token };
    const playground = await f.call('createPlaygroundAgentSession', owner, { project_uid: org.project_uid });
    const res = await f.call('playgroundAgentResponse', owner, {
      project_uid: org.project_uid,
      session_uid: playground.body.data.session_uid,
      query: 'Hello?',
    });
    expect(res.status, res.text).toBe(200);
    expect((await read()).credits).toBe(500 - res.body.data.total_credits);
  });

  it('credits sets the balance first; teardown puts the previous one back [CREDITS-EXHAUSTED]', async () => {
    const f = statesFake();
    const org = await f.enter('organization', { credits: 500 });
    const set = await f.enter('credit balance', { organization_id: org.organization_id, credits: 0.5 });
    expect(set.credits).toBe(0.5);
    const owner = { bearer: org.owner_token };
    const playground = await f.call('createPlaygroundAgentSession', owner, { project_uid: org.project_uid });
    const ask = () =>
      f.call('playgroundAgentResponse', owner, {
        project_uid: org.project_uid,
        session_uid: playground.body.data.session_uid,
        query: 'Hello?',
      });
    expect((await ask()).status).toBe(402);
    expect((await f.teardown('credit balance', set.teardown)).status).toBe(200);
    const back = await f.enter('credit balance', { organization_id: org.organization_id });
    expect(back.credits).toBe(500);
    expect(back.teardown, 'a read has nothing to undo').toBeUndefined();
    expect((await ask()).status).toBe(200);
  });

  it('an organization_id is required; an unknown one is refused without a 5xx', async () => {
    const f = statesFake();
    const missing = await f.enterRaw({ state: 'credit balance', params: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ type: 'RXERROR', message: 'Invalid params' });
    const negative = await f.enterRaw({
      state: 'credit balance',
      params: { organization_id: 1, credits: -1 },
    });
    expect(negative.status).toBe(400);
    const unknown = await f.enterRaw({ state: 'credit balance', params: { organization_id: 999_999 } });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    expect(unknown.body.type).toBe('RXERROR');
  });
});

describe('usage near limit [FAKE-PROVIDER-STATES]', () => {
  it('getProjectUsageLimit shows the usage and limits asked; a limit below usage is refused [USAGE-LIMIT-GET-SHAPE, USAGE-LIMIT-NOT-BELOW-USAGE]', async () => {
    const f = statesFake();
    const world = await f.enter('usage near limit', {
      document: { usage: 3, limit: 4 },
      webpages: { usage: 1 },
    });
    expect(world.document).toEqual({ usage: 3, limit: 4 });
    expect(world.webpages).toEqual({ usage: 1, limit: 2 });
    const limits = await f.call('getProjectUsageLimit', f.owner, { project_uid: world.project_uid });
    expect(limits.body.data).toMatchObject({
      document: { usage: 3, limit: 4 },
      webpages: { usage: 1, limit: 2 },
    });
    const below = await f.call('setProjectUsageLimit', f.owner, {
      project_uid: world.project_uid,
      limits: [{ limit_type: 'document', limit: 2 }],
    });
    expect(below.status).toBe(400);
  });

  it('in the target project: usage below what it already has is refused; teardown restores limits and documents [USAGE-LIMIT-REMOVE-FULL-ALLOCATION]', async () => {
    const f = statesFake();
    const project_uid = f.target.project_uid!;
    const before = (await f.call('getProjectUsageLimit', f.owner, { project_uid })).body.data;
    const refused = await f.enterRaw({
      state: 'usage near limit',
      params: { project_uid, document: { usage: 0 } },
    });
    expect(refused.status).toBe(400);
    const world = await f.enter('usage near limit', {
      project_uid,
      document: { usage: before.document.usage + 2 },
      webpages: { usage: before.webpages.usage },
    });
    expect(world.document).toEqual({ usage: before.document.usage + 2, limit: before.document.usage + 3 });
    await f.teardown('usage near limit', world.teardown);
    expect((await f.call('getProjectUsageLimit', f.owner, { project_uid })).body.data).toEqual(before);
  });
});

describe('knowledgebase documents [FAKE-PROVIDER-STATES]', () => {
  it('the documents are searchable at once, by key and by Bearer with node_id [SEARCH-KEY-PROJECT, SEARCH-BEARER-NODE-ID]', async () => {
    const f = statesFake();
    const world = await f.enter('knowledgebase documents', {
      documents: [
        {
          doc_id: 'doc-zorblax',
          title: 'Zorblax returns',
          text: 'A zorblax can be returned within 30 days.',
        },
        { title: 'Zorblax care', text: 'Clean the zorblax with a dry cloth.', kind: 'webpage' },
      ],
    });
    expect(world.doc_ids[0]).toBe('doc-zorblax');
    expect(world.doc_ids).toHaveLength(2);
    const byKey = await f.call(
      'searchIndexDocumentByProjectKey',
      { key: world.project_key },
      { query: 'zorblax', limit: 10 },
    );
    expect(byKey.status).toBe(200);
    expect(new Set(byKey.body.data.map((c: { doc_id: string }) => c.doc_id))).toEqual(new Set(world.doc_ids));
    const byNode = await f.call('searchIndexDocument', f.owner, {
      project_uid: world.project_uid,
      query: 'zorblax',
      limit: 10,
      node_id: world.doc_ids[1],
    });
    expect(byNode.body.data.map((c: { doc_id: string }) => c.doc_id)).toEqual([world.doc_ids[1]]);
    const limits = await f.call('getProjectUsageLimit', f.owner, { project_uid: world.project_uid });
    expect(limits.body.data).toMatchObject({ document: { usage: 1 }, webpages: { usage: 1 } });
  });

  it('in the target project: teardown removes the documents it added [FAKE-PROVIDER-STATES]', async () => {
    const f = statesFake();
    const project_uid = f.target.project_uid!;
    const search = () =>
      f.call(
        'searchIndexDocumentByProjectKey',
        { key: f.target.project_key! },
        { query: 'quuxified', limit: 10 },
      );
    const world = await f.enter('knowledgebase documents', {
      project_uid,
      documents: [{ title: 'Quux', text: 'The quuxified widget hums.' }],
    });
    expect((await search()).body.data.map((c: { doc_id: string }) => c.doc_id)).toEqual(world.doc_ids);
    await f.teardown('knowledgebase documents', world.teardown);
    expect((await search()).body.data).toEqual([]);
  });
});
