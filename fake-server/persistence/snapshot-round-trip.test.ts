/**
 * A state changed through the API, exported and imported into a fresh fake (seeded differently), answers the same
 * public and control requests identically, and goes on identically (same next ids, tokens and replies).
 */
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../index.js';
import { clientOf, type FakeClient } from './fake-client.test-support.js';
import { decodeSnapshot } from './snapshot-format.js';

const QUESTION = 'How do refunds work?';

/** Changes of every kind, through the public and the control API. */
async function changeEverything(c: FakeClient): Promise<{ token: string; sessionUid: string }> {
  const projectUid = c.target.project_uid!;
  const token = await c.control('post', '/tokens', {
    organization_id: 1,
    creator_user_id: 1,
    name: 'round-trip',
    role: 'editor',
    scope_type: 'all',
  });
  expect(token.status).toBe(200);
  const ok = async (pending: Promise<{ status: number }>) => expect((await pending).status).toBe(200);
  await ok(
    c.platform('updateProjectSettings', { project_uid: projectUid, prompt: 'Be brief.', temperature: 0.3 }),
  );
  await ok(
    c.platform('setProjectUsageLimit', {
      project_uid: projectUid,
      limits: [{ limit_type: 'credits', limit: 777 }],
    }),
  );
  const session = await c.integration('createSession', { widget_uid: c.target.widget_uid });
  const sessionUid = (session.body as { data: { session_uid: string } }).data.session_uid;
  for (const message of ['Hello', 'How do refunds work?'])
    await ok(
      c.integration('sendMessage', { widget_uid: c.target.widget_uid, session_uid: sessionUid, message }),
    );
  await ok(c.rag(QUESTION));
  await ok(c.control('post', '/organizations/1/credits', { credits: 4321 }));
  await ok(c.control('post', '/clock/advance', { hours: 2 }));
  await ok(
    c.control('post', `/projects/${projectUid}/documents`, {
      docId: 'doc-round-trip',
      title: 'Gift cards',
      url: 'https://example.com/gift-cards',
      kind: 'webpage',
      text: 'Gift cards never expire and can be used for any order.',
    }),
  );
  await ok(
    c.control('post', `/projects/${projectUid}/rag/replies`, {
      replies: [{ kind: 'text', text: 'Scripted.' }],
    }),
  );
  return { token: (token.body as { data: { value: string } }).data.value, sessionUid };
}

/** Requests whose answers must not differ between the original and the imported fake. */
async function observe(c: FakeClient, token: string, sessionUid: string): Promise<unknown[]> {
  const projectUid = c.target.project_uid!;
  const onProject = { project_uid: projectUid };
  return [
    await c.platform('getMyProjects', {}, token),
    await c.platform('getOrganizationDetail'),
    await c.platform('getProjectUsageLimit', onProject),
    await c.platformForm('getSessions', { project_uid: projectUid, limit: '100' }),
    await c.platformForm('getSessionMessages', {
      project_uid: projectUid,
      session_uid: sessionUid,
      limit: '100',
    }),
    await c.platform('searchIndexDocument', { ...onProject, query: 'gift cards expire', limit: 3 }),
    await c.control('get', '/clock'),
    await c.control('get', '/rate-limits'),
    await c.control('get', `/projects/${projectUid}`),
    await c.control('get', '/tokens'),
    await c.control('get', '/outbox'),
    await c.control('get', `/projects/${projectUid}/rag/replies`),
    // Writes after the import: the same ids, values and replies (the seeded generator's position came along).
    await c.rag(QUESTION),
    await c.rag(QUESTION),
    await c.control('post', '/tokens', {
      organization_id: 1,
      creator_user_id: 1,
      name: 'after',
      role: 'viewer',
    }),
    await c.integration('createSession', { widget_uid: c.target.widget_uid }),
    await c.platform('getStats', onProject),
  ];
}

describe('state snapshot round trip [FAKE-STATE-SNAPSHOT]', () => {
  it('an exported state imported into a fresh fake answers the same requests identically [FAKE-STATE-SNAPSHOT]', async () => {
    const original = clientOf(createFakeServer());
    const { token, sessionUid } = await changeEverything(original);
    const snapshot = await original.exportState();

    const copy = clientOf(createFakeServer({ seed: 7 }));
    expect(copy.target.tokens.owner).not.toBe(original.target.tokens.owner);
    const imported = await copy.importState(snapshot);
    expect(imported.status).toBe(200);
    expect((imported.body as { data: { tokens: unknown } }).data.tokens).toEqual(original.target.tokens);
    // The same payload back out, byte for byte (the clocks are frozen).
    expect(await copy.exportState()).toBe(snapshot);

    const before = await observe(original, token, sessionUid);
    const after = await observe(copy, token, sessionUid);
    expect(after).toEqual(before);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
  });

  it('fault rules and the journal do not travel with a snapshot; the rest of the state does [FAKE-STATE-SNAPSHOT, FAKE-STATE-FILE]', async () => {
    const original = clientOf(createFakeServer());
    await changeEverything(original);
    expect(
      (await original.control('post', '/faults', { operation: 'getStats', error: { status: 503 } })).status,
    ).toBe(200);
    const payload = decodeSnapshot(await original.exportState());
    expect(payload.state.tokens.map((t) => t.name)).toContain('round-trip');
    expect(payload.state.knowledgebases.flatMap((k) => k.documents.map((d) => d.docId))).toContain(
      'doc-round-trip',
    );
    expect(payload.state.organizations[0]?.credits).toBe(4321);
    expect(payload.limiter.tallies.length).toBeGreaterThan(0);
    expect(JSON.stringify(payload)).not.toContain('Injected');

    const copy = clientOf(createFakeServer());
    await copy.platform('getMyProjects');
    expect((await copy.importState(await original.exportState())).status).toBe(200);
    expect((await copy.control('get', '/faults')).body).toMatchObject({ data: [] });
    expect((await copy.control('get', '/journal')).body).toMatchObject({ data: [] });
    expect((await copy.platform('getStats', { project_uid: copy.target.project_uid })).status).toBe(200);
  });
});
