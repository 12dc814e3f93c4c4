/** RAG chat completions: both wire formats, sources, tools, billing and errors. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const G = 'Endpoints/RAG';

export const ragClauses = defineClauses([
  documented(
    'RAG-OPENAI-ENDPOINT',
    G,
    'The OpenAI-style endpoint is POST {base_url}/openai/chat/completions with `Authorization: Bearer <PROJECT_API_KEY>`.',
  ),
  documented(
    'RAG-ANTHROPIC-ENDPOINT',
    G,
    'The Anthropic-style endpoint is POST {base_url}/anthropic/v1/messages with `x-api-key: <PROJECT_API_KEY>` or `Authorization: Bearer <PROJECT_API_KEY>`.',
  ),
  documented(
    'RAG-OPENAI-FAMILIES',
    G,
    'The OpenAI-style endpoint serves the `gpt-*`, `o1` and `o3` model families.',
  ),
  documented('RAG-ANTHROPIC-FAMILIES', G, 'The Anthropic-style endpoint serves the `claude-*` model family.'),
  documented(
    'RAG-SDK-COMPATIBLE',
    'What the service does',
    'Both endpoints are wire-compatible with the corresponding third-party SDK: the official OpenAI and Anthropic clients, pointed at them, work unchanged.',
  ),
  documented(
    'RAG-OPENAI-REQUEST',
    G,
    'The OpenAI-style request is the native chat completions shape: model (string), messages (array of {role, content}), plus `tools`.',
  ),
  documented(
    'RAG-ANTHROPIC-REQUEST',
    G,
    'The Anthropic-style request is the native messages shape: model (string), messages (array of {role, content}), max_tokens (integer), system (string), plus `tools`.',
  ),
  assumed(
    'RAG-ANTHROPIC-MAX-TOKENS-REQUIRED',
    G,
    'As in the native API, an Anthropic-style request without an integer max_tokens >= 1 gets a 400 invalid_request_error; system is optional.',
  ),
  documented(
    'RAG-KB-TOOL',
    G,
    'A knowledgebase tool is declared in `tools` as {type: `service:knowledgebase`, parameters: {limit: integer}}.',
  ),
  assumed(
    'RAG-KB-TOOL-LIMIT',
    G,
    'The knowledgebase tool parameters.limit is an integer from 1 to 100 (the search cap); outside that, a 400 invalid_request_error. Further tool parameters are ignored.',
  ),
  documented(
    'RAG-SERVER-RETRIEVAL',
    G,
    'The model decides when to search; the service runs the retrieval itself, feeds the results back to the model, and answers with the final reply (the caller never executes the knowledgebase tool).',
  ),
  documented(
    'RAG-USER-TOOLS-RETURNED',
    G,
    'User-declared tools are returned to the caller for execution as in the native APIs (OpenAI: `tool_calls` with finish_reason `tool_calls`; Anthropic: `tool_use` blocks with stop_reason `tool_use`).',
  ),
  documented(
    'RAG-RESPONSE-NATIVE',
    G,
    'The response has the native provider shape (OpenAI chat.completion; Anthropic message) plus a `sources` array of the retrieved chunks.',
  ),
  assumed(
    'RAG-SOURCES-ITEM-SHAPE',
    G,
    '`sources` items are knowledgebase chunks {point_id, doc_id, score, content}.',
  ),
  assumed(
    'RAG-SOURCES-ALWAYS',
    G,
    'Every successful RAG response carries `sources`; it is empty when no retrieval ran (for example without the knowledgebase tool).',
  ),
  assumed(
    'RAG-SOURCES-LIMIT',
    G,
    'Each retrieval returns at most the knowledgebase tool parameters.limit chunks.',
  ),
  documented(
    'RAG-MODEL-FROM-LIST',
    G,
    'The usable models are those of getSupportedModels; their `value` is passed as model.',
  ),
  assumed(
    'RAG-UNKNOWN-MODEL',
    G,
    'A model that is not a value of the supported list gets a 400 invalid_request_error in the native error shape.',
  ),
  assumed(
    'RAG-WRONG-FAMILY-400',
    G,
    'A supported model of the wrong family for the endpoint (e.g. a `claude-*` model on the OpenAI-style endpoint) gets a 400 invalid_request_error in the native error shape.',
  ),
  documented(
    'RAG-BILLING-PER-TOKEN',
    'Limits',
    'RAG requests are billed per token against the organization credit balance.',
  ),
  assumed(
    'RAG-ERROR-SHAPE',
    'Errors',
    "RAG errors use the providers' native error shapes: OpenAI {error: {message, type, param, code}}; Anthropic {type: `error`, error: {type, message}}. Never the RXERROR envelope.",
  ),
  assumed(
    'RAG-INVALID-KEY-401',
    'Errors',
    'A RAG request with no project key, or a key that names no active project key, gets 401 in the native error shape (OpenAI type `invalid_request_error`, code `invalid_api_key`; Anthropic type `authentication_error`).',
  ),
  assumed(
    'RAG-BAD-REQUEST-400',
    'Errors',
    'A RAG body that is not the native request shape (missing model or messages, malformed JSON) gets 400 in the native error shape (OpenAI `invalid_request_error`; Anthropic `invalid_request_error`).',
  ),
  assumed(
    'RAG-RATE-LIMIT-NATIVE',
    'Errors',
    'A RAG request over its hourly cap gets 429 in the native error shape (OpenAI code `rate_limit_exceeded`; Anthropic error type `rate_limit_error`), message `Rate limit exceeded. Please try again later.`',
  ),
]);
