/** Rules of the library entry points for client developers (startFake, interceptChatbotApi): not of the API. */
import { assumed } from './define.js';

const L = 'Library';

export const libraryClauses = [
  assumed(
    'LIB-START-FAKE',
    L,
    'startFake(options) starts the fake in the calling process on 127.0.0.1 (an ephemeral port unless `port` is given) and resolves to its url, its target config (base_url, org_base_url, tokens, project key, control under that url), a control handle and close(); its clock ticks with real time unless `clock: "frozen"`, as `npm start`; close() frees the port and a second call is harmless.',
  ),
  assumed(
    'LIB-INTERCEPT',
    L,
    'interceptChatbotApi({ baseUrl }) serves the in-memory fake to every Node HTTP client of the process (global fetch, node:http and node:https, hence the official openai and @anthropic-ai/sdk clients) for requests under baseUrl, opening no port and making no connection; requests reach the real routes with their headers and exact body bytes, so every answer is the one the fake gives over HTTP (the envelope for bad JSON, binary or oversized bodies; 405 for HEAD on an operation).',
  ),
  assumed(
    'LIB-INTERCEPT-STREAMING',
    L,
    'Through interception a streamed RAG answer arrives as server-sent events the client can iterate to the end (the SDK streams and their final message, sources included), and a connection the fake resets (a scripted stream cut in `reset` mode, streamed or not) fails the client with a network error instead of hanging or looking complete.',
  ),
  assumed(
    'LIB-INTERCEPT-OTHER-HOSTS',
    L,
    'While an interception is active, a request for a host it does not serve is, with otherHosts "refuse" (the default), rejected with an error naming the URL and the intercepted base URLs, except for loopback hosts (localhost, 127.0.0.0/8, ::1), which are never refused; with "passthrough" it reaches the network as usual. When interceptions disagree, refuse wins. nock\'s own net-connect setting is never changed.',
  ),
  assumed(
    'LIB-INTERCEPT-CONTROL',
    L,
    "The control handle of startFake and interceptChatbotApi (reset, target, now, advanceClock, setClock, scriptReplies, scriptedReplies, clearScriptedReplies, journal, clearJournal, outbox, rateLimits, resetRateLimits, exportState, importState, and generic get/post/delete) goes through the fake's real control routes in memory, so its effect is the same as over HTTP and the next request sees it; a non-2xx answer rejects with the status and the envelope's message. Under interception the fake's clock is frozen unless `fake: { clock: 'ticking' }`.",
  ),
  assumed(
    'LIB-INTERCEPT-RESTORE',
    L,
    'restore() removes exactly the interceptors of its interception: afterwards its base URL is no longer served (requests go where they would without it) while other interceptions keep working; a second call is harmless. Two interceptions of different origins work side by side; intercepting an origin that an active interception serves throws until that one is restored.',
  ),
  assumed(
    'LIB-PACKAGE-BINS',
    L,
    "Two packages from one repository (npm workspaces), each installing from its tarball into any project. The fake's, `chatbot-platform-fake` (packages/fake/), brings `chatbot-fake` (the fake from a bundle built by `npm run build:lib`, every `npm start` option as a flag and a variable, `--help`) and the library, as bundles and their declarations with the fixture documents, its dependencies runtime packages only (zod, @faker-js/faker, nock, write-file-atomic) and the official SDKs and msw optional peers. The conformance package, `chatbot-platform-conformance` (the root), depends on it and brings `chatbot-conformance` (the conformance runner with the suites shipped in the package, from any working directory, reports in ./reports or `--out DIR`, the runner's exit codes). Each tarball holds what its bin and entries need and nothing else: no tests of the fake, the contract or the recorder, no bench, fuzzer, load scripts, mutation setup or examples.",
  ),
  assumed(
    'LIB-EXPORTS',
    L,
    "The package's `exports` publish startFake and interceptChatbotApi with their types from a bundle built by `npm run build:lib` (run by `prepare`), which plain node imports as `chatbot-platform-fake` with the package's dependencies installed; the bundle finds the fixture documents shipped in the package.",
  ),
  assumed(
    'LIB-MSW-HANDLERS',
    L,
    "chatbotApiHandlers({ baseUrl, fake }) from `chatbot-platform-fake/msw` returns msw 2 request handlers for setupServer, with the fake's target config and control handle: every method of every path under baseUrl (Platform, Project Integration, RAG OpenAI and Anthropic, control) is answered by the same in-memory fake as interceptChatbotApi, errors in the same envelopes, and the RAG streams as a ReadableStream body whose events the client reads as they are sent (a scripted cut in `reset` mode errors the stream after the events sent, or fails the request as a network error when nothing was sent). Requests for anything else are left unhandled, so msw's onUnhandledRequest decides. Tested with the global fetch and the official openai SDK in vitest's jsdom environment. The main entry never imports msw: it is an optional peer dependency.",
  ),
  assumed(
    'LIB-SDK-HELPERS',
    L,
    "`chatbot-platform-fake/openai` and `chatbot-platform-fake/anthropic` give `knowledgebaseTool(parameters)`, at run time exactly the spec's tool item {type: 'service:knowledgebase', parameters}, typed as the official SDK's tool type (openai ChatCompletionTool, Anthropic ToolUnion) so that `tsc` accepts it in `tools`, and `sourcesOf(answer)`, the answer's `sources` array as it came, typed with the contract's source (RAG-SOURCES-ITEM-SHAPE), from a create() answer or a stream's final object; an answer without the array or with an item that is not a chunk throws a TypeError naming the field. Neither entry imports an SDK at run time.",
  ),
  assumed(
    'LIB-CLIENT-DOCS',
    L,
    "docs/client-developers.md runs as written: every curl line of its bash blocks answers 2xx with the spec's envelope (or the RAG endpoint's native shape) against a fake started as the page says, every TypeScript block type-checks with strict tsc against the official SDK types and the package's entries, and after the documented reset with a seed the documented next commands succeed with the new credentials (the fake rewrites its target file).",
  ),
];
