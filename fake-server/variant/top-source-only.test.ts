/**
 * `top-source-only` (FAKE-VARIANT, SET-MAX-NODES-SHOWN, SET-ADD-PAGE-LINK-SHOWN): the default agent summarises and
 * links every chunk it used; the variant retrieves as many (max_nodes) but cites and links only the top one.
 */
import { describe, expect, it } from 'vitest';
import { bothSides, newSession, type Side } from './variant.test-support.js';

/** A question that chunks of several seeded pages answer. */
const QUERY = 'refunds, password reset, two-factor authentication, invoices';
const links = (text: string) => new Set(text.match(/https?:\/\/[^\s,]+/g) ?? []);

async function configure(s: Side, settings: object): Promise<void> {
  const res = await s.platform('/api/v1/updateProjectSettings', { project_uid: s.projectUid, ...settings });
  expect(res.status).toBe(200);
}

async function playground(s: Side): Promise<string> {
  const session = await s.platform('/api/v1/createPlaygroundAgentSession', { project_uid: s.projectUid });
  const res = await s.platform('/api/v1/playgroundAgentResponse', {
    project_uid: s.projectUid,
    session_uid: session.body.data.session_uid,
    query: QUERY,
  });
  expect(res.status).toBe(200);
  return res.body.data.message as string;
}

/** A widget reply and the chunk ids its turn's retrieval log records. */
async function widget(s: Side): Promise<{ reply: string; retrieved: unknown[] }> {
  const session_uid = await newSession(s);
  const res = await s.integration('/api/v1/sendMessage', {
    widget_uid: s.widgetUid,
    session_uid,
    message: QUERY,
  });
  expect(res.status).toBe(200);
  const logs = await s.integration('/api/v1/getChatbotExecutionLogs', { limit: 10 });
  const retrieval = (logs.body.data as { data: { task: string; data: { point_ids: unknown[] } } }[]).find(
    (l) => l.data.task === 'retrieval',
  );
  return { reply: res.body.data.message as string, retrieved: retrieval!.data.data.point_ids };
}

describe('top-source-only [FAKE-VARIANT, SET-MAX-NODES-SHOWN, SET-ADD-PAGE-LINK-SHOWN]', () => {
  it('with add_page_link 1 and max_nodes 10 the default links several pages; the variant links one, its top source', async () => {
    const { plain, variant } = bothSides('top-source-only');
    for (const s of [plain, variant]) await configure(s, { add_page_link: 1, max_nodes: 10, mode: 'agent' });
    const wide = links(await playground(plain));
    const top = links(await playground(variant));
    expect(wide.size).toBeGreaterThan(1);
    expect(top.size).toBe(1);
    // The one it keeps is the top source, the first the default links.
    expect([...top]).toEqual([...wide].slice(0, 1));
  });

  it('the answer summarises only the top chunk in the variant, while retrieval still takes max_nodes chunks', async () => {
    const { plain, variant } = bothSides('top-source-only');
    for (const s of [plain, variant]) await configure(s, { add_page_link: 0, max_nodes: 5, mode: 'agent' });
    const a = await widget(plain);
    const b = await widget(variant);
    expect(b.retrieved).toEqual(a.retrieved);
    expect(b.retrieved).toHaveLength(5);
    expect(links(a.reply).size + links(b.reply).size).toBe(0);
    // The default's answer is the top chunk's summary and the second's; the variant's, the top chunk's alone.
    expect(a.reply.startsWith(b.reply)).toBe(true);
    expect(a.reply.length).toBeGreaterThan(b.reply.length);
  });

  it('add_page_link 0 links nothing and max_nodes 1 links one page on both sides', async () => {
    const { plain, variant } = bothSides('top-source-only');
    for (const s of [plain, variant]) await configure(s, { add_page_link: 1, max_nodes: 1 });
    expect(links(await playground(plain)).size).toBe(1);
    expect(links(await playground(variant)).size).toBe(1);
    for (const s of [plain, variant]) await configure(s, { add_page_link: 0, max_nodes: 5 });
    expect(links(await playground(plain)).size).toBe(0);
    expect(links(await playground(variant)).size).toBe(0);
  });
});
