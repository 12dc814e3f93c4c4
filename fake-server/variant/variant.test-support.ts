/**
 * Test support (imported by tests only) for the variant mode (FAKE-VARIANT): the same request against the default
 * fake and against a fake with some axes on, through the test seam (supertest over `app.callback()`).
 */
import request from 'supertest';
import type { VariantAxis } from '../../contract/variant-axes.js';
import { createFakeServer, DEFAULT_ADMIN_SECRET, type FakeServer } from '../index.js';

export interface Side {
  fake: FakeServer;
  /** The seeded tokens by key (owner, editor, viewer, billing, trainer, operator, selected, fine_grained). */
  tokens: Record<string, string>;
  key: string;
  projectUid: string;
  widgetUid: string;
  /** A project of the organization whose members do not include the editor (the `hr` project). */
  hrProjectUid: string;
  /** POST `path` with a Platform token (Bearer) and a JSON body. */
  platform(path: string, body?: object, token?: string): request.Test;
  /** POST `path` with the project key in `api-key` and a JSON body. */
  integration(path: string, body?: object): request.Test;
  /** POST a RAG path with the project key as Bearer. */
  rag(path: string, body: object): request.Test;
  control(method: 'get' | 'post', path: string, body?: object): request.Test;
  /** A form-encoded Platform call (getSessions, getSessionMessages). */
  form(path: string, fields: Record<string, string | number>, token?: string): request.Test;
}

export function side(variant?: readonly VariantAxis[]): Side {
  const fake = createFakeServer(variant ? { variant } : {});
  const config = fake.targetConfig('http://127.0.0.1:4010');
  const app = fake.app.callback();
  const seeded = fake.runtime.seeded!;
  const tokens = seeded.tokens;
  const owner = tokens.owner!;
  return {
    fake,
    tokens,
    key: config.project_key!,
    projectUid: config.project_uid!,
    widgetUid: config.widget_uid!,
    hrProjectUid: seeded.projects.hr!.project_uid,
    platform: (path, body = {}, token = owner) =>
      request(app).post(path).set('authorization', `Bearer ${token}`).send(body),
    integration: (path, body = {}) => request(app).post(path).set('api-key', config.project_key!).send(body),
    rag: (path, body) =>
      request(app).post(path).set('authorization', `Bearer ${config.project_key}`).send(body),
    control: (method, path, body) => {
      const req = request(app)[method](`/_control${path}`).set('x-control-secret', DEFAULT_ADMIN_SECRET);
      return body ? req.send(body) : req;
    },
    form: (path, fields, token = owner) =>
      request(app)
        .post(path)
        .set('authorization', `Bearer ${token}`)
        .type('form')
        .send(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]))),
  };
}

/** The default fake and a fake with `axes` on, seeded alike. */
export const bothSides = (...axes: VariantAxis[]) => ({ plain: side(), variant: side(axes) });

export const OPENAI = '/api/v1/openai/chat/completions';
export const ANTHROPIC = '/api/v1/anthropic/v1/messages';
export const kbTool = { type: 'service:knowledgebase', parameters: { limit: 2 } };
export const openaiBody = (extra: object = {}) => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'How do I turn on two-factor authentication?' }],
  tools: [kbTool],
  ...extra,
});
export const anthropicBody = (extra: object = {}) => ({
  model: 'claude-3-5-haiku-latest',
  max_tokens: 256,
  messages: [{ role: 'user', content: 'How do I turn on two-factor authentication?' }],
  tools: [kbTool],
  ...extra,
});

/** A new widget session of the main project, and its session_uid. */
export async function newSession(s: Side): Promise<string> {
  const res = await s.integration('/api/v1/createSession', { widget_uid: s.widgetUid });
  if (res.status >= 300) throw new Error(`createSession answered ${res.status}`);
  return res.body.data.session_uid as string;
}
