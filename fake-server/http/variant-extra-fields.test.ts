/**
 * `extra-fields` on its own (FAKE-VARIANT): which answers get which extra field, given a finished answer on a Koa
 * context. Whole requests: fake-server/variant/shapes.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ERROR, SUCCESS } from '../../contract/index.js';
import { answerOf } from './variant-answer.test-support.js';
import { EXTRA_FIELD, extraFields } from './variant-extra-fields.js';

describe('extra-fields on its own [FAKE-VARIANT, CONV-NO-EXTRA-FIELDS]', () => {
  it('a RAG JSON object gets a top-level field; a RAG answer without an object body is left as it is', () => {
    const rag = answerOf(200, { object: 'chat.completion', choices: [{ index: 0 }] }, { dialect: 'openai' });
    extraFields(rag);
    expect(rag.ctx.body).toEqual({ object: 'chat.completion', choices: [{ index: 0 }], [EXTRA_FIELD]: 1 });
    for (const body of [undefined, 'data: [DONE]', [{ index: 0 }]]) {
      const bare = answerOf(200, body, { dialect: 'anthropic' });
      extraFields(bare);
      expect(bare.ctx.body).toEqual(body);
    }
  });

  it('off the RAG paths, only envelopes change: another JSON object keeps its fields', () => {
    const other = answerOf(200, { openapi: '3.1.0' });
    extraFields(other);
    expect(other.ctx.body).toEqual({ openapi: '3.1.0' });
    const error = answerOf(404, { type: ERROR, message: 'Route not found' });
    extraFields(error);
    expect(error.ctx.body).toEqual({ type: ERROR, message: 'Route not found', code: 'E404' });
    const success = answerOf(200, { type: SUCCESS, message: 'Done' });
    extraFields(success);
    expect(success.ctx.body).toEqual({ type: SUCCESS, message: 'Done', data: null, [EXTRA_FIELD]: 1 });
  });
});
