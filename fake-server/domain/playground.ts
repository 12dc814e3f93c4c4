/** The playground: emulator sessions and one-off agent calls that may override settings for the call only. */
import type { PlaygroundSession } from '../../contract/index.js';
import { variantOn } from '../variant/axes.js';
import { agentTurn } from './agent-turn.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import { openNewSession } from './new-session.js';
import { appendMessage, findSessionByUid } from './sessions.js';
import type { Organization, Project } from './state.js';
import { pricedByLength } from './variant-playground-price.js';

export function createPlaygroundSession(domain: DomainContext, project: Project): PlaygroundSession {
  const session = openNewSession(domain, project, {
    segment: 'playground',
    visitor_id: 'playground',
    visitor_data: {},
    session_meta: { emulator: true },
    is_emulator: true,
  });
  return { session_uid: session.session_uid, id: session.id, project_id: project.id, is_emulator: true };
}

export interface PlaygroundCall {
  session_uid: number;
  query: string;
  agent_setting?: { model?: string; system_prompt?: string; temperature?: number; [k: string]: unknown };
  messages?: { role: 'user' | 'assistant'; content: string }[];
}

export function playgroundResponse(
  domain: DomainContext,
  org: Organization,
  project: Project,
  call: PlaygroundCall,
) {
  const session = findSessionByUid(domain, project, call.session_uid);
  if (!session?.is_emulator) throw errors.sessionNotFound();
  const turn = agentTurn(domain, org, project, {
    query: call.query,
    // Stryker disable next-line ArrayDeclaration: equivalent; agentTurn keeps only the history's user messages, which a placeholder element is not
    history: call.messages ?? [],
    ...(call.agent_setting ? { overrides: call.agent_setting } : {}),
    // The spec says by model, not per call (PLAYGROUND-PRICE-PER-CALL): the variant also prices the question's length.
    ...(variantOn(domain, 'playground-price-by-length') ? { price: pricedByLength } : {}),
  });
  appendMessage(domain, session, 'user', call.query, { response_source: 'playground' });
  appendMessage(domain, session, 'assistant', turn.text, { response_source: 'playground' });
  return {
    session_uid: session.session_uid,
    message: turn.text,
    response_time: responseTime(turn.text),
    total_credits: turn.credits,
  };
}

/** A deterministic response time in seconds, growing with the reply's length (PLAYGROUND-RESPONSE-TIME). */
export const responseTime = (text: string): number => Math.round((0.35 + text.length / 2000) * 1000) / 1000;
