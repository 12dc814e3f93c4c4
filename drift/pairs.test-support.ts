/**
 * Hand-built DriftPairs for the drift tests, from bodies that match the real contract schemas (each builder's
 * result is what the fake would send; the tests alter copies of it).
 */
import type { DriftAnswer, DriftPair } from './types.js';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const SSE_TYPE = 'text/event-stream; charset=utf-8';

export const project = (id: number) => ({
  id,
  organization_id: 1,
  name: `Project ${id}`,
  app_id: 10 + id,
  project_uid: `proj-${id}`,
  purpose: 'support',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  organization: { id: 1, name: 'Org', role: 'owner' },
  ProjectMembers: [{ user_id: 7, role: 'owner' }],
  integration_setting: { id: 3, project_id: id, widget_uid: `w-${id}` },
});

/** A valid getMyProjects success envelope with `count` projects. */
export const projectsBody = (count = 2) => ({
  type: 'RXSUCCESS',
  message: 'Projects fetched successfully',
  data: Array.from({ length: count }, (_, i) => project(i + 1)),
  total: count,
});

export const errorBody = (message = 'Invalid or expired token') => ({ type: 'RXERROR', message });

export const json = (status: number, body: unknown, contentType = JSON_TYPE): DriftAnswer => ({
  status,
  headers: { 'content-type': contentType },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

/** A copy of a JSON value, changed by `edit`. */
export function altered<T>(value: T, edit: (copy: T) => void): T {
  const copy = structuredClone(value);
  edit(copy);
  return copy;
}

export interface Frame {
  event?: string;
  data: string;
}

export const sse = (frames: readonly Frame[]): DriftAnswer => ({
  status: 200,
  headers: { 'content-type': SSE_TYPE },
  body: frames.map((f) => `${f.event ? `event: ${f.event}\n` : ''}data: ${f.data}\n\n`).join(''),
});

const usage = { input_tokens: 12, output_tokens: 0 };

/** A valid Anthropic stream: message_start … message_stop, the text in `deltas` pieces. */
export function anthropicFrames(deltas = ['Hello', ' world']): Frame[] {
  const events: Record<string, unknown>[] = [
    {
      type: 'message_start',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage,
      },
    },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ...deltas.map((text) => ({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } })),
    { type: 'content_block_stop', index: 0 },
    {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: deltas.length },
    },
    { type: 'message_stop' },
  ];
  return events.map((e) => ({ event: String(e.type), data: JSON.stringify(e) }));
}

/** A valid OpenAI stream: one chunk per piece, a finishing chunk, `data: [DONE]`. */
export function openaiFrames(pieces = ['Hello', ' world']): Frame[] {
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    data: JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1735689600,
      model: 'gpt-4o-mini',
      choices: [{ index: 0, delta, finish_reason: finish }],
    }),
  });
  return [
    chunk({ role: 'assistant', content: '' }, null),
    ...pieces.map((content) => chunk({ content }, null)),
    chunk({}, 'stop'),
    { data: '[DONE]' },
  ];
}

/** A pair on getMyProjects (or the given operation) citing no clause. */
export const pair = (
  real: DriftAnswer,
  fake: DriftAnswer | undefined,
  extra: Partial<DriftPair> = {},
): DriftPair => ({
  cassette: 'suites/platform/projects.test.ts',
  index: 0,
  operationId: 'getMyProjects',
  method: 'POST',
  path: '/getMyProjects',
  test: 'projects > lists the projects',
  clauses: [],
  requestBody: '{}',
  real,
  fake,
  ...extra,
});
