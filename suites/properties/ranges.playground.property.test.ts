/**
 * Playground ranges as properties (see ranges.test-support.ts): query length and previous messages.
 * fast-check prints the seed and the shrunk counterexample on failure.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { playground } from '../../contract/index.js';
import { textInsideArb, textTooLongArb } from '../support/arbitraries/ranges.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectSuccess } from '../support/envelope.js';
import { assumed } from '../support/strength.js';
import { type Needs, need, useTarget } from '../support/use-target.js';
import { rangeChecks } from './ranges.test-support.js';

const target = useTarget();
const { runs, rejected } = rangeChecks(target);

describe('playground ranges', () => {
  let playgroundSession: Promise<number> | undefined;
  const session = () => {
    playgroundSession ??= (async () => {
      const res = await target().call('createPlaygroundAgentSession', {
        body: { project_uid: target().config.project_uid },
      });
      return expectSuccess<{ session_uid: number }>(res, 'createPlaygroundAgentSession').data.session_uid;
    })();
    return playgroundSession;
  };
  const ask = async (extra: Record<string, unknown>) =>
    target().call('playgroundAgentResponse', {
      body: {
        project_uid: target().config.project_uid,
        session_uid: await session(),
        query: 'Hello',
        ...extra,
      },
    });
  const playgroundNeeds: Needs = { tokens: ['owner'], projectUid: true, writes: true };
  const queryRange = { min: 1, max: playground.queryMaxLength };
  /**
   * Queries that say something: a query of white space only is a string of the documented length too, but whether a
   * server takes it as empty (PLAYGROUND-QUERY-NONEMPTY) is not shown.
   */
  const queryArb = textInsideArb(queryRange).filter((q) => q.trim() !== '');
  /** A success, unless the call was refused for want of credits the run spent (inconclusive on a deployment). */
  const answered = (res: Awaited<ReturnType<typeof ask>>) => {
    stopIfCreditsSpent(target(), res, 'a playground call');
    expectSuccess(res, 'playgroundAgentResponse');
  };
  const historyItemArb = fc.record({
    role: fc.constantFrom('user' as const, 'assistant' as const),
    content: fc.string({ maxLength: 40 }),
  });

  it(`every query of 1 to ${queryRange.max} characters is accepted [PLAYGROUND-QUERY-MAX-5000]`, async (ctx) => {
    need(ctx, target(), playgroundNeeds);
    await fc.assert(
      fc.asyncProperty(queryArb, async (query) => {
        answered(await ask({ query }));
      }),
      { numRuns: Math.min(runs().numRuns, 15) },
    );
  });

  it(`every query longer than ${queryRange.max} characters gets 400 Invalid params [PLAYGROUND-QUERY-MAX-5000]`, async (ctx) => {
    need(ctx, target(), playgroundNeeds);
    await fc.assert(
      fc.asyncProperty(textTooLongArb(queryRange.max), async (query) => {
        await rejected(await ask({ query }));
      }),
      runs(),
    );
  });

  it(`previous messages: 0 to ${playground.historyMaxItems} items are accepted, more get 400 Invalid params [PLAYGROUND-HISTORY-MAX-50, PLAYGROUND-HISTORY-FIELD]`, async (ctx) => {
    need(ctx, target(), playgroundNeeds);
    const max = playground.historyMaxItems;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(0, max, max + 1), fc.integer({ min: 0, max: max * 2 })),
        historyItemArb,
        async (count, item) => {
          // The field's name (`messages`) is the fake's choice: under another name a server ignores it, so the
          // documented maximum can be seen only under the fake's name.
          const res = await ask({ messages: Array.from({ length: count }, () => item) });
          if (count <= max) {
            // Stopped outside the assumed check, which would take a stop for a failed check.
            stopIfCreditsSpent(target(), res, 'a playground call');
            assumed('PLAYGROUND-HISTORY-FIELD', () => void expectSuccess(res, 'playgroundAgentResponse'));
          } else await rejected(res, 'PLAYGROUND-HISTORY-FIELD');
        },
      ),
      { numRuns: Math.min(runs().numRuns, 15) },
    );
  });
});
