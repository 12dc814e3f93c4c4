/**
 * `playground-history-field` (FAKE-VARIANT): the spec does not name the previous-messages field; the variant calls it
 * `history` (the same rules as the default `messages`), and `messages` is then an unknown field, ignored.
 */
import type { DomainContext } from '../domain/context.js';
import { DomainError } from '../domain/errors.js';
import { variantOn } from '../variant/axes.js';
import { isObject } from './variant-answer.js';

const DEFAULT_FIELD = 'messages';
export const VARIANT_FIELD = 'history';

/** Parse a Platform body with `parse`; for playgroundAgentResponse under the axis, `history` is the field. */
export function parseWithHistoryField<T>(
  domain: DomainContext,
  operationId: string,
  raw: unknown,
  parse: (input: unknown) => T,
): T {
  if (
    operationId !== 'playgroundAgentResponse' ||
    !variantOn(domain, 'playground-history-field') ||
    !isObject(raw)
  )
    return parse(raw);
  const { [DEFAULT_FIELD]: _ignored, [VARIANT_FIELD]: history, ...rest } = raw;
  try {
    return parse(history === undefined ? rest : { ...rest, [DEFAULT_FIELD]: history });
  } catch (err) {
    // Details name the field the client sent.
    if (!(err instanceof DomainError) || !err.details) throw err;
    const details = err.details.map((d) => ({
      ...d,
      path:
        d.path === DEFAULT_FIELD || d.path.startsWith(`${DEFAULT_FIELD}.`)
          ? VARIANT_FIELD + d.path.slice(DEFAULT_FIELD.length)
          : d.path,
    }));
    throw new DomainError(err.status, err.message, details, err.headers, err.clauses);
  }
}
