/**
 * Events are not shown by the spec: no webhook or notification channel exists. On the fake, the only side channel
 * is the invitation email outbox; everything else a client does leaves it untouched.
 */
import { describe, expect, it } from 'vitest';
import { expectError, expectSuccess } from '../support/envelope.js';
import { need, useTarget, WIDGET_ON_CLOCK } from '../support/use-target.js';
import { onProject, tokenAction, uniqueEmail } from '../support/world.js';

const target = useTarget();

const outboxSize = async (): Promise<number> => (await target().control!.get<unknown[]>('/outbox')).length;

describe('events', () => {
  it('no webhook or notification route exists under {base_url} [EVENTS-NONE, ERR-UNKNOWN-ROUTE]', async () => {
    for (const path of ['/webhooks', '/registerWebhook', '/notifications', '/events'])
      expectError(await target().raw(path, { body: {} }), 404);
  });

  it('a conversation, settings, token lifecycle and a RAG answer send nothing; an invitation sends one email [EVENTS-NONE, INVITE-OUTBOX]', async (ctx) => {
    need(ctx, target(), { ...WIDGET_ON_CLOCK, control: 'the outbox' });
    const before = await outboxSize();

    const session = expectSuccess<{ session_uid: string }>(
      await target().call('createSession', { body: { widget_uid: target().config.widget_uid } }),
      'createSession',
    ).data.session_uid;
    expectSuccess(
      await target().call('sendMessage', {
        body: {
          widget_uid: target().config.widget_uid,
          session_uid: session,
          message: 'How do I reset my password?',
        },
      }),
      'sendMessage',
    );
    expectSuccess(
      await target().call('updateProjectSettings', { body: onProject(target(), { temperature: 0.3 }) }),
      'updateProjectSettings',
    );
    const tokens = await target().control!.get<{ id: number; value: string }[]>('/tokens');
    const viewer = tokens.find((t) => t.value === target().config.tokens.viewer);
    if (viewer) await tokenAction(target().control!, viewer.id, 'deactivate');
    const rag = await target().call('openaiChatCompletions', {
      body: { model: target().config.rag_models.openai, messages: [{ role: 'user', content: 'Hello' }] },
    });
    expect(rag.status).toBe(200);
    expect(await outboxSize()).toBe(before);

    expectSuccess(
      await target().call('inviteOrganizationMember', {
        body: { email: uniqueEmail('events'), role: 'viewer' },
      }),
      'inviteOrganizationMember',
    );
    expect(await outboxSize()).toBe(before + 1);
  });
});
