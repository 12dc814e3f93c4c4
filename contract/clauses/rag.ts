/** RAG chat completions: both wire formats, sources, tools, billing and errors. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const G = 'Endpoints/RAG';

/** The spec's sentences that fix the RAG wire formats by reference to the providers' native APIs. */
const SDK_WIRE_FORMATS =
  'They are compatible with two third-party SDK wire formats (an OpenAI-style chat completions API and an Anthropic-style messages API).';
const NATIVE_REQUEST =
  'Request shape: the native shape of the corresponding provider API (model string; messages array of {role, content}; for the Anthropic-style endpoint also max_tokens integer and system string), plus `tools`.';
const NATIVE_RESPONSE =
  'The response has the native provider shape plus a `sources` array of retrieved chunks.';
const TOOLS_RETURNED = 'User-declared tools are returned to the caller for execution, as in the native APIs.';

export const ragClauses = defineClauses([
  documented(
    'RAG-OPENAI-ENDPOINT',
    G,
    'The OpenAI-style endpoint is POST {base_url}/openai/chat/completions with `Authorization: Bearer <PROJECT_API_KEY>`.',
    '| POST {base_url}/openai/chat/completions | `Authorization: Bearer <PROJECT_API_KEY>` |',
  ),
  documented(
    'RAG-ANTHROPIC-ENDPOINT',
    G,
    'The Anthropic-style endpoint is POST {base_url}/anthropic/v1/messages with `x-api-key: <PROJECT_API_KEY>` or `Authorization: Bearer <PROJECT_API_KEY>`.',
    '| POST {base_url}/anthropic/v1/messages | `x-api-key: <PROJECT_API_KEY>` (or Bearer) |',
  ),
  assumed(
    'RAG-KEY-HEADER-STRICT',
    'Authentication',
    'Only `Authorization: Bearer <key>` and `x-api-key: <key>` carry the project key on the RAG endpoints: the same key under another scheme (`Basic`), bare in `Authorization`, or in the Project Integration `api-key` header is refused as no key is (401). The spec names the two headers that carry the key, not what becomes of the others.',
  ),
  documented(
    'RAG-OPENAI-FAMILIES',
    G,
    'The OpenAI-style endpoint serves the `gpt-*`, `o1` and `o3` model families.',
    'POST {base_url}/openai/chat/completions | `Authorization: Bearer <PROJECT_API_KEY>` | `gpt-*`, `o1` and `o3` families |',
  ),
  documented(
    'RAG-ANTHROPIC-FAMILIES',
    G,
    'The Anthropic-style endpoint serves the `claude-*` model family.',
    'POST {base_url}/anthropic/v1/messages | `x-api-key: <PROJECT_API_KEY>` (or Bearer) | `claude-*` |',
  ),
  documented(
    'RAG-SDK-COMPATIBLE',
    'What the service does',
    'Both endpoints are wire-compatible with the corresponding third-party SDK: the official OpenAI and Anthropic clients, pointed at them, work unchanged.',
    SDK_WIRE_FORMATS,
  ),
  documented(
    'RAG-OPENAI-REQUEST',
    G,
    'The OpenAI-style endpoint takes the native chat completions request: model (string), messages (array of {role, content}) and the native API’s other request fields, plus `tools`.',
    NATIVE_REQUEST,
  ),
  documented(
    'RAG-ANTHROPIC-REQUEST',
    G,
    'The Anthropic-style endpoint takes the native messages request: model (string), messages (array of {role, content}), max_tokens (integer), system (string) and the native API’s other request fields, plus `tools`.',
    NATIVE_REQUEST,
  ),
  assumed(
    'RAG-ANTHROPIC-SYSTEM-BLOCKS',
    G,
    'As in the native API, the Anthropic-style `system` may also be an array of text blocks; the spec writes system as a string, so a server that takes only a string is not wrong.',
  ),
  assumed(
    'RAG-OPENAI-ONE-CHOICE',
    G,
    'The OpenAI-style endpoint generates one choice: a request with `n` other than 1 gets a 400 invalid_request_error (the native API allows n > 1; the spec does not say).',
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
    [
      'A knowledgebase server tool is declared in the request.',
      'A knowledgebase tool item is {type: `service:knowledgebase`, parameters: {limit: integer}}.',
    ],
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
    [
      'Behaviour: the model decides when to search; the service runs retrieval server-side and feeds the results back.',
      'The service runs retrieval itself and returns the model answer plus the retrieved chunks in a `sources` array.',
    ],
  ),
  documented(
    'RAG-USER-TOOLS-RETURNED',
    G,
    'User-declared tools are returned to the caller for execution as in the native APIs (OpenAI: `tool_calls` with finish_reason `tool_calls`; Anthropic: `tool_use` blocks with stop_reason `tool_use`), streamed or not.',
    [TOOLS_RETURNED, NATIVE_RESPONSE],
  ),
  documented(
    'RAG-RESPONSE-NATIVE',
    G,
    'The response has the native provider shape (OpenAI chat.completion; Anthropic message) plus a `sources` array of the retrieved chunks, whose items are not looked into.',
    `${NATIVE_RESPONSE} Item fields of \`sources\`: not shown.`,
  ),
  assumed(
    'RAG-SUCCESS-200',
    G,
    'The spec shows no HTTP status for a RAG answer: an unstreamed answer has status 200 with Content-Type application/json, as in the native APIs (a conforming server may answer another 2xx).',
  ),
  assumed(
    'RAG-RESPONSE-MODEL',
    G,
    'An answer (and every chunk or event of a stream) names in `model` exactly the model value the request passed (a native API may name a dated snapshot of it instead; the spec does not say).',
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
    'The list of usable models is read from /getSupportedModels; the `value` is passed as model.',
  ),
  assumed(
    'RAG-UNKNOWN-MODEL',
    G,
    'A model that is not a value of the supported list gets a 400 invalid_request_error in the native error shape.',
  ),
  assumed(
    'RAG-WRONG-FAMILY-400',
    G,
    'A supported model of the wrong family for the endpoint (e.g. a `claude-*` model on the OpenAI-style endpoint) is refused with a 400 invalid_request_error in the native error shape. The spec lists the model families each endpoint serves, not what becomes of another family’s model, so the refusal itself is the fake’s choice.',
  ),
  documented(
    'RAG-BILLING-PER-TOKEN',
    'Limits',
    'RAG requests are billed per token against the credit balance: a request that used tokens takes credits from it, and requests with the same token counts on the same model take the same.',
    [
      'Requests are billed per token against the credit balance.',
      '| Billing | RAG requests per token from credits;',
    ],
  ),
  assumed(
    'RAG-REFUSED-NOT-BILLED',
    'Limits',
    'A RAG request that is refused (an unknown model, a body that is not the native request shape, an invalid key) costs nothing: neither the balance nor the project usage moves. The spec bills per token and does not say whether the input of a request refused before the model runs is counted.',
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
    'RAG-PLAN-PROFESSIONAL',
    G,
    'The RAG endpoints take a project API key, like the Project Integration family, and their hourly caps start at Professional: a project whose organization is below Professional gets 403 in the native error shape (OpenAI `permission_error`; Anthropic `permission_error`), message `The RAG chat completion API requires the Professional plan or above`.',
  ),
  documented(
    'RAG-OPENAI-STREAM-GRAMMAR',
    G,
    'By reference to the OpenAI chat completions streaming format (the spec: the endpoint is compatible with that SDK wire format and answers in the native provider shape), a `stream: true` request on the OpenAI-style endpoint is answered in the native chat completions stream the official SDK parses: a 2xx `text/event-stream` of `data:` events, each a chat.completion.chunk object, the last one `data: [DONE]`; the first delta carries role `assistant`; the last chunk with choices carries the finish_reason; the fragments of each tool call are numbered by `index` from 0 in order and together give its id, type `function`, name and arguments, a JSON object. What the native format leaves free is not part of it: comments and pings, `id:` lines, extra members.',
    [SDK_WIRE_FORMATS, NATIVE_RESPONSE],
  ),
  documented(
    'RAG-ANTHROPIC-STREAM-GRAMMAR',
    G,
    'By reference to the Anthropic messages streaming format (the spec: the endpoint is compatible with that SDK wire format and answers in the native provider shape), a `stream: true` request on the Anthropic-style endpoint is answered in the native messages stream the official SDK parses: a 2xx `text/event-stream` of events whose `event:` name equals their data `type`: message_start (its message with empty content and a null stop_reason); then, per content block numbered from 0 in order, content_block_start (a text block with empty text, or a tool_use block with empty input), its deltas (text_delta, or input_json_delta pieces that join to the JSON input) and content_block_stop; then message_delta with the stop_reason and usage, and message_stop last; no error event. What the native format leaves free is not part of it: ping events, comments, `id:` lines, extra members.',
    [SDK_WIRE_FORMATS, NATIVE_RESPONSE],
  ),
  documented(
    'RAG-OPENAI-STREAM-USAGE',
    G,
    'By reference to the OpenAI chat completions streaming format, where `usage` may appear: only when the request asks for it with `stream_options: {include_usage: true}`. Without it no chunk carries a usage object (the member absent or null); with it exactly one chunk does, the last one before `data: [DONE]`, and its `choices` is an empty array (every other chunk has usage absent or null).',
    [SDK_WIRE_FORMATS, NATIVE_RESPONSE],
  ),
  assumed(
    'RAG-OPENAI-STREAM',
    G,
    'Beyond the native grammar (RAG-OPENAI-STREAM-GRAMMAR), the fake streams as the native API does where an SDK reads either way alike: status 200; SSE the parser reads without a fault, ending on an event boundary; every chunk repeats the id, model and created of the first and has one choice, index 0; the role only on the first delta, the finish_reason only on the last chunk with choices, a tool call’s id and name only on its first fragment. Where `usage` goes is the native format’s own rule: RAG-OPENAI-STREAM-USAGE.',
  ),
  assumed(
    'RAG-ANTHROPIC-STREAM',
    G,
    'Beyond the native grammar (RAG-ANTHROPIC-STREAM-GRAMMAR), the fake streams as the native API does where an SDK reads either way alike: status 200, SSE the parser reads without a fault, ending on an event boundary.',
  ),
  assumed(
    'RAG-STREAM-SOURCES',
    G,
    'Where `sources` goes in a stream is not shown: on the first chunk of an OpenAI-style stream, and on the message of `message_start` in an Anthropic-style stream.',
  ),
  assumed(
    'RAG-STREAM-EQUALS-BODY',
    G,
    'A streamed answer accumulates to the answer the same request gets unstreamed: same text, tool calls, finish/stop reason, usage and sources (ids and timestamps aside).',
  ),
  documented(
    'RAG-TOOL-RESULT-CONTINUES',
    G,
    'As in the native APIs, the caller sends the results of user tool calls back (OpenAI `tool` messages with tool_call_id; Anthropic `tool_result` blocks with tool_use_id) and the follow-up request continues the conversation with a new answer.',
    [TOOLS_RETURNED, NATIVE_REQUEST],
  ),
  assumed(
    'RAG-TOOL-CHOICE',
    G,
    'tool_choice keeps its native meaning for user tools: `none` never calls one; `required` (OpenAI) or `any` (Anthropic) always calls one; a named tool calls that tool; `auto` lets the model decide. The knowledgebase tool is not affected.',
  ),
  assumed(
    'RAG-MAX-TOKENS',
    G,
    'An answer never has more output tokens than the request allows (OpenAI max_completion_tokens or max_tokens; Anthropic max_tokens); an answer cut there ends with finish_reason `length` (OpenAI) or stop_reason `max_tokens` (Anthropic).',
  ),
  assumed(
    'RAG-USAGE-TOKENIZER',
    'Limits',
    'Usage counts come from a real tokenizer (o200k_base for every model): output tokens are the tokens of the answer text plus, per tool call, its name and JSON arguments; input tokens count the system prompt, every message, the tool declarations and the retrieved chunks fed to the model.',
  ),
  assumed(
    'RAG-CREDITS-PER-TOKEN-PRICE',
    'Limits',
    "The price per token is not shown: a RAG request costs (input + output tokens) x the model's credits_per_1k_tokens / 1000 credits, rounded to 3 decimals, taken from the organization balance and counted in the project's credits usage; a request the balance cannot cover gets 402 and deducts nothing.",
  ),
  assumed(
    'RAG-RATE-LIMIT-HEADERS',
    'Limits',
    'A RAG 429 carries `retry-after` (whole seconds until the window ends) so that the SDKs retry when the window reopens; RAG responses carry the X-RateLimit-* headers of RATE-HEADERS.',
  ),
  assumed(
    'RAG-UNKNOWN-ROUTE-NATIVE',
    'Errors',
    'Under {base_url}/openai/ and {base_url}/anthropic/, an unknown path gets 404 and a method other than POST on a RAG path gets 405, both in the native error shape of that dialect.',
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
