/**
 * What the AI settings mean, observed through the playground: add_page_link puts source page links in answers,
 * max_nodes bounds the chunks retrieved per query, chat_history_count bounds the previous messages used as context.
 * max_nodes is watched in a fresh project whose knowledgebase holds known pages (provider state `knowledgebase
 * documents`): with add_page_link 1 an answer links only the pages of the chunks it used, so it links at most
 * max_nodes of them. The prompt and restriction are set in a fresh project (state `project`).
 * A setting shows only through what the model says, so the hard checks are what every conforming server shows
 * (add_page_link 0: no page links; max_nodes N: at most N pages linked); which answers carry links, and how many,
 * is the fake's model (SET-ADD-PAGE-LINK-SHOWN, SET-MAX-NODES-SHOWN).
 * chat_history_count stays on the control API: the public API shows nothing of what the model was given, only the
 * answer, and only a deterministic model (the fake's) answers the same question the same way with the same context,
 * so the test sees the count at work through the fake's choices alone (PLAYGROUND-HISTORY-CONTEXT).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectSuccess } from '../support/envelope.js';
import { supportDocuments } from '../support/fresh-quota.js';
import { assumed } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import { unique } from '../support/world.js';

const target = useTarget();
const LINK = /https?:\/\/[^\s,]+/g;

async function settings(patch: Record<string, unknown>, project_uid = target().config.project_uid) {
  expectSuccess(
    await target().call('updateProjectSettings', { body: { project_uid, ...patch } }),
    'updateProjectSettings',
  );
}

async function ask(
  query: string,
  messages?: { role: 'user' | 'assistant'; content: string }[],
  project_uid = target().config.project_uid,
): Promise<string> {
  const t = target();
  const session = expectSuccess<{ session_uid: number }>(
    await t.call('createPlaygroundAgentSession', { body: { project_uid } }),
    'createPlaygroundAgentSession',
  );
  const res = await t.call('playgroundAgentResponse', {
    body: {
      project_uid,
      session_uid: session.data.session_uid,
      query,
      ...(messages ? { messages } : {}),
    },
  });
  // Every answer here spends credits: a refusal for want of them says nothing of the settings (inconclusive).
  stopIfCreditsSpent(t, res, 'a playground call');
  return expectSuccess<{ message: string }>(res, 'playgroundAgentResponse').data.message;
}

const links = (text: string) => new Set(text.match(LINK) ?? []);

describe('AI settings change the answers', () => {
  beforeEach(async (ctx) => {
    need(ctx, target(), { writes: true, projectUid: true });
    if (target().control) await target().control!.reset();
  });

  it('add_page_link 1 puts source page links in the answer, 0 leaves them out [SET-ADD-PAGE-LINK-MEANING, SET-ADD-PAGE-LINK-SHOWN]', async () => {
    const query = 'How do refunds work and how long does a refund take?';
    await settings({ add_page_link: 1 });
    const linked = links(await ask(query));
    // Whether this answer rests on a webpage, and how its link is written, is the fake's model.
    assumed('SET-ADD-PAGE-LINK-SHOWN', () => expect(linked.size).toBeGreaterThan(0));
    await settings({ add_page_link: 0 });
    expect(links(await ask(query)).size).toBe(0);
  });

  it('max_nodes bounds the chunks retrieved per query: the source pages an answer links never exceed it [SET-MAX-NODES-MEANING, SET-ADD-PAGE-LINK-MEANING, SET-MAX-NODES-SHOWN]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    // Six pages on one made-up subject, each at its own address: every one of them answers the query.
    const word = unique('quillet').replace(/[^a-z0-9]/g, '');
    const aspects = ['sizes', 'colours', 'cleaning', 'storage', 'repairs', 'shipping'];
    const { project_uid } = await enterState(ctx, target(), 'knowledgebase documents', {
      documents: aspects.map((aspect) => ({
        doc_id: `${word}-${aspect}`,
        title: `${word} ${aspect}`,
        text: `Every ${word} owner asks about ${word} ${aspect}. The ${word} ${aspect} guide covers ${aspect} of a ${word} in full.`,
        url: `https://kb.example.com/${word}/${aspect}`,
        kind: 'webpage' as const,
      })),
    });
    const query = `Tell me everything about the ${word}: ${aspects.join(', ')}.`;
    await settings({ add_page_link: 1, max_nodes: 1 }, project_uid);
    const narrow = links(await ask(query, undefined, project_uid)).size;
    expect(narrow, 'max_nodes 1').toBeLessThanOrEqual(1);
    // That the answer links every page it retrieved (so exactly max_nodes here) is the fake's model.
    assumed('SET-MAX-NODES-SHOWN', () => expect(narrow, 'max_nodes 1').toBe(1));
    for (const max_nodes of [3, 10]) {
      await settings({ max_nodes }, project_uid);
      const wide = links(await ask(query, undefined, project_uid)).size;
      expect(wide, `max_nodes ${max_nodes}`).toBeLessThanOrEqual(max_nodes);
      assumed('SET-MAX-NODES-SHOWN', () => expect(wide, `max_nodes ${max_nodes}`).toBeGreaterThan(1));
    }
  });

  it('chat_history_count bounds how many previous messages feed the answer; 0 uses none [SET-CHAT-HISTORY-COUNT-MEANING, PLAYGROUND-HISTORY-CONTEXT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    // A fresh project of the target's organization trained with the support documents (state `knowledgebase
    // documents`), so the refund question of the history has pages to link.
    const { project_uid } = await enterState(ctx, target(), 'knowledgebase documents', {
      documents: supportDocuments(),
    });
    const history = [
      {
        role: 'user' as const,
        content: 'I want my money back: what is the refund policy and the money-back guarantee?',
      },
      { role: 'assistant' as const, content: 'Let me check.' },
    ];
    const vague = 'How do I turn on two-factor authentication?';
    // Seeing the count at work takes the previous-messages field (its name is not shown) and answers that the
    // context changes: how previous messages feed the answer is the fake's choice (PLAYGROUND-HISTORY-CONTEXT).
    await settings({ chat_history_count: 0, add_page_link: 1 }, project_uid);
    const alone = await ask(vague, undefined, project_uid);
    const none = await ask(vague, history, project_uid);
    assumed('PLAYGROUND-HISTORY-CONTEXT', () => expect(none).toBe(alone));
    await settings({ chat_history_count: 10 }, project_uid);
    const withHistory = await ask(vague, history, project_uid);
    const without = await ask(vague, undefined, project_uid);
    assumed('PLAYGROUND-HISTORY-CONTEXT', () => {
      expect(withHistory).not.toBe(without);
      expect([...links(withHistory)].some((l) => /refund/.test(l))).toBe(true);
    });
  });

  it('a persona named in the prompt signs the answers; a restriction refuses its topics [AGENT-PROMPT-PERSONA, AGENT-RESTRICTION-REFUSAL, SET-PROMPT-STRING, SET-RESTRICTION-STRING]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    // A fresh project of the target's organization (provider state `project`), with the default knowledgebase.
    const { project_uid } = await enterState(ctx, target(), 'project');
    await settings(
      { prompt: 'You are Ava, the Acme Ledger assistant.', restriction: 'Do not discuss competitors.' },
      project_uid,
    );
    // The settings are strings the server takes (documented); how they shape answers is the fake's choice.
    const answer = await ask('How do refunds work?', undefined, project_uid);
    assumed('AGENT-PROMPT-PERSONA', () => expect(answer.startsWith('Ava here. ')).toBe(true));
    const refused = await ask('Are you better than your competitors?', undefined, project_uid);
    assumed('AGENT-RESTRICTION-REFUSAL', () =>
      expect(refused).toBe("Ava here. I'm sorry, I can't help with that topic."),
    );
    // A restriction that names no topic (an empty one is the fake's choice to take: SET-TEXT-MAX-LENGTH).
    await settings(
      { prompt: 'You are a helpful assistant.', restriction: 'Keep answers short.' },
      project_uid,
    );
    const plain = await ask('How do refunds work?', undefined, project_uid);
    assumed('AGENT-PROMPT-PERSONA', () => expect(plain.startsWith('Ava')).toBe(false));
  });
});
