/** Project statistics computed from the sessions, messages and knowledgebase over a date range. */
import { parseStatsDate, type StatsRecord } from '../../contract/index.js';
import type { VariantAxis } from '../../contract/variant-axes.js';
import { variantOn } from '../variant/axes.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import { knowledgebaseCounts } from './knowledgebase.js';
import { runToArray } from './ordered-set.js';
import { observeSessions, sessionMessages } from './sessions.js';
import type { Project } from './state.js';
import { type ReadInstant, readStatsDateBroadly } from './variant-iso-dates.js';

export interface StatsRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** The default reading of a stats date: the contract's formats; a date alone is YYYY-MM-DD. */
function readStatsDate(text: string): ReadInstant | null {
  const ms = parseStatsDate(text);
  return ms === null ? null : { ms, dateOnly: /^\d{4}-\d{2}-\d{2}$/.test(text) };
}

/** Parse the range; a date-only `to` covers its whole day. */
export function parseStatsRange(
  range: StatsRange,
  holder: { variant?: ReadonlySet<VariantAxis> } = {},
): { from: number; to: number } {
  // Variant mode only (FAKE-VARIANT, iso-breadth): any ISO 8601 date or date-time besides.
  const read = variantOn(holder, 'iso-breadth') ? readStatsDateBroadly : readStatsDate;
  let from = Number.NEGATIVE_INFINITY;
  let to = Number.POSITIVE_INFINITY;
  if (range.from !== undefined) {
    const at = read(range.from);
    if (at === null) throw errors.invalidFromDate();
    from = at.ms;
  }
  if (range.to !== undefined) {
    const at = read(range.to);
    if (at === null) throw errors.invalidToDate();
    to = at.dateOnly ? at.ms + 86_399_999 : at.ms;
  }
  return { from, to };
}

export function computeStats(domain: DomainContext, project: Project, range: StatsRange): StatsRecord[] {
  const { from, to } = parseStatsRange(range, domain);
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
