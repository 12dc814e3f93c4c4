/**
 * Success shapes and statuses of the variant (FAKE-VARIANT), each where the spec leaves the choice open:
 * `success-201`, `bearer-search-shape`, `models-shape`, `session-values` and `sources-shape`. Each builds new
 * objects (the store's own objects are never changed).
 */
import { type Answer, isObject, isSuccessEnvelope, type JsonObject, objectBody } from './variant-answer.js';

/** Operations that create something: `success-201` answers them 201. */
const creating: ReadonlySet<string | null> = new Set([
  'createSession',
  'inviteOrganizationMember',
  'createPlaygroundAgentSession',
]);

export function success201(a: Answer): void {
  if (a.ctx.status === 200 && creating.has(a.operation)) a.ctx.status = 201;
}

/** The envelope's `data` array of a successful `operation`, mapped by `item`. */
function mapData(a: Answer, operation: string, item: (o: JsonObject) => unknown): void {
  const body = objectBody(a.ctx);
  if (a.operation !== operation || a.ctx.status >= 300 || !isSuccessEnvelope(body)) return;
  if (!Array.isArray(body.data)) return;
  a.ctx.body = { ...body, data: body.data.map((o) => (isObject(o) ? item(o) : o)) };
}

/**
 * `bearer-search-shape`: the Bearer search's chunks as `{ node_id, text, score, metadata: { doc_id } }`; a search
 * restricted by `node_id` scores within the candidates left (each score divided by the best one, so the same chunk
 * scores differently restricted and unrestricted: "score (number)" and nothing more).
 */
export function bearerSearchShape(a: Answer): void {
  const restricted = isObject(a.ctx.request.body) && typeof a.ctx.request.body.node_id === 'string';
  const body = objectBody(a.ctx);
  const best =
    body && Array.isArray(body.data) && isObject(body.data[0]) && typeof body.data[0].score === 'number'
      ? body.data[0].score
      : 0;
  const scored = (score: unknown) =>
    restricted && typeof score === 'number' && best > 0
      ? Math.round((score / best) * 10_000) / 10_000
      : score;
  mapData(a, 'searchIndexDocument', (c) => ({
    node_id: c.point_id,
    text: c.content,
    score: scored(c.score),
    metadata: { doc_id: c.doc_id },
  }));
}

/** A context window per provider, for `models-shape` entries (any plausible number would do). */
const contextWindows: Readonly<Record<string, number>> = { openai: 128_000, anthropic: 200_000 };

/** `models-shape`: `data: { models: [{ value, tier, label, provider, context_window }] }`. */
export function modelsShape(a: Answer): void {
  mapData(a, 'getSupportedModels', (m) => ({
    value: m.value,
    tier: m.tier,
    label: m.name,
    provider: m.provider,
    context_window: contextWindows[String(m.provider)] ?? 32_000,
  }));
  const body = objectBody(a.ctx);
  if (a.operation === 'getSupportedModels' && isSuccessEnvelope(body) && Array.isArray(body.data))
    a.ctx.body = { ...body, data: { models: body.data } };
}

const chatModes: Readonly<Record<string, string>> = { ai: 'bot' };
const segments: Readonly<Record<string, string>> = { widget: 'website', playground: 'emulator' };

/**
 * `session-values`: getSessions reports state `active` once a session has a message, chat_mode `bot`, segment
 * `website`, and status `solved` for a resolved session. createSession's answer keeps `pending` and `open`.
 */
export function sessionValues(a: Answer): void {
  mapData(a, 'getSessions', (s) => ({
    ...s,
    status: s.status === 'resolved' ? 'solved' : s.status,
    state: s.state === 'pending' && s.last_message_time !== null ? 'active' : s.state,
    chat_mode: chatModes[String(s.chat_mode)] ?? s.chat_mode,
    segment: segments[String(s.segment)] ?? s.segment,
  }));
}

/** One `sources` item in the `sources-shape` variant. */
export const variantSource = (c: unknown): unknown =>
  isObject(c) ? { id: c.point_id, document_id: c.doc_id, text: c.content, relevance: c.score } : c;

/** `sources-shape` on a RAG JSON answer (streams: variant-sse-extras.ts). */
export function sourcesShape(a: Answer): void {
  const body = objectBody(a.ctx);
  if (!a.dialect || a.ctx.status >= 300 || !body || !Array.isArray(body.sources)) return;
  a.ctx.body = { ...body, sources: body.sources.map(variantSource) };
}
