/**
 * The variant's answer shapes and formats (FAKE-VARIANT): extra-fields, json-format, success-201,
 * bearer-search-shape, models-shape, session-values and sources-shape, each against the default fake's answer.
 */
import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC,
  anthropicBody,
  bothSides,
  newSession,
  OPENAI,
  openaiBody,
} from './variant.test-support.js';

/** Every object of `value`, however deep. */
function objectsOf(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(objectsOf);
  if (typeof value !== 'object' || value === null) return [];
  return [value as Record<string, unknown>, ...Object.values(value).flatMap(objectsOf)];
}

describe('extra-fields [FAKE-VARIANT]', () => {
  it('every object of a success envelope carries x_variant; the default answer has none', async () => {
    const { plain, variant } = bothSides('extra-fields');
    const a = await plain.platform('/api/v1/getOrganizationMembers');
    const b = await variant.platform('/api/v1/getOrganizationMembers');
    expect(objectsOf(a.body).some((o) => 'x_variant' in o)).toBe(false);
    const objects = objectsOf(b.body);
    expect(objects.length).toBeGreaterThan(10);
    for (const o of objects) expect(o.x_variant).toBe(1);
    const { x_variant: _x, ...bare } = b.body;
    expect(bare.type).toBe('RXSUCCESS');
    expect(bare.data.organizationMember[0].Member.name).toBe(a.body.data.organizationMember[0].Member.name);
  });

  it('a message-only success gets data: null, an error envelope a code, a RAG answer a top-level field', async () => {
    const { plain, variant } = bothSides('extra-fields');
    const update = { project_uid: plain.projectUid, name: 'Renamed' };
    expect((await plain.platform('/api/v1/updateChatbot', update)).body).toEqual({
      type: 'RXSUCCESS',
      message: 'Chatbot updated successfully',
    });
    expect((await variant.platform('/api/v1/updateChatbot', update)).body).toEqual({
      type: 'RXSUCCESS',
      message: 'Chatbot updated successfully',
      data: null,
      x_variant: 1,
    });
    expect((await variant.platform('/api/v1/getStats', { project_uid: 'nope' })).body).toEqual({
      type: 'RXERROR',
      message: 'Project not found',
      code: 'E404',
    });
    const rag = await variant.rag(OPENAI, openaiBody());
    expect(rag.body.x_variant).toBe(1);
    expect(rag.body.choices[0].x_variant).toBeUndefined();
    expect((await plain.rag(OPENAI, openaiBody())).body.x_variant).toBeUndefined();
  });

  it('never changes the store: the same read twice answers the same, and the default fake reads the same data', async () => {
    const { variant } = bothSides('extra-fields');
    const first = await variant.form('/api/v1/getSessions', { project_uid: variant.projectUid });
    const second = await variant.form('/api/v1/getSessions', { project_uid: variant.projectUid });
    expect(second.body).toEqual(first.body);
    expect(first.body.data[0].visitor_data).toEqual({ visitor_id: expect.any(String), x_variant: 1 });
  });
});

describe('json-format [FAKE-VARIANT, CONV-RESPONSE-JSON]', () => {
  it('pretty-prints with 2 spaces and members in reverse order; the default is compact in its own order', async () => {
    const { plain, variant } = bothSides('json-format');
    const a = await plain.platform('/api/v1/getSupportedModels');
    const b = await variant.platform('/api/v1/getSupportedModels');
    expect(a.text.startsWith('{"type":"RXSUCCESS","message"')).toBe(true);
    expect(b.text.startsWith('{\n  "data": [\n    {\n      "credits_per_call"')).toBe(true);
    expect(b.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(b.text)).toEqual(JSON.parse(a.text));
    const error = await variant.platform('/api/v1/nowhere');
    expect(error.text).toBe('{\n  "message": "Route not found",\n  "type": "RXERROR"\n}');
  });

  it('RAG answers too; the control API and its journal are untouched', async () => {
    const { variant } = bothSides('json-format');
    const rag = await variant.rag(OPENAI, openaiBody());
    expect(rag.text.startsWith('{\n  "sources": [')).toBe(true);
    const journal = await variant.control('get', '/journal');
    expect(journal.text.startsWith('{"type":"RXSUCCESS"')).toBe(true);
    expect(journal.body.data.at(-1)).toMatchObject({ operation: 'openaiChatCompletions', status: 200 });
    const error = await variant.platform('/api/v1/nowhere');
    expect(error.status).toBe(404);
    const entries = (await variant.control('get', '/journal')).body.data;
    expect(entries.at(-1)).toMatchObject({ status: 404, message: 'Route not found' });
  });
});

describe('success-201 [FAKE-VARIANT, CONV-SUCCESS-200]', () => {
  it('createSession, inviteOrganizationMember and createPlaygroundAgentSession answer 201 (200 by default); reads stay 200', async () => {
    const { plain, variant } = bothSides('success-201');
    for (const [s, status] of [
      [plain, 200],
      [variant, 201],
    ] as const) {
      const session = await s.integration('/api/v1/createSession', { widget_uid: s.widgetUid });
      const invite = await s.platform('/api/v1/inviteOrganizationMember', {
        email: 'x@example.com',
        role: 'viewer',
      });
      const playground = await s.platform('/api/v1/createPlaygroundAgentSession', {
        project_uid: s.projectUid,
      });
      expect([session.status, invite.status, playground.status]).toEqual([status, status, status]);
      expect(session.body.type).toBe('RXSUCCESS');
      expect((await s.platform('/api/v1/getMyProjects')).status).toBe(200);
    }
  });
});

describe('bearer-search-shape [FAKE-VARIANT, SEARCH-BEARER-ITEM-SHAPE]', () => {
  it('Bearer search items are { node_id, text, score, metadata: { doc_id } }; the project-key search keeps its shape', async () => {
    const { plain, variant } = bothSides('bearer-search-shape');
    const query = { project_uid: plain.projectUid, query: 'refund', limit: 3 };
    const a = await plain.platform('/api/v1/searchIndexDocument', query);
    const b = await variant.platform('/api/v1/searchIndexDocument', query);
    expect(a.body.data.length).toBeGreaterThan(0);
    expect(b.body.data).toEqual(
      a.body.data.map((c: Record<string, unknown>) => ({
        node_id: c.point_id,
        text: c.content,
        score: c.score,
        metadata: { doc_id: c.doc_id },
      })),
    );
    const byKey = await variant.integration('/api/v1/searchIndexDocument', { query: 'refund', limit: 3 });
    expect(Object.keys(byKey.body.data[0])).toEqual(['point_id', 'doc_id', 'score', 'content']);
  });

  it('a search restricted by node_id scores within the candidates left: the same chunks, the best at 1', async () => {
    const { plain, variant } = bothSides('bearer-search-shape');
    const node_id = (
      await plain.platform('/api/v1/searchIndexDocument', {
        project_uid: plain.projectUid,
        query: 'refund',
        limit: 1,
      })
    ).body.data[0].doc_id;
    const query = { project_uid: plain.projectUid, query: 'refund invoice', limit: 5, node_id };
    const a = await plain.platform('/api/v1/searchIndexDocument', query);
    const b = await variant.platform('/api/v1/searchIndexDocument', query);
    expect(a.body.data.length).toBeGreaterThan(1);
    expect(b.body.data.map((c: { node_id: string }) => c.node_id)).toEqual(
      a.body.data.map((c: { point_id: string }) => c.point_id),
    );
    expect(b.body.data[0].score).toBe(1);
    expect(b.body.data[1].score).toBe(
      Math.round((a.body.data[1].score / a.body.data[0].score) * 10_000) / 10_000,
    );
    expect(b.body.data[1].score).not.toBe(a.body.data[1].score);
  });
});

describe('models-shape [FAKE-VARIANT, MODELS-RESPONSE-SHAPE]', () => {
  it('data is { models: [{ value, tier, label, provider, context_window }] } instead of a bare array', async () => {
    const { plain, variant } = bothSides('models-shape');
    const a = await plain.platform('/api/v1/getSupportedModels');
    const b = await variant.platform('/api/v1/getSupportedModels');
    expect(Array.isArray(a.body.data)).toBe(true);
    expect(Object.keys(b.body.data)).toEqual(['models']);
    expect(b.body.data.models.map((m: { value: string; tier: number }) => [m.value, m.tier])).toEqual(
      a.body.data.map((m: { value: string; tier: number }) => [m.value, m.tier]),
    );
    expect(b.body.data.models[0]).toEqual({
      value: a.body.data[0].value,
      tier: a.body.data[0].tier,
      label: a.body.data[0].name,
      provider: a.body.data[0].provider,
      context_window: expect.any(Number),
    });
  });
});

describe('session-values [FAKE-VARIANT, SESSION-RESOLVED-STATUS-VALUE, SESSION-STATE-OTHER, RES-SESSION-OPEN-VALUES, MODEL-SESSIONS]', () => {
  it('getSessions: state active after a message, chat_mode bot, segment website, status solved once resolved; createSession still pending/open', async () => {
    const { plain, variant } = bothSides('session-values');
    const listed = [];
    for (const s of [plain, variant]) {
      const created = await s.integration('/api/v1/createSession', { widget_uid: s.widgetUid });
      expect(created.body.data).toMatchObject({ state: 'pending', status: 'open' });
      const uid = created.body.data.session_uid;
      await s.integration('/api/v1/sendMessage', {
        widget_uid: s.widgetUid,
        session_uid: uid,
        message: 'Hello',
      });
      const quiet = await s.integration('/api/v1/createSession', { widget_uid: s.widgetUid });
      await s.control('post', '/clock/advance', { minutes: 61 });
      const page = await s.form('/api/v1/getSessions', {
        project_uid: s.projectUid,
        orderBy: 'DESC',
        limit: 2,
      });
      const byUid = (u: string) =>
        page.body.data.find((x: { session_uid: number }) => String(x.session_uid) === u);
      listed.push([byUid(uid), byUid(quiet.body.data.session_uid)]);
    }
    const pick = (x: Record<string, unknown>) => [x.status, x.state, x.chat_mode, x.segment];
    expect(listed[0]!.map(pick)).toEqual([
      ['resolved', 'pending', 'ai', 'widget'],
      ['resolved', 'pending', 'ai', 'widget'],
    ]);
    expect(listed[1]!.map(pick)).toEqual([
      ['solved', 'active', 'bot', 'website'],
      ['solved', 'pending', 'bot', 'website'],
    ]);
  });
});

describe('sources-shape [FAKE-VARIANT, RAG-SOURCES-ITEM-SHAPE]', () => {
  it('RAG sources items are { id, document_id, text, relevance } on both endpoints', async () => {
    const { plain, variant } = bothSides('sources-shape');
    for (const [path, body] of [
      [OPENAI, openaiBody()],
      [ANTHROPIC, anthropicBody()],
    ] as const) {
      const a = await plain.rag(path, body);
      const b = await variant.rag(path, body);
      expect(a.body.sources.length).toBeGreaterThan(0);
      expect(b.body.sources).toEqual(
        a.body.sources.map((c: Record<string, unknown>) => ({
          id: c.point_id,
          document_id: c.doc_id,
          text: c.content,
          relevance: c.score,
        })),
      );
    }
  });
});

describe('newSession works in every mode [FAKE-VARIANT]', () => {
  it('creates a session under success-201', async () => {
    const { variant } = bothSides('success-201');
    expect(await newSession(variant)).toMatch(/^\d+$/);
  });
});
