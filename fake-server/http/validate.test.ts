/** parseWith: a body refused by its schema is `Invalid params` with at most 20 details, each naming its field. */

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../domain/errors.js';
import { parseWith } from './validate.js';

function refused(schema: z.ZodType, input: unknown): DomainError {
  try {
    parseWith(schema, input);
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('accepted');
}

describe('parseWith [ERR-INVALID-PARAMS-MESSAGE, ERR-INVALID-PARAMS-STATUS]', () => {
  it('names a nested field by its dotted path, and the body itself as (body)', () => {
    const schema = z.object({ filter: z.object({ tags: z.array(z.string()) }) });
    const nested = refused(schema, { filter: { tags: ['a', 7] } });
    expect(nested).toMatchObject({ status: 400, message: 'Invalid params' });
    expect(nested.details?.map((d) => d.path)).toEqual(['filter.tags.1']);
    expect(refused(schema, 'not an object').details?.map((d) => d.path)).toEqual(['(body)']);
  });

  it('keeps the first 20 of many failing fields', () => {
    const shape = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, z.string()]));
    const err = refused(z.object(shape), {});
    expect(err.details).toHaveLength(20);
    expect(err.details?.[0]).toMatchObject({ path: 'f0' });
  });
});
