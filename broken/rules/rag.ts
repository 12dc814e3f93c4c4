/** RAG answers: the `sources` array and the tool-result follow-up. */
import { editJson, envelope, jsonOf } from '../bodies.js';
import type { Answer, BreakingRule, Exchange } from '../rule.js';

export const OPENAI_PATH = '/openai/chat/completions';
export const ANTHROPIC_PATH = '/anthropic/v1/messages';
const isRag = (req: Exchange) =>
  req.route === 'base' && (req.path === OPENAI_PATH || req.path === ANTHROPIC_PATH);

type Msg = { role?: unknown; content?: unknown };
const carriesToolResult = (req: Exchange): boolean => {
  const messages = jsonOf(req)?.messages;
  if (!Array.isArray(messages)) return false;
  return (messages as Msg[]).some(
    (m) =>
      m.role === 'tool' ||
      (Array.isArray(m.content) && (m.content as { type?: unknown }[]).some((b) => b.type === 'tool_result')),
  );
};

/** A 400 in the native error shape of the request's dialect. */
const nativeBadRequest = (req: Exchange, message: string): Answer =>
  req.path === OPENAI_PATH
    ? envelope(400, { error: { message, type: 'invalid_request_error', param: 'messages', code: null } })
    : envelope(400, { type: 'error', error: { type: 'invalid_request_error', message } });

export const ragRules: BreakingRule[] = [
  {
    id: 'rag-sources-dropped',
    name: 'RAG answers leave out the `sources` array (the serializer keeps only the native fields)',
    clause: 'RAG-RESPONSE-NATIVE',
    section: 'RAG sources',
    caughtBy: 'suites/rag/endpoints.test.ts',
    start: () => ({
      response: (res, req) =>
        isRag(req) && res.status === 200
          ? editJson(res, ({ sources, ...rest }) => (sources === undefined ? undefined : rest))
          : res,
    }),
  },
  {
    id: 'tool-result-refused',
    name: 'a follow-up carrying user tool results (OpenAI `tool` messages, Anthropic `tool_result` blocks) gets 400',
    clause: 'RAG-TOOL-RESULT-CONTINUES',
    section: 'user tools',
    caughtBy: 'suites/rag/tools.test.ts',
    start: () => ({
      request: (req) =>
        isRag(req) && carriesToolResult(req)
          ? nativeBadRequest(req, 'messages: each message must have role user, assistant or system')
          : req,
    }),
  },
];
