/**
 * The fake's variant mode (FAKE-VARIANT), as data: each axis is one place where the spec leaves the choice open
 * ("not shown") or where JSON and HTTP leave it free, and where the variant takes another choice than the fake's
 * default. `flips` names the assumed clauses whose behaviour differs under the axis (checked against the catalogue
 * by contract/variant-axes.test.ts). A documented clause that fails against the variant is a false red of the suite.
 */

export interface VariantAxisSpec {
  /** Stable id, lower-kebab: what FAKE_VARIANT and createFakeServer({ variant }) take. */
  readonly id: string;
  /** The spec sentence that leaves the choice open, quoted; or `JSON/HTTP freedom: …`. */
  readonly spec_line: string;
  /** Assumed clause ids whose fake behaviour differs under this axis. */
  readonly flips: readonly string[];
  /** What the variant does instead. */
  readonly description: string;
}

const STATUSES_NOT_SHOWN = 'HTTP status codes of errors other than 401, 403, 429: not shown.';

export const variantAxes = [
  {
    id: 'invalid-params-422',
    spec_line: STATUSES_NOT_SHOWN,
    flips: [
      'ERR-INVALID-PARAMS-STATUS',
      'ERR-MALFORMED-JSON',
      'ERR-BODY-NOT-OBJECT',
      'ERR-JSON-NO-COERCION',
      'ERR-CONTENT-ENCODING',
      'USAGE-LIMIT-SET-VOICE-CREDITS',
      'USAGE-LIMIT-UNKNOWN-TYPE',
      'USAGE-LIMIT-DUPLICATE-TYPES',
      'AUTH-CHECK-ORDER',
      'MODEL-SETTINGS',
      'PLAYGROUND-AGENT-SETTING-MODEL-IN-LIST',
    ],
    description:
      'A bad request body (Platform and Project Integration) answers 422 instead of 400; the message still starts with `Invalid params` and names the first failing field (`Invalid params: limit: …`); no `errors` array.',
  },
  {
    id: 'other-error-statuses',
    spec_line: STATUSES_NOT_SHOWN,
    flips: [
      'AUTH-UNKNOWN-PROJECT',
      'AUTH-NOT-MEMBER-STATUS',
      'AUTH-PLATFORM-PLAN-STATUS',
      'AUTH-CHECK-ORDER',
      'INTEGRATION-PLAN-STATUS',
      'SEARCH-KEY-PLAN-STATUS',
      'PLAN-FREE',
      'INTEGRATION-WIDGET-MISMATCH',
      'SEND-MESSAGE-UNKNOWN-SESSION',
      'SESSION-MESSAGES-UNKNOWN-SESSION',
      'PLAYGROUND-UNKNOWN-SESSION',
      'RETENTION-AGE-FROM-LAST-ACTIVITY',
      'SET-MODEL-INVALID-STATUS',
      'STATS-DATE-STATUS',
      'USAGE-LIMIT-ABOVE-PLAN-STATUS',
      'USAGE-LIMIT-BELOW-USAGE-STATUS',
      'INVITE-DUPLICATE-PENDING',
      'INVITE-ALREADY-MEMBER',
      'PLAYGROUND-AGENT-SETTING-MODEL-IN-LIST',
      'ERR-UNKNOWN-ROUTE',
      'ERR-METHOD-NOT-ALLOWED',
      'ERR-BODY-TOO-LARGE',
      'ERR-UNSUPPORTED-MEDIA-TYPE',
      'ERR-CONTENT-ENCODING',
      'CONV-PATH-MATCHING',
      'CREDITS-EXHAUSTED',
      'VERSION-ONLY-V1',
      'MODEL-SETTINGS',
      'CONV-RESPONSE-JSON',
      'AUTH-PERMISSIONS-ONLY',
      'AUTH-BILLING-ROLE',
      'STATS-TO-FORMAT-MESSAGE',
      'ERR-INVALID-PARAMS-STATUS',
    ],
    description:
      'Every Platform and Project Integration error whose status the spec does not give changes, message kept: 404 (Project, Session, Widget, Route not found) → 400; 402 → 400; 405 → 404 (no Allow); 413 → 400; 415 → 400; the other 400s (invalid model, date format, usage limits, invitations) → 422; the 403s the spec gives no status for (user not a member of the project, plan errors) → 400. 401, 429, the documented 403 and `Invalid params` are left alone.',
  },
  {
    id: 'no-rate-headers',
    spec_line: 'Rate-limit window headers and reset behaviour: not shown.',
    flips: ['RATE-HEADERS', 'RAG-RATE-LIMIT-HEADERS', 'MODEL-RATE-COUNTERS'],
    description:
      'No X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset nor Retry-After on any public answer (Platform, Project Integration, RAG, streams and 429s included).',
  },
  {
    id: 'integration-caps',
    spec_line: 'Rate limits of other Project Integration operations: not shown.',
    flips: ['RATE-INTEGRATION-OTHERS-UNCAPPED'],
    description:
      'createSession, sendMessage and getChatbotExecutionLogs are each capped at 300 requests an hour per project (counted right after the key check, in the fake’s rate limiter, so /_control/rate-limits/reset clears them); over the cap: 429 `Rate limit exceeded. Please try again later.`',
  },
  {
    id: 'extra-fields',
    spec_line:
      'JSON/HTTP freedom: the spec shows the fields an answer has, never that it has no others ("optional `data`").',
    flips: ['CONV-NO-EXTRA-FIELDS'],
    description:
      'Every JSON object of a success answer (the envelope and every object nested in `data`) gets `"x_variant": 1`; a message-only success gets `"data": null`; an error envelope gets `"code": "E<status>"`; a RAG JSON answer (success or error) gets a top-level `"x_variant": 1`.',
  },
  {
    id: 'json-format',
    spec_line: 'JSON/HTTP freedom: whitespace and member order of a JSON text carry no meaning.',
    flips: [],
    description:
      'Every JSON answer of the public API is pretty-printed with 2-space indentation, object members in reverse key order, with `content-type: application/json; charset=utf-8`.',
  },
  {
    id: 'tie-orders',
    spec_line:
      'JSON/HTTP freedom: the spec gives orderBy (`ASC`/`DESC`) for sessions, messages and execution logs but neither the key nor how ties are broken, and no order for members.',
    flips: [
      'SESSIONS-ORDER-KEY',
      'SESSION-MESSAGES-ORDER-KEY',
      'EXEC-LOGS-ORDER-KEY',
      'MEMBERS-ORDER',
      'CONC-SEND-MESSAGE-ORDER',
      'CONC-SEND-MESSAGE-TURN-ATOMIC',
      'MODEL-SESSIONS',
      'SESSION-INACTIVITY-PRECEDENCE',
      'SESSION-CLOSED-SENDMESSAGE',
      'SEND-MESSAGE-RECORDED',
    ],
    description:
      'Sessions (created_at), messages (createdAt) and execution logs (createdAt) still order by their key in the orderBy direction, but break ties by id the other way (ASC: highest id first among equals); members order by createdAt with ties by descending id.',
  },
  {
    id: 'sse-extras',
    spec_line:
      'JSON/HTTP freedom: server-sent events allow comments, `id:` lines and events a client ignores.',
    flips: [],
    description:
      'Streamed RAG answers carry an `id:` line on every event and, before every event but the first, a `: ping` comment (OpenAI style) or an `event: ping` event (Anthropic style).',
  },
  {
    id: 'sources-shape',
    spec_line: 'Item fields of `sources`: not shown.',
    flips: ['RAG-SOURCES-ITEM-SHAPE', 'RAG-USAGE-TOKENIZER'],
    description:
      'RAG `sources` items (bodies and streams) are `{ id, document_id, text, relevance }` instead of `{ point_id, doc_id, content, score }`.',
  },
  {
    id: 'rag-error-envelope',
    spec_line: 'Error body of the RAG endpoints: not shown.',
    flips: [
      'RAG-ERROR-SHAPE',
      'RAG-INVALID-KEY-401',
      'RAG-PLAN-PROFESSIONAL',
      'RAG-UNKNOWN-MODEL',
      'RAG-WRONG-FAMILY-400',
      'RAG-UNKNOWN-ROUTE-NATIVE',
      'RAG-BAD-REQUEST-400',
      'RAG-RATE-LIMIT-NATIVE',
      'RAG-ANTHROPIC-MAX-TOKENS-REQUIRED',
      'RAG-KB-TOOL-LIMIT',
      'CREDITS-EXHAUSTED',
    ],
    description:
      'RAG errors answer the spec’s envelope `{ type: "RXERROR", message }` with the same status and message instead of the providers’ native error bodies.',
  },
  {
    id: 'bearer-search-shape',
    spec_line: 'Result item shape of the Bearer variant of the search: not shown.',
    flips: [
      'SEARCH-BEARER-ITEM-SHAPE',
      'CONV-NO-EXTRA-FIELDS',
      'KB-RANKING-RELEVANT',
      'SEARCH-BEARER-PROJECT',
      'SEARCH-NODE-ID-IS-DOC-ID',
    ],
    description:
      'The Bearer searchIndexDocument returns items `{ node_id, text, score, metadata: { doc_id } }` (node_id is the chunk id), and a search restricted by `node_id` scores within the candidates left (each score relative to the best); the project-key search keeps its documented shape.',
  },
  {
    id: 'models-shape',
    spec_line:
      'Supported model list: the exact shape of the response envelope and of a request: not shown beyond the list entries and the empty-object call.',
    flips: ['MODELS-RESPONSE-SHAPE'],
    description:
      'getSupportedModels answers `data: { models: [...] }` instead of a bare array; each entry is `{ value, tier, label, provider, context_window }`.',
  },
  {
    id: 'auth-not-shown',
    spec_line: 'Authentication requirements of getStats and getSupportedModels: not shown.',
    flips: [
      'AUTH-GETSTATS-ASSUMED',
      'AUTH-GETSUPPORTEDMODELS-ASSUMED',
      'AUTH-BILLING-ROLE',
      'AUTH-BOTH-SET-NO-FINE-GRAINED-ENTRY',
    ],
    description:
      'getStats needs role Owner or Editor (Viewer and Operator get 403); getSupportedModels refuses a token whose creator has the billing role with 403.',
  },
  {
    id: 'session-values',
    spec_line:
      'Allowed values of state, chat_mode and segment, and of status beyond `open` and `closed`: not shown.',
    flips: [
      'SESSION-RESOLVED-STATUS-VALUE',
      'SESSION-STATE-OTHER',
      'MODEL-SESSIONS',
      'SESSIONS-ORDER-KEY',
      'CREATE-SESSION-LISTED',
      'SEND-MESSAGE-RECORDED',
    ],
    description:
      'getSessions reports state `active` once a session has a message (createSession still answers `pending`), chat_mode `bot` for `ai`, segment `website` for `widget`, and status `solved` for a resolved session.',
  },
  {
    id: 'org-base-url',
    spec_line: 'Organization-level operations at {org_base_url}: not shown (which operations exist there).',
    flips: ['ORG-BASE-URL-OPERATIONS', 'ERR-METHOD-NOT-ALLOWED'],
    description:
      'Only getOrganizationDetail, getOrganizationMembers and inviteOrganizationMember are served at {org_base_url}; getMyProjects and getSupportedModels answer 404 `Route not found` there (when {org_base_url} differs from {base_url}).',
  },
  {
    id: 'playground-history-field',
    spec_line: 'The name of the previous-messages field: not shown.',
    flips: ['PLAYGROUND-HISTORY-FIELD', 'PLAYGROUND-HISTORY-CONTEXT'],
    description:
      'playgroundAgentResponse takes the previous messages in `history` (same rules: at most 50 {role, content} items); `messages` is an unknown field and ignored.',
  },
  {
    id: 'success-201',
    spec_line: 'JSON/HTTP freedom: the spec never gives the HTTP status of a success.',
    flips: ['CONV-SUCCESS-200'],
    description:
      'createSession, inviteOrganizationMember and createPlaygroundAgentSession answer HTTP 201 (with the same success envelope).',
  },
  {
    id: 'version-path',
    spec_line: 'Deprecation and compatibility policy: not shown.',
    flips: ['VERSION-ONLY-V1', 'ERR-UNKNOWN-ROUTE'],
    description:
      'A path under another version of {base_url} or {org_base_url} (e.g. /api/v2/…) answers 400 `Unsupported API version` instead of 404, and every public answer carries `X-API-Version: v1` (no Deprecation header).',
  },
  {
    id: 'retention-lazy',
    spec_line:
      '`retention_duration` (integer, seconds): how long conversation history is kept before automatic deletion.',
    flips: ['RETENTION-SWEEP', 'RETENTION-AGE-FROM-LAST-ACTIVITY'],
    description:
      'History past retention is deleted by an hourly sweep (at each whole hour of the virtual clock) instead of at the instant: a session past its retention stays visible until the next whole hour.',
  },
  {
    id: 'credits-exhausted',
    spec_line: STATUSES_NOT_SHOWN,
    flips: ['CREDITS-EXHAUSTED', 'RAG-ERROR-SHAPE'],
    description:
      'A call the credits cannot cover answers 403 `Not enough credits` instead of 402 `Insufficient credits` (RAG endpoints too, in their error shape).',
  },
  {
    id: 'playground-price-by-length',
    spec_line: 'Each call deducts credits by model.',
    flips: ['PLAYGROUND-PRICE-PER-CALL'],
    description:
      'A playground call deducts its model’s price per call plus 0.001 credit per character of the query: by model, yet not the same for every call of one model.',
  },
  {
    id: 'lenient-inputs',
    spec_line: 'Other messages: `Invalid params` (bad request body);',
    flips: [
      'ERR-JSON-NO-COERCION',
      'ERR-NULL-NOT-ABSENT',
      'FORM-ENUM-EXACT',
      'FORM-INTEGER-TEXT',
      'SET-ENUM-EXACT',
      'SET-WRONG-TYPE',
      'SET-INTEGER-FIELDS-STRICT',
      'EXEC-LOGS-ORDERBY-EXACT',
      'SEARCH-BEARER-WRONG-JSON-TYPE',
      'INTEGRATION-WRONG-JSON-TYPE',
      'PROJECTS-INPUT-REPRESENTATIONS',
      'PROJECTS-LIMIT-MAX',
      'PAGING-LIMIT-MIN-1',
      'USAGE-LIMIT-REPRESENTATIONS',
      'INVITE-INPUT-EXACT',
      'EXEC-LOGS-DATE-STRICT',
      'SEND-MESSAGE-UID-NUMBER-ACCEPTED',
      'UPDATECHATBOT-NAME-NONEMPTY',
      'UPDATECHATBOT-ATOMIC',
      'RETENTION-NONNEGATIVE',
      'SET-NO-FIELDS',
      'SET-ATOMIC',
      'MODEL-SETTINGS',
    ],
    description:
      'Values in another representation than the documented one are read leniently wherever the strict reading would refuse them: `null` and empty or blank strings as a field not given, white space around a value dropped, enum values in another case (`asc`, `OPEN`), numeric strings as numbers (`"10"`), `true`/`false` as 1/0. A value of the documented type outside its set or range is still refused.',
  },
  {
    id: 'iso-breadth',
    spec_line: 'Datetimes are ISO 8601 strings.',
    flips: [
      'CONV-DATETIME-PROFILE',
      'STATS-ISO-PROFILE',
      'EXEC-LOGS-DATE-STRICT',
      'STATS-DATE-UTC',
      'STATS-TO-DATE-ONLY-INCLUSIVE',
    ],
    description:
      'Datetimes are written in another ISO 8601 profile (`2024-01-01T10:00:00+00:00`: seconds, no fraction, a numeric offset); getStats takes any ISO 8601 date or date-time (reduced precision `2024-01-01T10`, basic format `20240101T100000Z`, ordinal `2024-001` and week `2024-W01-1` dates) and getChatbotExecutionLogs takes a date-time for from and to (its UTC day).',
  },
  {
    id: 'no-body-limit',
    spec_line: 'JSON/HTTP freedom: the spec states no limit on the size of a request body.',
    flips: ['ERR-BODY-TOO-LARGE', 'CONV-RESPONSE-JSON'],
    description:
      'No public request body is refused for its size up to 20 MiB (a ceiling that protects the process): a body of several megabytes is read like any other (the default answers 413 over 1 MiB). The control API and provider states keep 1 MiB.',
  },
  {
    id: 'top-source-only',
    spec_line:
      'Behaviour: the model decides when to search; the service runs retrieval server-side and feeds the results back.',
    flips: ['SET-MAX-NODES-SHOWN', 'SET-ADD-PAGE-LINK-SHOWN'],
    description:
      'The model retrieves max_nodes chunks as configured but cites and links only its top source: an answer names one page at most (with add_page_link 1), whatever max_nodes is.',
  },
  {
    id: 'small-credit-balance',
    spec_line: 'Requests are billed per token against the credit balance.',
    flips: [],
    description:
      "Organizations start with a small credit balance, 400 credits (the seeded ones and those the `organization` provider state makes without `credits`): one whole run's playground calls, widget messages and RAG requests fit in it, and a second run on the same fake meets the credit refusal. A test that meets it after the runs' own spending is inconclusive, never red.",
  },
  {
    id: 'sparse-data',
    spec_line: "JSON/HTTP freedom: a deployment's data is its own; the spec shows none of it.",
    flips: [],
    description:
      'The seeded projects hold little: two conversations per project, a few execution logs, and knowledgebases of two short documents. A test that needs more creates it through the public API or a provider state, or stops as not checkable here.',
  },
] as const satisfies readonly VariantAxisSpec[];

export type VariantAxis = (typeof variantAxes)[number]['id'];

/** Every axis id, in table order. */
export const variantAxisIds: readonly VariantAxis[] = variantAxes.map((a) => a.id);

/** What FAKE_VARIANT takes to switch every axis on. */
export const ALL_VARIANT_AXES = 'all';

export const isVariantAxis = (id: string): id is VariantAxis =>
  (variantAxisIds as readonly string[]).includes(id);
