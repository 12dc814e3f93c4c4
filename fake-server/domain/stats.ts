/** Project statistics computed from the sessions, messages and knowledgebase over a date range. */
import { parseStatsDate, type StatsRecord } from '../../contract/index.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import { knowledgebaseCounts } from './knowledgebase.js';
import { runToArray } from './ordered-set.js';
import { observeSessions, sessionMessages } from './sessions.js';
import type { Project } from './state.js';

export interface StatsRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** Parse the range; a date-only `to` covers its whole day. */
export function parseStatsRange(range: StatsRange): { from: number; to: number } {
  let from = Number.NEGATIVE_INFINITY;
  let to = Number.POSITIVE_INFINITY;
  if (range.from !== undefined) {
    const ms = parseStatsDate(range.from);
    if (ms === null) throw errors.invalidFromDate();
    from = ms;
  }
  if (range.to !== undefined) {
    const ms = parseStatsDate(range.to);
    if (ms === null) throw errors.invalidToDate();
    to = /^\d{4}-\d{2}-\d{2}$/.test(range.to) ? ms + 86_399_999 : ms;
  }
  return { from, to };
}

export function computeStats(domain: DomainContext, project: Project, range: StatsRange): StatsRecord[] {
  const { from, to } = parseStatsRange(range);
  observeSessions(domain, project);
  // Only the sessions created in the range are read, found by binary search on created_at (FAKE-PAGE-COST).
  const sessions = runToArray(
    domain.state.sessions.listedWithin(project.id, {
      atOrAfterStart: from === Number.NEGATIVE_INFINITY ? undefined : (s) => s.created_at >= from,
      afterEnd: to === Number.POSITIVE_INFINITY ? undefined : (s) => s.created_at > to,
    }),
  );
  let totalMessages = 0;
  let queries = 0;
  let like = 0;
  let dislike = 0;
  let noFeedback = 0;
  let conversations = 0;
  for (const session of sessions) {
    const msgs = sessionMessages(domain, session);
    if (msgs.length > 0) conversations += 1;
    for (const m of msgs) {
      totalMessages += 1;
      if (m.send_by === 'assistant') {
        if (m.rate === 'like') like += 1;
        else if (m.rate === 'dislike') dislike += 1;
        else noFeedback += 1;
      } else {
        queries += 1;
      }
    }
  }
  const kb = knowledgebaseCounts(domain, project);
  return [
    {
      total_conversation: String(conversations),
      total_messages: totalMessages,
      total_documents: kb.document,
      total_links: kb.webpages,
      like,
      dislike,
      no_feedback: noFeedback,
      session_count: String(sessions.length),
      query_count: queries,
      visitor_count: new Set(sessions.map((s) => s.visitor_id)).size,
      avg_message_conversation:
        conversations === 0 ? 0 : Math.round((totalMessages / conversations) * 100) / 100,
    },
  ];
}
