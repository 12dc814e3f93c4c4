/** Test support (imported by tests only) for the CORS tests: a fresh fake, its credentials, a page origin. */
import request from 'supertest';
import { beforeEach, expect } from 'vitest';
import { createFakeServer, DEFAULT_ADMIN_SECRET, type FakeServer, type FakeServerOptions } from '../index.js';

/** A page on a local dev server: allowed by default. */
export const PAGE = 'http://localhost:5173';
/** A page on the public web: refused by default. */
export const FOREIGN = 'https://evil.example';

/** One operation of each family, and {org_base_url}, as a browser would call them. */
export const families = [
  { family: 'Platform', path: '/api/v1/getMyProjects', headers: 'authorization,content-type' },
  { family: 'Project Integration', path: '/api/v1/createSession', headers: 'api-key,content-type' },
  { family: 'Project Integration', path: '/api/v1/sendMessage', headers: 'api-key,content-type' },
  { family: 'RAG (OpenAI)', path: '/api/v1/openai/chat/completions', headers: 'authorization,content-type' },
  { family: 'RAG (Anthropic)', path: '/api/v1/anthropic/v1/messages', headers: 'x-api-key,content-type' },
  {
    family: 'org_base_url',
    path: '/org/api/v1/getOrganizationDetail',
    headers: 'authorization,content-type',
  },
] as const;

export interface CorsFake {
  fake: FakeServer;
  key: string;
  owner: string;
  widget: string;
  projectUid: string;
}

/** A fresh fake (with `options`) before each test; the returned object holds the current one. */
export function useCorsFake(options: FakeServerOptions = {}): CorsFake {
  const current = {} as CorsFake;
  beforeEach(() => {
    current.fake = createFakeServer({ onUnexpectedError: (err) => expect.fail(String(err)), ...options });
    const config = current.fake.targetConfig('http://127.0.0.1:4010');
    current.key = config.project_key!;
    current.owner = config.tokens.owner!;
    current.widget = config.widget_uid!;
    current.projectUid = config.project_uid!;
  });
  return current;
}

/** The browser's preflight for a POST to `path` from `origin`, asking for `headers`. */
export const preflight = (fake: FakeServer, path: string, origin: string, headers = 'content-type') =>
  request(fake.app.callback())
    .options(path)
    .set('Origin', origin)
    .set('Access-Control-Request-Method', 'POST')
    .set('Access-Control-Request-Headers', headers);

export const control = (fake: FakeServer) => ({
  get: (path: string) =>
    request(fake.app.callback()).get(`/_control${path}`).set('x-control-secret', DEFAULT_ADMIN_SECRET),
  post: (path: string, body: object) =>
    request(fake.app.callback())
      .post(`/_control${path}`)
      .set('x-control-secret', DEFAULT_ADMIN_SECRET)
      .send(body),
});

/** A header list as a set of lower-case names. */
export const names = (list: string | undefined): Set<string> =>
  new Set((list ?? '').split(',').map((h) => h.trim().toLowerCase()));
