/**
 * Credits spent by the widget conversation: each reply costs the price of the project's model, against the
 * organization balance and the project's `credits` usage limit. A reply that would need more gets 402
 * `Insufficient credits`, deducts nothing and stores nothing. What a widget reply costs is not shown
 * (SEND-MESSAGE-CREDITS): all of that is the fake's, checked softly; the usage limits it meets are documented.
 * Every test works in a fresh organization (provider state `organization`) whose balance the state `credit balance`
 * reads or sets; a reply's price is what one reply deducted, never a price list; an idle closed session is the state
 * `session idle`. So the file runs without the control API, wherever the target offers those states.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import type { ProjectUsageLimit, Session, SessionMessage } from '../../contract/index.js';
import {
  balanceOf,
  type FundedOrganization,
  fundedOrganization,
  milli,
  spentBy,
} from '../support/credit-balance.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { supportedModels } from '../support/models.js';
import { allMessages, allSessions } from '../support/pages.js';
import { assumed, continueIfAssumedHeld } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';

const target = useTarget();

const INSUFFICIENT = 'Insufficient credits';

const QUESTIONS = [
  'How do I reset my password?',
  'Which payment methods do you accept?',
  'How do I export all of my data?',
  'How do webhooks work?',
  'How does the 14-day money-back guarantee work?',
  'The invoice PDF is blank. What can I do?',
  'How do I turn on two-factor authentication?',
  'Can I connect QuickBooks or Xero?',
] as const;

/** A fresh organization whose widget the test talks to, and the test's context for its states. */
interface World extends FundedOrganization {
  ctx: TestContext;
}

async function world(ctx: TestContext): Promise<World> {
  need(ctx, target(), { writes: true });
  return { ...(await fundedOrganization(ctx, target(), 10_000)), ctx };
}

const balance = (w: World) => balanceOf(w.ctx, target(), w.organization_id);
const setCredits = (w: World, credits: number) => balanceOf(w.ctx, target(), w.organization_id, credits);

async function usage(w: World): Promise<ProjectUsageLimit['credits']> {
  const res = await target().call('getProjectUsageLimit', {
    body: { project_uid: w.project_uid },
    auth: w.owner,
  });
  return expectSuccess<ProjectUsageLimit>(res, 'getProjectUsageLimit').data.credits;
}

async function platform(w: World, operationId: string, body: Record<string, unknown>) {
  const res = await target().call(operationId, {
    body: { project_uid: w.project_uid, ...body },
    auth: w.owner,
  });
  return expectSuccess(res, operationId);
}

const setCreditsLimit = (w: World, limit: number) =>
  platform(w, 'setProjectUsageLimit', { limits: [{ limit_type: 'credits', limit }] });

async function createSession(w: World): Promise<string> {
  const res = await target().call('createSession', { body: { widget_uid: w.widget_uid }, auth: w.key });
  return expectSuccess<{ session_uid: string }>(res, 'createSession').data.session_uid;
}

const sendRaw = (w: World, session_uid: string, message: string) =>
  target().call('sendMessage', { body: { widget_uid: w.widget_uid, session_uid, message }, auth: w.key });

async function send(
  w: World,
  session_uid: string,
  message: string,
): Promise<{ message: string; session_uid?: string }> {
  return expectSuccess<{ send_by: string; message: string; session_uid?: string }>(
    await sendRaw(w, session_uid, message),
    'sendMessage',
  ).data;
}

const messagesOf = (w: World, uid: string): Promise<SessionMessage[]> =>
  allMessages(target(), Number(uid), { project_uid: w.project_uid }, { auth: w.owner });
const sessionsOf = (w: World): Promise<Session[]> =>
  allSessions(target(), { project_uid: w.project_uid }, { auth: w.owner });
const sessionOf = async (w: World, uid: string): Promise<Session | undefined> =>
  (await sessionsOf(w)).find((s) => s.session_uid === Number(uid));

/** Send `n` questions to `uid`, each expected to succeed. */
async function converse(w: World, uid: string, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) await send(w, uid, QUESTIONS[i % QUESTIONS.length]!);
}

/**
 * What one widget reply costs with the model saved now: the balance around one exchange in a session of its own.
 * That a reply costs anything is the fake's (SEND-MESSAGE-CREDITS), and so is every step built on that price: the
 * test stops, skipped with the reason, where the target does not charge for replies.
 */
async function replyPrice(w: World): Promise<number> {
  const uid = await createSession(w);
  const { spent } = await spentBy(w.ctx, target(), w.organization_id, () => send(w, uid, QUESTIONS[0]));
  assumed('SEND-MESSAGE-CREDITS', () => expect(spent, 'a widget reply costs credits').toBeGreaterThan(0));
  continueIfAssumedHeld(spent > 0, 'SEND-MESSAGE-CREDITS', 'the rest of this test');
  return spent;
}

/** A price in whole credits, as the integer credits limit counts it (USAGE-LIMIT-USAGE-COUNTS), or stop. */
function wholeCredits(price: number): number {
  continueIfAssumedHeld(
    Number.isInteger(price),
    'USAGE-LIMIT-USAGE-COUNTS',
    'a credits limit of whole replies',
  );
  return price;
}

/** Save, as the project's model, the listed model whose replies cost the most; its price. */
async function useDearestModel(w: World): Promise<number> {
  let dearest: { value: string; price: number } | undefined;
  for (const { value } of await supportedModels(target(), w.owner)) {
    await platform(w, 'updateProjectSettings', { model: value });
    const price = await replyPrice(w);
    if (!dearest || price > dearest.price) dearest = { value, price };
  }
  await platform(w, 'updateProjectSettings', { model: dearest!.value });
  assumed('SEND-MESSAGE-CREDITS', () => expect(dearest!.price, 'the dearest reply').toBeGreaterThan(1));
  return dearest!.price;
}

/**
 * The next message gets 402 and changes nothing: no message stored, no credit spent, the session as it was. That a
 * widget reply costs credits at all is the fake's choice (SEND-MESSAGE-CREDITS), so is all of this (CREDITS-EXHAUSTED).
 */
async function expectCreditRefusal(w: World, uid: string): Promise<void> {
  const messagesBefore = await messagesOf(w, uid);
  const sessionBefore = await sessionOf(w, uid);
  const balanceBefore = await balance(w);
  const usageBefore = await usage(w);
  const res = await sendRaw(w, uid, 'One more question about refunds, please.');
  const messagesAfter = await messagesOf(w, uid);
  const sessionAfter = await sessionOf(w, uid);
  const balanceAfter = await balance(w);
  const usageAfter = await usage(w);
  assumed('CREDITS-EXHAUSTED', () => {
    expectError(res, 402, INSUFFICIENT);
    expect(messagesAfter, 'no message stored').toEqual(messagesBefore);
    expect(sessionAfter, 'the session is unchanged').toEqual(sessionBefore);
    expect(balanceAfter, 'nothing deducted from the balance').toBe(balanceBefore);
    expect(usageAfter, 'nothing added to the usage').toEqual(usageBefore);
  });
}

describe('credits spent by sendMessage', () => {
  it('a balance of exactly N × the model price pays for N replies; the next gets 402 and stores nothing [CREDITS-EXHAUSTED, SEND-MESSAGE-RECORDED]', async (ctx) => {
    const w = await world(ctx);
    const price = await replyPrice(w);
    const n = 5;
    await setCredits(w, n * price);
    const uid = await createSession(w);
    await assumed('SEND-MESSAGE-CREDITS', () => converse(w, uid, n));
    const messages = await messagesOf(w, uid);
    assumed('SEND-MESSAGE-RECORDED', () => expect(messages).toHaveLength(2 * n));
    const left = await balance(w);
    assumed('SEND-MESSAGE-CREDITS', () => expect(milli(left)).toBe(0));
    await expectCreditRefusal(w, uid);
    await expectCreditRefusal(w, uid);
  });

  it('with a dearer saved model the price follows the model: one credit short of N replies pays for N - 1 [CREDITS-EXHAUSTED, SEND-MESSAGE-CREDITS]', async (ctx) => {
    const w = await world(ctx);
    const price = await useDearestModel(w);
    const n = 3;
    await setCredits(w, n * price - 1);
    const uid = await createSession(w);
    await assumed('SEND-MESSAGE-CREDITS', () => converse(w, uid, n - 1));
    const left = await balance(w);
    assumed('SEND-MESSAGE-CREDITS', () => expect(milli(left)).toBe(milli(price - 1)));
    await expectCreditRefusal(w, uid);
    const messages = await messagesOf(w, uid);
    assumed('SEND-MESSAGE-RECORDED', () => expect(messages).toHaveLength(2 * (n - 1)));
  });

  it("the project's credits usage grows by the model price with each reply, and the balance falls by as much [USAGE-LIMIT-USAGE-COUNTS, RES-USAGE-LIMIT-SHAPE]", async (ctx) => {
    const w = await world(ctx);
    const price = await useDearestModel(w);
    const uid = await createSession(w);
    const startUsage = (await usage(w)).usage;
    const startBalance = await balance(w);
    for (let i = 1; i <= 4; i += 1) {
      await send(w, uid, QUESTIONS[i]!);
      const { usage: used } = await usage(w);
      const left = await balance(w);
      assumed('USAGE-LIMIT-USAGE-COUNTS', () =>
        expect(used, `after reply ${i}`).toBe(startUsage + i * price),
      );
      assumed('SEND-MESSAGE-CREDITS', () =>
        expect(milli(left), `after reply ${i}`).toBe(milli(startBalance - i * price)),
      );
    }
  });

  it("the project's credits limit runs out the same way: usage + N × price pays for N replies, then 402 [CREDITS-EXHAUSTED, USAGE-LIMIT-USAGE-COUNTS, USAGE-LIMIT-SET-REFLECTED, USAGE-LIMIT-BOUNDS-INCLUSIVE]", async (ctx) => {
    const w = await world(ctx);
    const price = wholeCredits(await useDearestModel(w));
    const uid = await createSession(w);
    await send(w, uid, QUESTIONS[0]);
    const spent = (await usage(w)).usage;
    assumed('USAGE-LIMIT-USAGE-COUNTS', () => expect(spent).toBeGreaterThanOrEqual(price));
    const n = 4;
    await setCreditsLimit(w, spent + n * price);
    const set = await usage(w);
    expect(set.limit).toBe(spent + n * price);
    assumed('USAGE-LIMIT-USAGE-COUNTS', () => expect(set.usage).toBe(spent));
    await assumed('SEND-MESSAGE-CREDITS', () => converse(w, uid, n));
    const after = await usage(w);
    expect(after.limit).toBe(spent + n * price);
    assumed('USAGE-LIMIT-USAGE-COUNTS', () => expect(after.usage).toBe(spent + n * price));
    const left = await balance(w);
    assumed('SEND-MESSAGE-CREDITS', () =>
      expect(left, 'the organization still has credits').toBeGreaterThan(price),
    );
    await expectCreditRefusal(w, uid);
    const messages = await messagesOf(w, uid);
    assumed('SEND-MESSAGE-RECORDED', () => expect(messages).toHaveLength(2 * (n + 1)));
  });

  it('after a 402 the same session carries on once credits are back (balance topped up, then the limit removed) [CREDITS-EXHAUSTED, USAGE-LIMIT-REMOVE-FULL-ALLOCATION]', async (ctx) => {
    const w = await world(ctx);
    const price = await replyPrice(w);
    await setCredits(w, price);
    const uid = await createSession(w);
    await assumed('SEND-MESSAGE-CREDITS', () => converse(w, uid, 1));
    await expectCreditRefusal(w, uid);
    await setCredits(w, 100 * price);
    const reply = await send(w, uid, 'How do I close my workspace?');
    if (reply.session_uid !== undefined) expect(reply.session_uid).toBe(uid);
    const messages = await messagesOf(w, uid);
    assumed('SEND-MESSAGE-RECORDED', () => expect(messages).toHaveLength(4));

    await setCreditsLimit(w, (await usage(w)).usage);
    await expectCreditRefusal(w, uid);
    await platform(w, 'removeProjectUsageLimit', { limit_type: 'credits' });
    await send(w, uid, 'Where can I find the audit log?');
    const all = await messagesOf(w, uid);
    assumed('SEND-MESSAGE-RECORDED', () => expect(all).toHaveLength(6));
  });

  it('a 402 on a closed session starts no new session [CREDITS-EXHAUSTED, SESSION-CLOSED-SENDMESSAGE, SESSION-AUTO-CLOSE]', async (ctx) => {
    const w = await world(ctx);
    // A session of the organization's project closed by inactivity, back-dated (auto_close_duration the shorter).
    const idle = await enterState(ctx, target(), 'session idle', {
      organization_id: w.organization_id,
      project_uid: w.project_uid,
      until: 'closed',
      auto_close_duration: 10,
      auto_resolve_duration: 20,
    });
    const uid = String(idle.session_uid);
    expect((await sessionOf(w, uid))?.status).toBe('closed');
    await setCredits(w, 0);
    const sessionsBefore = await sessionsOf(w);
    const res = await sendRaw(w, uid, 'Hello again, are you there?');
    const sessionsAfter = await sessionsOf(w);
    assumed('CREDITS-EXHAUSTED', () => expectError(res, 402, INSUFFICIENT));
    assumed('SESSION-CLOSED-SENDMESSAGE', () =>
      expect(sessionsAfter, 'no session created, none changed').toEqual(sessionsBefore),
    );
  });

  it('the playground draws on the same project credits: once widget replies exhaust the limit, a playground call gets 402 too [CREDITS-EXHAUSTED, PLAYGROUND-CREDITS-BY-MODEL]', async (ctx) => {
    const w = await world(ctx);
    const price = wholeCredits(await replyPrice(w));
    const uid = await createSession(w);
    await setCreditsLimit(w, (await usage(w)).usage + 2 * price);
    await assumed('SEND-MESSAGE-CREDITS', () => converse(w, uid, 2));
    await expectCreditRefusal(w, uid);
    const pg = expectSuccess<{ session_uid: number }>(
      await target().call('createPlaygroundAgentSession', {
        body: { project_uid: w.project_uid },
        auth: w.owner,
      }),
      'createPlaygroundAgentSession',
    ).data;
    const res = await target().call('playgroundAgentResponse', {
      body: { project_uid: w.project_uid, session_uid: pg.session_uid, query: 'How do I reset my password?' },
      auth: w.owner,
    });
    expectError(res, 402, INSUFFICIENT);
    const { usage: used, limit } = await usage(w);
    assumed('USAGE-LIMIT-USAGE-COUNTS', () => expect(used).toBe(limit));
  });
});
