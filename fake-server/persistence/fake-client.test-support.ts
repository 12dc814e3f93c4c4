/** Requests to an in-process fake (no port) for the state tests: public operations, control calls, snapshots. */
import request from 'supertest';
import type { TargetConfig } from '../../contract/index.js';
import { DEFAULT_ADMIN_SECRET, type FakeServer } from '../index.js';

export interface Answer {
  status: number;
  body: unknown;
}

export interface FakeClient {
  fake: FakeServer;
  /** The fake's target config as it is now (an import or reset changes it). */
  readonly target: TargetConfig;
  /** A Platform operation with the owner token (or `token`), JSON body. */
  platform(op: string, body?: object, token?: string): Promise<Answer>;
  /** getSessions / getSessionMessages take form bodies. */
  platformForm(op: string, body: Record<string, string>): Promise<Answer>;
  /** An Integration operation with the project key. */
  integration(op: string, body: object): Promise<Answer>;
  /** A non-streamed OpenAI-style RAG completion with the project key. */
  rag(question: string): Promise<Answer>;
  control(method: 'get' | 'post' | 'delete', path: string, body?: object): Promise<Answer>;
  /** GET /_control/state: the snapshot document. */
  exportState(): Promise<string>;
  /** PUT /_control/state with `text` as the body. */
  importState(text: string, contentType?: string): Promise<Answer>;
}

const answer = (res: request.Response): Answer => ({ status: res.status, body: res.body });

export function clientOf(fake: FakeServer): FakeClient {
  const targetNow = () => fake.targetConfig('http://127.0.0.1:4010');
  const agent = () => request(fake.app.callback());
  const secret = (r: request.Test) => r.set('x-control-secret', DEFAULT_ADMIN_SECRET);
  return {
    fake,
    get target() {
      return targetNow();
    },
    platform: async (op, body = {}, token = targetNow().tokens.owner!) =>
      answer(await agent().post(`/api/v1/${op}`).set('authorization', `Bearer ${token}`).send(body)),
    platformForm: async (op, body) =>
      answer(
        await agent()
          .post(`/api/v1/${op}`)
          .set('authorization', `Bearer ${targetNow().tokens.owner}`)
          .type('form')
          .send(body),
      ),
    integration: async (op, body) =>
      answer(await agent().post(`/api/v1/${op}`).set('api-key', targetNow().project_key!).send(body)),
    rag: async (question) =>
      answer(
        await agent()
          .post('/api/v1/openai/chat/completions')
          .set('authorization', `Bearer ${targetNow().project_key}`)
          .send({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: question }] }),
      ),
    control: async (method, path, body) => {
      const r = secret(agent()[method](`/_control${path}`));
      return answer(await (body === undefined ? r : r.send(body)));
    },
    exportState: async () => {
      const res = await secret(agent().get('/_control/state'))
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => done(null, text));
        });
      if (res.status !== 200) throw new Error(`GET /_control/state answered ${res.status}`);
      return res.body as string;
    },
    importState: async (text, contentType = 'application/json') =>
      answer(await secret(agent().put('/_control/state')).set('content-type', contentType).send(text)),
  };
}
