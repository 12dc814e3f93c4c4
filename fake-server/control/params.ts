/** A control route's numeric path parameter (`:id`, `:userId`): an integer, else 400 in the envelope. */
import { errors } from '../domain/errors.js';

export const intParam = (value: string | undefined): number => {
  const n = Number(value);
  if (!Number.isInteger(n)) throw errors.idNotInteger();
  return n;
};
