/**
 * Credits spent by the widget conversation: each reply costs the price of the project's model, against the
 * organization balance and the project's `credits` usage limit. A reply that would need more gets 402
 * `Insufficient credits`, deducts nothing and stores nothing. The control API only sets the balance (and reads the
 * model prices and the saved model); everything else is observed through the public API.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectUsageLimit, Session, SessionMessage } from '../../contract/index.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { supportedModels } from '../support/models.js';
import { allMessages, allSessions } from '../support/pages.js';
import { assumed } from '../support/strength.js';
import { freshStateEachTest, useTarget, WIDGET_ON_CLOCK } from '../support/use-target.js';
import { onProject, seededOrganization } from '../support/world.js';

const target = useTarget();

const INSUFFICIENT = 'Insufficient credits';
const MINUTE = 60_000;

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

interface ModelEntry {
  value: string;
  tier: number;
  credits_per_call: number;
}

const control = () => target().control!;

async function organizationId(): Promise<number> {
  return (await seededOrganization(target())).organization_id;
}

const setCredits = async (credits: number) =>
  control().post(`/organizations/${await organizationId()}/credits`, { credits });

const balance = async () =>
  (await control().get<{ credits: number }>(`/organizations/${await organizationId()}`)).credits;

/** The price of one reply: credits_per_call of the project's saved model. */
async function replyPrice(): Promise<number> {
  const project = await control().get<{ settings: { model: string } }>(
    `/projects/${target().config.project_uid}`,
  );
  const models = await control().get<ModelEntry[]>('/models');
  const model = models.find((m) => m.value === project.settings.model);
  expect(model, `the saved model ${project.settings.model} is in GET /_control/models`).toBeDefined();
  expect(model!.credits_per_call).toBeGreaterThan(0);
  return model!.credits_per_call;
}

/** Save, as the project's model, the dearest model the plan offers through getSupportedModels. */
async function useDearestModel(): Promise<void> {
  const t = target();
  const offered = await supportedModels(t);
  const prices = new Map((await control().get<ModelEntry[]>('/models')).map((m) => [m.value, m]));
  const dearest = offered
    .filter((m) => prices.has(m.value))
    .sort((a, b) => prices.get(b.value)!.credits_per_call - prices.get(a.value)!.credits_per_call)[0];
  expect(dearest).toBeDefined();
  expectSuccess(
    await t.call('updateProjectSettings', { body: onProject(t, { model: dearest!.value }) }),
    'updateProjectSettings',
  );
  expect(await replyPrice()).toBeGreaterThan(1);
}

async function usage(): Promise<ProjectUsageLimit['credits']> {
  const t = target();
  const res = await t.call('getProjectUsageLimit', { body: onProject(t) });
  return expectSuccess<ProjectUsageLimit>(res, 'getProjectUsageLimit').data.credits;
}

async function setCreditsLimit(limit: number): Promise<void> {
  const t = target();
  expectSuccess(
    await t.call('setProjectUsageLimit', {
      body: onProject(t, { limits: [{ limit_type: 'credits', limit }] }),
    }),
    'setProjectUsageLimit',
  );
}

async function createSession(): Promise<string> {
  const t = target();
  const res = await t.call('createSession', { body: { widget_uid: t.config.widget_uid } });
  return expectSuccess<{ session_uid: string }>(res, 'createSession').data.session_uid;
}

const sendRaw = (session_uid: string, message: string) => {
  const t = target();
  return t.call('sendMessage', { body: { widget_uid: t.config.widget_uid, session_uid, message } });
};

async function send(
  session_uid: string,
  message: string,
): Promise<{ message: string; session_uid?: string }> {
  return expectSuccess<{ send_by: string; message: string; session_uid?: string }>(
    await sendRaw(session_uid, message),
    'sendMessage',
  ).data;
}

const messagesOf = (uid: string): Promise<SessionMessage[]> => allMessages(target(), Number(uid));
const sessionOf = async (uid: string): Promise<Session | undefined> =>
  (await allSessions(target())).find((s) => s.session_uid === Number(uid));

/** Send `n` questions to `uid`, each expected to succeed. */
async function converse(uid: string, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) await send(uid, QUESTIONS[i % QUESTIONS.length]!);
}

/**
 * The next message gets 402 and changes nothing: no message stored, no credit spent, the session as it was. That a
 * widget reply costs credits at all is the fake's choice (SEND-MESSAGE-CREDITS), so is all of this (CREDITS-EXHAUSTED).
 */
async function expectCreditRefusal(uid: string): Promise<void> {
  const messagesBefore = await messagesOf(uid);
  const sessionBefore = await sessionOf(uid);
  const balanceBefore = await balance();
  const usageBefore = await usage();
  const res = await sendRaw(uid, 'One more question about refunds, please.');
  const messagesAfter = await messagesOf(uid);
  const sessionAfter = await sessionOf(uid);
  const balanceAfter = await balance();
  const usageAfter = await usage();
  assumed('CREDITS-EXHAUSTED', () => {
    expectError(res, 402, INSUFFICIENT);
    expect(messagesAfter, 'no message stored').toEqual(messagesBefore);
    expect(sessionAfter, 'the session is unchanged').toEqual(sessionBefore);
    expect(balanceAfter, 'nothing deducted from the balance').toBe(balanceBefore);
    expect(usageAfter, 'nothing added to the usage').toEqual(usageBefore);
  });
}

describe('credits spent by sendMessage', () => {
  freshStateEachTest(target, WIDGET_ON_CLOCK);

  it('a balance of exactly N × the model price pays for N replies; the next gets 402 and stores nothing [CREDITS-EXHAUSTED, SEND-MESSAGE-RECORDED]', async () => {
    const price = await replyPrice();
    const n = 5;
    await setCredits(n * price);
    const uid = await createSession();
    await assumed('SEND-MESSAGE-CREDITS', () => converse(uid, n));
    const messages = await messagesOf(uid);
    assumed('SEND-MESSAGE-RECORDED', () => expect(messages).toHaveLength(2 * n));
    const left = await balance();
    assumed('SEND-MESSAGE-CREDITS', () => expect(left).toBe(0));
    await expectCreditRefusal(uid);
    await expectCreditRefusal(uid);
  });

  it('with a dearer saved model the price follows the model: one credit short of N replies pays for N - 1 [CREDITS-EXHAUSTED, PLAYGROUND-MODEL-DEFAULT-SAVED]', async () => {
    await useDearestModel();
    const price = await replyPrice();
    const n = 3;
    await setCredits(n * price - 1);
    const uid = await createSession();
    await assumed('SEND-MESSAGE-CREDITS', () => converse(uid, n - 1));
    const left = await balance();
    assumed('SEND-MESSAGE-CREDITS', () => expect(left).toBe(price - 1));
    await expectCreditRefusal(uid);
    const messages = await messagesOf(uid);
    assumed('SEND-MESSAGE-RECORDED', () => expect(messages).toHaveLength(2 * (n - 1)));
  });

  it("the project's credits usage grows by the model price with each reply, and the balance falls by as much [USAGE-LIMIT-USAGE-COUNTS, RES-USAGE-LIMIT-SHAPE]", async () => {
    await useDearestModel();
    const price = await replyPrice();
    const uid = await createSession();
    const startUsage = (await usage()).usage;
    const startBalance = await balance();
    for (let i = 1; i <= 4; i += 1) {
      await send(uid, QUESTIONS[i]!);
      const { usage: used } = await usage();
      const left = await balance();
      assumed('USAGE-LIMIT-USAGE-COUNTS', () =>
        expect(used, `after reply ${i}`).toBe(startUsage + i * price),
      );
      assumed('SEND-MESSAGE-CREDITS', () => expect(left, `after reply ${i}`).toBe(startBalance - i * price));
    }
  });

  it("the project's credits limit runs out the same way: usage + N × price pays for N replies, then 402 [CREDITS-EXHAUSTED, USAGE-LIMIT-USAGE-COUNTS, USAGE-LIMIT-SET-REFLECTED, USAGE-LIMIT-BOUNDS-INCLUSIVE]", async () => {
    await useDearestModel();
    const price = await replyPrice();
    const uid = await createSession();
    await send(uid, QUESTIONS[0]);
    const spent = (await usage()).usage;
    assumed('USAGE-LIMIT-USAGE-COUNTS', () => expect(spent).toBeGreaterThanOrEqual(price));
    const n = 4;
    await setCreditsLimit(spent + n * price);
    const set = await usage();
    expect(set.limit).toBe(spent + n * price);
    assumed('USAGE-LIMIT-USAGE-COUNTS', () => expect(set.usage).toBe(spent));
    await assumed('SEND-MESSAGE-CREDITS', () => converse(uid, n));
    const after = await usage();
    expect(after.limit).toBe(spent + n * price);
    assumed('USAGE-LIMIT-USAGE-COUNTS', () => expect(after.usage).toBe(spent + n * price));
    const left = await balance();
    assumed('SEND-MESSAGE-CREDITS', () =>
      expect(left, 'the organization still has credits').toBeGreaterThan(price),
    );
    await expectCreditRefusal(uid);
    const messages = await messagesOf(uid);
    assumed('SEND-MESSAGE-RECORDED', () => expect(messages).toHaveLength(2 * (n + 1)));
  });

  it('after a 402 the same session carries on once credits are back (balance topped up, then the limit removed) [CREDITS-EXHAUSTED, USAGE-LIMIT-REMOVE-FULL-ALLOCATION]', async () => {
    const price = await replyPrice();
    await setCredits(price);
    const uid = await createSession();
    await assumed('SEND-MESSAGE-CREDITS', () => converse(uid, 1));
    await expectCreditRefusal(uid);
    await setCredits(100 * price);
    const reply = await send(uid, 'How do I close my workspace?');
    if (reply.session_uid !== undefined) expect(reply.session_uid).toBe(uid);
    const messages = await messagesOf(uid);
    assumed('SEND-MESSAGE-RECORDED', () => expect(messages).toHaveLength(4));

    await setCreditsLimit((await usage()).usage);
    await expectCreditRefusal(uid);
    const t = target();
    expectSuccess(
      await t.call('removeProjectUsageLimit', { body: onProject(t, { limit_type: 'credits' }) }),
      'removeProjectUsageLimit',
    );
    await send(uid, 'Where can I find the audit log?');
    const all = await messagesOf(uid);
    assumed('SEND-MESSAGE-RECORDED', () => expect(all).toHaveLength(6));
  });

  it('a 402 on a closed session starts no new session [CREDITS-EXHAUSTED, SESSION-CLOSED-SENDMESSAGE]', async () => {
    const t = target();
    expectSuccess(
      await t.call('updateProjectSettings', {
        body: onProject(t, { auto_resolve_duration: 5, auto_close_duration: 10 }),
      }),
      'updateProjectSettings',
    );
    const uid = await createSession();
    await send(uid, QUESTIONS[0]);
    await control().advance({ ms: 10 * MINUTE });
    const status = (await sessionOf(uid))?.status;
    assumed('SESSION-INACTIVITY-PRECEDENCE', () => expect(status).toBe('closed'));
    await setCredits(0);
    const sessionsBefore = await allSessions(target());
    const res = await sendRaw(uid, 'Hello again, are you there?');
    const sessionsAfter = await allSessions(target());
    assumed('CREDITS-EXHAUSTED', () => expectError(res, 402, INSUFFICIENT));
    assumed('SESSION-CLOSED-SENDMESSAGE', () =>
      expect(sessionsAfter, 'no session created, none changed').toEqual(sessionsBefore),
    );
  });

  it('the playground draws on the same project credits: once widget replies exhaust the limit, a playground call gets 402 too [CREDITS-EXHAUSTED, PLAYGROUND-CREDITS-BY-MODEL]', async () => {
    const price = await replyPrice();
    const uid = await createSession();
    await setCreditsLimit((await usage()).usage + 2 * price);
    await assumed('SEND-MESSAGE-CREDITS', () => converse(uid, 2));
    await expectCreditRefusal(uid);
    const t = target();
    const pg = expectSuccess<{ session_uid: number }>(
      await t.call('createPlaygroundAgentSession', { body: onProject(t) }),
      'createPlaygroundAgentSession',
    ).data;
    const res = await t.call('playgroundAgentResponse', {
      body: onProject(t, { session_uid: pg.session_uid, query: 'How do I reset my password?' }),
    });
    expectError(res, 402, INSUFFICIENT);
    const { usage: used, limit } = await usage();
    assumed('USAGE-LIMIT-USAGE-COUNTS', () => expect(used).toBe(limit));
  });
});
