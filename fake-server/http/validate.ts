/** Parse input with its contract schema; a failure is `Invalid params` with the issues as details. */
import type { z } from 'zod';
import { invalidParams } from '../domain/errors.js';

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidParams(
    result.error.issues.slice(0, 20).map((issue) => ({
      path: issue.path.map(String).join('.') || '(body)',
      message: issue.message,
    })),
  );
}
