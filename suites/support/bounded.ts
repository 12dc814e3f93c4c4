/**
 * Requests of one test that do not depend on each other go out together, at most `REQUESTS_AT_ONCE` at a time
 * (issue 34: over a network a test's time is its requests' round trips). The results keep the items' order. Only for
 * requests whose outcome cannot depend on the order they are served in (a test of a cap sends its bursts with
 * support/rate-limits.ts instead).
 *
 * The first failure stops the rest: nothing more is sent, and the failure is thrown only once every request already
 * sent has its answer, so no request of the test is still in flight when the test ends (it would be reported as
 * unanswered, and counted on the next test).
 */
import pLimit from 'p-limit';

export const REQUESTS_AT_ONCE = 8;

const NOT_SENT = Symbol('not sent: an earlier request of the batch failed');

export async function inParallel<T, R>(
  items: readonly T[],
  send: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const limit = pLimit(REQUESTS_AT_ONCE);
  let failed = false;
  const settled = await Promise.allSettled(
    items.map((item, i) =>
      limit(async () => {
        if (failed) throw NOT_SENT;
        try {
          return await send(item, i);
        } catch (err) {
          failed = true;
          throw err;
        }
      }),
    ),
  );
  const failure = settled.find(
    (s): s is PromiseRejectedResult => s.status === 'rejected' && s.reason !== NOT_SENT,
  );
  if (failure) throw failure.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<R>).value);
}
