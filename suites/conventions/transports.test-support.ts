/**
 * What the transport and malformed-request tests compare of two answers: what the spec fixes of them, never what
 * varies from call to call (timestamps, generated ids, the model's words).
 */
import type { RawResponse } from '../target/transport.js';

/** Members that identify what a list or a record holds. */
const ID_KEYS = ['id', 'project_uid', 'point_id', 'doc_id', 'user_id', 'session_uid', 'value'];

function idsOf(data: unknown, depth = 0): unknown {
  if (depth > 3 || data === null || typeof data !== 'object') return undefined;
  if (Array.isArray(data)) return data.map((item) => idsOf(item, depth + 1));
  const ids: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data))
    if (ID_KEYS.includes(k)) ids[k] = v;
    else if (Array.isArray(v)) ids[k] = idsOf(v, depth + 1);
  return ids;
}

/** What the spec fixes of a Platform or Project Integration answer. */
export function fixed(res: RawResponse) {
  const body = (res.json ?? {}) as { type?: unknown; total?: unknown; data?: unknown };
  return { status: res.status, type: body.type, total: body.total, ids: idsOf(body.data) };
}

/** What the spec fixes of a RAG answer (not streamed): status, the native object, the model. */
export function fixedRag(res: RawResponse) {
  const body = (res.json ?? {}) as { object?: unknown; type?: unknown; model?: unknown; sources?: unknown };
  return {
    status: res.status,
    object: body.object ?? body.type,
    model: body.model,
    sources: Array.isArray(body.sources),
  };
}
