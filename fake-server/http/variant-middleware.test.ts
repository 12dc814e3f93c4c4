/**
 * The variant mode's middlewares on their own (FAKE-VARIANT): when a runtime has a variant at all, what they leave
 * to a response written outside Koa or to a runtime without axes, and the shape of a refusal on a RAG path.
 * Which requests they touch, through the whole fake: fake-server/variant/scope.test.ts.
 */
import Koa, { type Context } from 'koa';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ERROR } from '../../contract/index.js';
import type { VariantAxis } from '../../contract/variant-axes.js';
import { createFakeServer } from '../index.js';
import { Runtime } from '../runtime.js';
import { axesOf, variantAnswers, variantFormat } from './variant-middleware.js';

/** A runtime with `variant` and no seed (none of these tests reads the store). */
const bare = (variant?: VariantAxis[]) => new Runtime({ fixtures: 'empty', ...(variant ? { variant } : {}) });
const mounts = { basePath: '/api/v1', orgBasePath: '/org/api/v1', controlPrefix: '/_control' };

/** A Koa app: a recorder of the final status, `middleware`, then `answer`. */
function appWith(middleware: Koa.Middleware, answer: (ctx: Context) => void) {
  const statuses: number[] = [];
  const koa = new Koa();
  koa.silent = true;
  koa.use(async (ctx, next) => {
    await next();
    statuses.push(ctx.status);
  });
  koa.use(middleware);
  koa.use(answer);
  return { app: request(koa.callback()), statuses };
}

describe('the variant middlewares on their own [FAKE-VARIANT]', () => {
  it('axesOf: a runtime’s axes, or null without any (so the default fake installs neither middleware)', () => {
    expect(axesOf(bare())).toBeNull();
    expect([...(axesOf(bare(['json-format'])) ?? [])]).toEqual(['json-format']);
    const emptied = bare(['json-format']);
    emptied.domain.variant = new Set();
    expect(axesOf(emptied)).toBeNull();
  });

  it('variantAnswers rewrites a finished answer, but not one whose connection was dropped (the journal keeps its status)', async () => {
    const runtime = bare(['other-error-statuses']);
    for (const drop of [false, true]) {
      const { app, statuses } = appWith(variantAnswers(runtime, mounts), (ctx) => {
        ctx.body = { type: ERROR, message: 'Project not found' };
        ctx.status = 404;
        if (drop) {
          ctx.respond = false;
          ctx.res.destroy();
        }
      });
      await app.post('/api/v1/getStats').then(
        () => undefined,
        () => undefined,
      );
      expect(statuses).toEqual([drop ? 404 : 400]);
    }
  });

  it('variantFormat over a runtime without axes leaves the JSON text alone', async () => {
    const { app } = appWith(variantFormat(bare(), mounts.controlPrefix), (ctx) => {
      ctx.body = { a: 1, b: 2 };
    });
    const res = await app.post('/api/v1/getMyProjects');
    expect([res.status, res.text]).toEqual([200, '{"a":1,"b":2}']);
  });

  it('a refusal on a RAG path answers in that dialect’s native shape [ORG-BASE-URL-OPERATIONS, RAG-ERROR-SHAPE]', async () => {
    // Only a mount of {org_base_url} under a RAG prefix puts a variant refusal on a RAG path.
    const fake = createFakeServer({ variant: ['org-base-url'], orgBasePath: '/api/v1/openai/org' });
    const res = await request(fake.app.callback()).post('/api/v1/openai/org/getMyProjects').send({});
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ message: 'Route not found', type: expect.any(String) });
  });
});
