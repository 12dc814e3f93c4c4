/**
 * What a session message holds, and the order a session's messages are listed in, read through the domain
 * (listSessionMessages is getSessionMessages without the HTTP layer).
 */
import { describe, expect, it } from 'vitest';
import type { VariantAxis } from '../../contract/variant-axes.js';
import { Runtime } from '../runtime.js';
import { MINUTE_MS } from './clock.js';
import { createPlaygroundSession } from './playground.js';
import { appendMessage, listSessionMessages } from './sessions.js';
import { createSession, sendMessage } from './widget.js';

function world(variant: VariantAxis[] = []) {
  const runtime = new Runtime({ variant });
  const domain = runtime.domain;
  const project = Object.values(runtime.seeded!.projects)[0]!;
  const org = domain.state.organizations.get(project.organization_id)!;
  const widget_uid = project.integration.widget_uid;
  const { session_uid } = createSession(domain, project, widget_uid);
  const session = [...domain.state.sessions.values()].find((s) => s.session_uid === Number(session_uid))!;
  const list = (orderBy: 'ASC' | 'DESC' = 'ASC') =>
    listSessionMessages(domain, project, { session_uid: Number(session_uid), limit: 100, page: 1, orderBy })
      .items;
  return { domain, project, org, widget_uid, session_uid, session, list };
}

describe('session messages', () => {
  it('a visitor’s question and the assistant’s reply: type 1 and 2, text, no choices, no url, not streamed, from visitor and ai [RES-SESSION-MESSAGE-SHAPE, SESSION-MESSAGE-AI-SEND-BY]', () => {
    const { domain, project, org, widget_uid, session_uid, list } = world();
    const reply = sendMessage(domain, org, project, { widget_uid, session_uid, message: 'Hello?' });
    const common = { content_type: 'text', rate: '', choices: [], url: '', streaming: false };
    expect(list()).toMatchObject([
      { send_by: 'user', message: 'Hello?', type: 1, response_source: 'visitor', ...common },
      { send_by: 'assistant', message: reply.message, type: 2, response_source: 'ai', ...common },
    ]);
  });

  it('a message keeps the source and url it was written with; the playground’s are from the playground [RES-SESSION-MESSAGE-SHAPE]', () => {
    const { domain, project, session, list } = world();
    appendMessage(domain, session, 'assistant', 'See the guide.', {
      response_source: 'human',
      url: 'https://example.com/guide',
      rate: 'like',
    });
    expect(list()).toMatchObject([
      { type: 2, response_source: 'human', url: 'https://example.com/guide', rate: 'like' },
    ]);
    const playground = createPlaygroundSession(domain, project);
    const stored = domain.state.sessions.get(playground.id)!;
    const m = appendMessage(domain, stored, 'user', 'Hi', { response_source: 'playground' });
    expect([m.type, m.response_source, m.url]).toEqual([1, 'playground', '']);
  });

  it('one session’s messages come in createdAt order, also when one was written in the past [SESSION-MESSAGES-ORDER-KEY]', () => {
    const { domain, session, list } = world();
    const now = domain.clock.now();
    appendMessage(domain, session, 'user', 'now');
    appendMessage(domain, session, 'user', 'an hour ago', { at: now - 60 * MINUTE_MS });
    appendMessage(domain, session, 'user', 'a minute ago', { at: now - MINUTE_MS });
    expect(list('ASC').map((m) => m.message)).toEqual(['an hour ago', 'a minute ago', 'now']);
    expect(list('DESC').map((m) => m.message)).toEqual(['now', 'a minute ago', 'an hour ago']);
  });

  it('in variant mode, messages of one instant come by id the other way round; other instants keep createdAt order [FAKE-VARIANT, SESSION-MESSAGES-ORDER-KEY]', () => {
    const { domain, session, list } = world(['tie-orders']);
    appendMessage(domain, session, 'user', 'first');
    appendMessage(domain, session, 'assistant', 'second');
    domain.clock.advance(MINUTE_MS);
    appendMessage(domain, session, 'user', 'later');
    expect(list('ASC').map((m) => m.message)).toEqual(['second', 'first', 'later']);
    expect(list('DESC').map((m) => m.message)).toEqual(['later', 'first', 'second']);
  });
});
