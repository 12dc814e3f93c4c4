/** The drift run asks the fake in memory; a stream the fake resets must come back as `reset`, never hang the run. */
import { describe, expect, it } from 'vitest';
import { createFakeServer, DEFAULT_ADMIN_SECRET } from '../fake-server/index.js';
import { askFake } from './fake-dispatch.js';

const json = { 'content-type': 'application/json' };

describe('asking the fake in memory [DRIFT-COMPARE-SHAPES]', () => {
  it('returns a whole answer, and a stream cut by a reset as what came before it, marked reset', async () => {
    const fake = createFakeServer({ onUnexpectedError: () => {} });
    const t = fake.targetConfig('http://127.0.0.1:4010');
    const body = (v: unknown) => Buffer.from(JSON.stringify(v));
    const queued = await askFake(fake, {
      method: 'POST',
      path: `/_control/projects/${t.project_uid}/rag/replies`,
      headers: { ...json, 'x-control-secret': DEFAULT_ADMIN_SECRET },
      body: body({
        replies: [
          { kind: 'text', text: 'A long answer that breaks', cut: { after_events: 2, mode: 'reset' } },
        ],
      }),
    });
    expect([queued.status, queued.ended]).toEqual([200, 'complete']);
    const ask = { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Hi' }] };
    const cut = await askFake(fake, {
      method: 'POST',
      path: '/api/v1/openai/chat/completions',
      headers: { ...json, authorization: `Bearer ${t.project_key}` },
      body: body(ask),
    });
    expect(cut.ended).toBe('reset');
    expect(cut.body.match(/^data: /gm)).toHaveLength(2);
    const whole = await askFake(fake, {
      method: 'POST',
      path: '/api/v1/openai/chat/completions',
      headers: { ...json, authorization: `Bearer ${t.project_key}` },
      body: body(ask),
    });
    expect(whole.ended).toBe('complete');
    expect(whole.body).toContain('data: [DONE]');
  });
});
