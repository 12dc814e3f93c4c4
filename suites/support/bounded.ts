/**
 * Requests of one test that do not depend on each other go out together, at most `REQUESTS_AT_ONCE` at a time
 * (issue 34: over a network a test's time is its requests' round trips). The results keep the items' order. Only for
 * requests whose outcome cannot depend on the order they are served in (a test of a cap sends its bursts with
 * support/rate-limits.ts instead).
 */
import pLimit from 'p-limit';

export const REQUESTS_AT_ONCE = 8;

export function inParallel<T, R>(
  items: readonly T[],
  send: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const limit = pLimit(REQUESTS_AT_ONCE);
  return Promise.all(items.map((item, i) => limit(() => send(item, i))));
}
