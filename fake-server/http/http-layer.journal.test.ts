/** The fake's request journal, through its test seam: what it records of public requests, and its control route. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../contract/control-journal.js';
import { JOURNAL_CAPACITY } from '../runtime.js';
import { app, breakResolver, fake, post, SECRET, useHttpLayerFake } from './http-layer.test-support.js';

useHttpLayerFake();

describe('the request journal [FAKE-REQUEST-JOURNAL]', () => {
  const journal = async () =>
    (await request(app()).get('/_control/journal').set('x-control-secret', SECRET)).body
      .data as JournalEntry[];

  it('records method, path, operation, status and message of public requests, not control requests', async () => {
    await post('/api/v1/getMyProjects').send({ limit: 1 });
    await request(app()).post('/api/v1/getMyProjects').send({});
    await request(app()).get('/api/v1/getMyProjects');
    await request(app()).post('/api/v1/nothingHere').send({});
    await request(app()).post('/_control/clock/advance').set('x-control-secret', SECRET).send({ hours: 1 });
    await post('/org/api/v1/getOrganizationDetail').send({});

    const entries = await journal();
    expect(entries.map(({ at: _at, ...e }) => e)).toEqual([
      {
        method: 'POST',
        path: '/api/v1/getMyProjects',
        operation: 'getMyProjects',
        status: 200,
        message: 'Projects fetched successfully',
      },
      {
        method: 'POST',
        path: '/api/v1/getMyProjects',
        operation: 'getMyProjects',
        status: 401,
        message: 'Invalid or revoked API token',
      },
      {
        method: 'GET',
        path: '/api/v1/getMyProjects',
        operation: null,
        status: 405,
        message: 'Method GET not allowed; use POST',
      },
      {
        method: 'POST',
        path: '/api/v1/nothingHere',
        operation: null,
        status: 404,
        message: 'Route not found',
      },
      {
        method: 'POST',
        path: '/org/api/v1/getOrganizationDetail',
        operation: 'getOrganizationDetail',
        status: 200,
        message: 'Organization fetched successfully',
      },
    ]);
    // Times come from the virtual clock: the last request came after the one-hour advance.
    const [first, , , , last] = entries;
    expect(Date.parse(last!.at) - Date.parse(first!.at)).toBe(3_600_000);
  });

  it("records a RAG error's native message, and no message for a request answered without a body", async () => {
    const rag = await request(app()).post('/api/v1/openai/chat/completions').send({});
    await request(app())
      .post('/_control/faults')
      .set('x-control-secret', SECRET)
      .send({ operation: 'getMyProjects', reset: true, next: 1 });
    await expect(post('/api/v1/getMyProjects').send({})).rejects.toThrow(/socket hang up|ECONNRESET/);
    const [ragEntry, resetEntry, ...rest] = await journal();
    expect(rest).toEqual([]);
    expect(rag.body.error.message).toEqual(expect.any(String));
    expect(ragEntry).toMatchObject({
      path: '/api/v1/openai/chat/completions',
      operation: 'openaiChatCompletions',
      status: rag.status,
      message: rag.body.error.message,
    });
    expect(resetEntry).toMatchObject({ method: 'POST', path: '/api/v1/getMyProjects', message: null });
  });

  it('records unexpected failures too, with their 500', async () => {
    const restore = breakResolver('getSupportedModels', () => {
      throw new Error('boom');
    });
    try {
      await post('/api/v1/getSupportedModels').send({});
    } finally {
      restore();
    }
    expect((await journal()).at(-1)).toMatchObject({ operation: 'getSupportedModels', status: 500 });
  });

  it('only the control prefix itself is excluded: /_controlled is a public path and is recorded', async () => {
    await request(app()).post('/_controlled').send({});
    expect((await journal()).map((e) => e.path)).toEqual(['/_controlled']);
  });

  it('is cleared through the control API, and keeps only the latest entries', async () => {
    await request(app()).post('/api/v1/nothingHere').send({});
    const cleared = await request(app()).delete('/_control/journal').set('x-control-secret', SECRET);
    expect(cleared.status).toBe(200);
    expect(await journal()).toEqual([]);

    for (let i = 0; i < JOURNAL_CAPACITY + 5; i += 1) {
      fake.runtime.record({
        at: '',
        method: 'POST',
        path: `/n${i}`,
        operation: null,
        status: 404,
        message: null,
      });
    }
    const entries = await journal();
    expect(entries).toHaveLength(JOURNAL_CAPACITY);
    expect(entries[0]!.path).toBe('/n5');
  });
});
