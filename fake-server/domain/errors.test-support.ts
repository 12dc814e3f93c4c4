/** Test support (imported by tests only): what a domain call that must refuse throws. */
import { DomainError } from './errors.js';

/** The DomainError that `fn` throws; anything else (another error, or no error) fails the test. */
export function failure(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a DomainError');
}

/** Status, message and param (the first detail's path, which the native OpenAI body reports) of a refusal. */
export function refusal(fn: () => unknown): { status: number; message: string; param: string | undefined } {
  const err = failure(fn);
  return { status: err.status, message: err.message, param: err.details?.[0]?.path };
}
