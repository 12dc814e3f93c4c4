/**
 * Bulk seeding for scale runs (the benchmark): `POST {control}/projects/:uid/bulk-seed` fills a project with past
 * conversations (sessions spread over the last `days`, each with alternating visitor and assistant messages a minute
 * apart and a `reply` execution log per assistant message) and knowledgebase documents totalling about `chunks`
 * chunks. Records go straight into the store through the domain functions, with their past timestamps; session
 * statuses follow the lifecycle rule from each session's last activity. Deterministic: the texts come from pools drawn
 * once from the runtime's seeded faker and are picked by index, so the same seed and calls give the same data.
 */
import type Router from '@koa/router';
import { BulkSeedBody, type BulkSeedResult } from '../../contract/control/index.js';
import { DAY_MS, MINUTE_MS } from '../domain/clock.js';
import type { DomainContext } from '../domain/context.js';
import { logReply } from '../domain/execution-logs.js';
import { addDocument, indexFor } from '../domain/knowledgebase.js';
import { nextSessionUid } from '../domain/new-session.js';
import { projectOfUid } from '../domain/projects.js';
import { statusAfterIdle } from '../domain/session-lifecycle.js';
import { appendMessage } from '../domain/sessions.js';
import type { Project, Session } from '../domain/state.js';
import { readBody } from '../http/body.js';
import { sendSuccess } from '../http/envelope.js';
import { parseWith } from '../http/validate.js';
import type { Runtime } from '../runtime.js';

const POOL = 256;
const PARAGRAPHS_PER_DOCUMENT = 20;
/** Paragraph length: inside the chunker's 500..800 characters, so one paragraph is one chunk. */
const PARAGRAPH_CHARS = 560;

interface Pools {
  questions: string[];
  answers: string[];
  sentences: string[];
  countries: string[];
}

function drawPools(domain: DomainContext): Pools {
  const f = domain.ids.faker;
  const draw = (make: () => string) => Array.from({ length: POOL }, make);
  return {
    questions: draw(() => `How do I ${f.hacker.verb()} the ${f.hacker.adjective()} ${f.hacker.noun()}?`),
    answers: draw(() => `${f.hacker.phrase()} ${f.company.catchPhrase()}.`),
    sentences: draw(() => `${f.commerce.productDescription()} ${f.hacker.phrase()}`),
    countries: draw(() => f.location.countryCode()),
  };
}

/** The i-th pick of a pool: a fixed stride walks every item before repeating. */
const pick = <T>(pool: readonly T[], i: number): T => pool[(i * 97 + 13) % pool.length]!;

function seedSessions(domain: DomainContext, project: Project, body: BulkSeedBody, pools: Pools) {
  const now = domain.clock.now();
  const span = body.days * DAY_MS;
  const step = body.sessions > 0 ? span / body.sessions : 0;
  let messages = 0;
  let logs = 0;
  for (let i = 0; i < body.sessions; i++) {
    const at = Math.floor(now - span + i * step);
    const lastAt = at + Math.max(0, body.messages_per_session - 1) * MINUTE_MS;
    const visitor = `bulk${i.toString(36)}`;
    const session: Session = {
      id: domain.ids.next('session'),
      session_uid: nextSessionUid(domain),
      project_id: project.id,
      integration_id: project.integration.id,
      // Where the lifecycle would have taken it by now (from its last activity).
      status: statusAfterIdle('open', now - lastAt, project.settings),
      chat_mode: 'ai',
      state: 'pending',
      segment: 'widget',
      country: pick(pools.countries, i),
      created_at: at,
      updated_at: at,
      last_message_time: null,
      last_message: null,
      visitor_id: visitor,
      visitor_data: { visitor_id: visitor },
      contact_data: {},
      session_meta: { source: 'bulk' },
      is_emulator: false,
    };
    domain.state.sessions.set(session.id, session);
    for (let j = 0; j < body.messages_per_session; j++) {
      const msgAt = at + j * MINUTE_MS;
      if (j % 2 === 0) {
        appendMessage(domain, session, 'user', pick(pools.questions, i + j), { at: msgAt });
      } else {
        const rate = (['', '', 'like', 'dislike'] as const)[(i + j) % 4]!;
        const text = pick(pools.answers, i * 7 + j);
        const reply = appendMessage(domain, session, 'assistant', text, { at: msgAt, rate });
        logReply(domain, session, reply, msgAt);
        logs += 1;
      }
      messages += 1;
    }
  }
  return { messages, logs };
}

function seedDocuments(domain: DomainContext, project: Project, chunks: number, pools: Pools): number {
  const documents = Math.ceil(chunks / PARAGRAPHS_PER_DOCUMENT);
  let s = 0;
  const paragraph = () => {
    let text = '';
    while (text.length < PARAGRAPH_CHARS) text += `${pick(pools.sentences, s++)} `;
    return text.trim();
  };
  for (let d = 0; d < documents; d++) {
    const count = Math.min(PARAGRAPHS_PER_DOCUMENT, chunks - d * PARAGRAPHS_PER_DOCUMENT);
    const paragraphs = Array.from({ length: count }, paragraph);
    addDocument(domain, project, {
      docId: `doc-bulk-${d}`,
      title: `Guide ${d}: ${pick(pools.questions, d)}`,
      url: `https://example.com/bulk/${d}`,
      kind: d % 2 === 0 ? 'file' : 'webpage',
      text: paragraphs.join('\n\n'),
    });
  }
  return documents;
}

export function bulkSeed(domain: DomainContext, project: Project, body: BulkSeedBody): BulkSeedResult {
  const pools = drawPools(domain);
  const { messages, logs } = seedSessions(domain, project, body, pools);
  const documents = seedDocuments(domain, project, body.chunks, pools);
  return {
    sessions: body.sessions,
    messages,
    execution_logs: logs,
    documents,
    chunks: indexFor(domain, project).chunkCount(),
  };
}

/** Registers the route on the control router (the secret check runs before it). */
export function registerBulkSeed(router: Router, runtime: Runtime): void {
  router.post('/projects/:uid/bulk-seed', async (ctx) => {
    const domain = runtime.domain;
    const project = projectOfUid(domain, ctx.params.uid!);
    const body = parseWith(BulkSeedBody, await readBody(ctx, 'json'));
    sendSuccess(ctx, { message: 'Bulk seeded', data: bulkSeed(domain, project, body) });
  });
}
