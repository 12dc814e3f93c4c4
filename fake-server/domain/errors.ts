/**
 * The fake's errors, each named (`errors.projectNotFound()`): its HTTP status, its message (the spec's words, or the
 * fake's where the spec shows none) and the clauses that state them. No status-and-message pair is written anywhere
 * else; `invalidParams` carries the field details of a refused body.
 */
import { providerStateMessages } from '../../contract/provider-states/protocol.js';
import { rateLimitMessages } from '../../contract/rate-limit-messages.js';

export interface ErrorDetail {
  path: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: readonly ErrorDetail[],
    readonly headers?: Readonly<Record<string, string>>,
    /** The clauses that state this error (named errors only). */
    readonly clauses: readonly string[] = [],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const messages = {
  invalidToken: 'Invalid or revoked API token',
  creatorRemoved: 'Inactive token: the token creator is no longer a member of the organization',
  forbidden: 'You do not have permission to perform this action',
  notProjectMember: 'User is not a member of the project',
  projectNotFound: 'Project not found',
  sessionNotFound: 'Session not found',
  platformPlan: 'The Platform API requires the Advanced plan or above',
  integrationPlan: 'The Project Integration API requires the Professional plan or above',
  searchPlan: 'The Query Knowledgebase API requires the Professional plan or above',
  ragPlan: 'The RAG chat completion API requires the Professional plan or above',
  invalidApiKey: 'Invalid or revoked API key',
  invalidParams: 'Invalid params',
  rateLimited: rateLimitMessages.default,
  searchRateLimited: rateLimitMessages.projectKeySearch,
  insufficientCredits: 'Insufficient credits',
  invalidModel: (model: string) => `Invalid model '${model}'. Model not found in available models list.`,
  ragWrongFamily: (model: string, endpoint: string, families: string) =>
    `Model '${model}' is not served by the ${endpoint} endpoint, which serves ${families} models.`,
  invalidFromDate: "Invalid 'from' date format",
  invalidToDate: "Invalid 'to' date format",
  missingHost: 'Invalid params: the Host header is missing',
} as const;

/** An error by name: called with what its message needs, it is the DomainError to throw. */
export interface NamedError<A extends unknown[]> {
  (...args: A): DomainError;
  readonly status: number;
  readonly clauses: readonly string[];
}

function named<A extends unknown[] = []>(
  status: number,
  clauses: readonly string[],
  message: (...args: A) => string,
  headers?: (...args: A) => Record<string, string>,
): NamedError<A> {
  const make = (...args: A) =>
    new DomainError(status, message(...args), undefined, headers?.(...args), clauses);
  return Object.assign(make, { status, clauses });
}

/** Invalid params, with the field details of what was refused (ERR-INVALID-PARAMS-STATUS, -MESSAGE). */
export const invalidParams = (
  details: readonly ErrorDetail[] = [],
  message: string = messages.invalidParams,
) =>
  new DomainError(400, message, details, undefined, [
    'ERR-INVALID-PARAMS-STATUS',
    'ERR-INVALID-PARAMS-MESSAGE',
  ]);

const m = messages;

export const errors = {
  // Credentials, plans and access: the spec's messages.
  invalidToken: named(401, ['ERR-401-MESSAGE'], () => m.invalidToken),
  creatorRemoved: named(401, ['TOKEN-CREATOR-REMOVED-MESSAGE'], () => m.creatorRemoved),
  invalidApiKey: named(401, ['INTEGRATION-INVALID-KEY-401'], () => m.invalidApiKey),
  forbidden: named(403, ['ERR-403-MESSAGE'], () => m.forbidden),
  notProjectMember: named(403, ['AUTH-CREATOR-MEMBER-OF-PROJECT'], () => m.notProjectMember),
  platformPlan: named(403, ['AUTH-PLATFORM-PLAN-STATUS'], () => m.platformPlan),
  integrationPlan: named(403, ['INTEGRATION-PLAN-STATUS'], () => m.integrationPlan),
  searchPlan: named(403, ['SEARCH-KEY-PLAN-STATUS'], () => m.searchPlan),
  ragPlan: named(403, ['RAG-PLAN-PROFESSIONAL'], () => m.ragPlan),
  insufficientCredits: named(402, ['CREDITS-EXHAUSTED'], () => m.insufficientCredits),
  /** The hourly cap spent: the spec's message for the cap, the window's headers. */
  rateLimited: named<[message: string, headers: Record<string, string>]>(
    429,
    ['ERR-429-STATUS'],
    (message) => message,
    (_message, headers) => headers,
  ),
  // Resources the request names.
  projectNotFound: named(404, ['AUTH-UNKNOWN-PROJECT'], () => m.projectNotFound),
  sessionNotFound: named(
    404,
    ['SEND-MESSAGE-UNKNOWN-SESSION', 'SESSION-MESSAGES-UNKNOWN-SESSION', 'PLAYGROUND-UNKNOWN-SESSION'],
    () => m.sessionNotFound,
  ),
  widgetNotFound: named(404, ['INTEGRATION-WIDGET-MISMATCH'], () => 'Widget not found'),
  invalidModel: named(400, ['SET-MODEL-IN-LIST', 'PLAYGROUND-AGENT-SETTING-MODEL-IN-LIST'], (model: string) =>
    m.invalidModel(model),
  ),
  invalidFromDate: named(400, ['STATS-FROM-FORMAT-MESSAGE'], () => m.invalidFromDate),
  invalidToDate: named(400, ['STATS-TO-FORMAT-MESSAGE'], () => m.invalidToDate),
  limitAbovePlan: named(
    400,
    ['USAGE-LIMIT-ABOVE-PLAN-STATUS'],
    (limitType: string) => `Limit for ${limitType} exceeds the plan allocation`,
  ),
  limitBelowUsage: named(
    400,
    ['USAGE-LIMIT-BELOW-USAGE-STATUS'],
    (limitType: string) => `Limit for ${limitType} cannot be below current usage`,
  ),
  inviteAlreadyMember: named(
    400,
    ['INVITE-ALREADY-MEMBER'],
    () => 'User is already a member of the organization',
  ),
  invitePending: named(
    400,
    ['INVITE-DUPLICATE-PENDING'],
    () => 'An invitation is already pending for this email',
  ),
  // The HTTP layer: routes, methods and bodies.
  routeNotFound: named(404, ['ERR-UNKNOWN-ROUTE'], () => 'Route not found'),
  methodNotAllowed: named<[method: string, allow?: string]>(
    405,
    ['ERR-METHOD-NOT-ALLOWED'],
    (method, allow = 'POST') => `Method ${method} not allowed; use ${allow}`,
    (_method, allow = 'POST') => ({ Allow: allow }),
  ),
  bodyTooLarge: named(413, ['ERR-BODY-TOO-LARGE'], () => 'Request body too large'),
  unsupportedBody: named(
    415,
    ['ERR-CONTENT-ENCODING'],
    (detail: string) => `Unsupported request body${detail}`,
  ),
  unsupportedContentType: named(
    415,
    ['ERR-UNSUPPORTED-MEDIA-TYPE'],
    (expected: string) => `Unsupported content type: expected ${expected}`,
  ),
  unsupportedEncoding: named(
    415,
    ['ERR-CONTENT-ENCODING'],
    (encoding: string) => `Unsupported content encoding: ${encoding}`,
  ),
  missingHost: named(400, ['FAKE-HTTP-LAYER-ENVELOPE'], () => m.missingHost),
  ragUnknownPath: named(
    404,
    ['RAG-UNKNOWN-ROUTE-NATIVE'],
    (method: string, path: string) => `Unknown path: ${method} ${path}`,
  ),
  ragNotJson: named(400, ['RAG-BAD-REQUEST-400'], (message: string) => message),
  // The control API and the provider states (the fake's own).
  controlSecret: named(401, ['FAKE-CONTROL-SECRET'], () => 'Invalid control secret'),
  controlOutOfScope: named(
    403,
    ['FAKE-CONTROL-SCOPED-SECRET'],
    (organizationId: number) =>
      `This control secret is scoped to organization ${organizationId}: it cannot act on other organizations or on the whole fake`,
  ),
  organizationNotFound: named(404, ['FAKE-CONTROL-SEEDING'], () => 'Organization not found'),
  userNotFound: named(404, ['FAKE-CONTROL-SEEDING'], () => 'User not found'),
  memberNotFound: named(404, ['FAKE-CONTROL-SEEDING'], () => 'Member not found'),
  projectMemberNotFound: named(404, ['FAKE-CONTROL-SEEDING'], () => 'Project member not found'),
  tokenNotFound: named(404, ['FAKE-CONTROL-SEEDING'], (id: number) => `Token ${id} not found`),
  documentNotFound: named(404, ['FAKE-CONTROL-SEEDING'], () => 'Document not found'),
  assistantMessageNotFound: named(404, ['FAKE-MODEL-SCRIPT'], () => 'Assistant message not found'),
  modelNotFound: named(404, ['FAKE-CONTROL-SEEDING'], () => 'Model not found'),
  faultRuleNotFound: named(404, ['FAKE-FAULT-INJECTION'], () => 'Fault rule not found'),
  unknownFaultOperation: named(
    400,
    ['FAKE-FAULT-INJECTION'],
    (operation: string) => `Invalid params: operation must be * or an operation id, not ${operation}`,
  ),
  emailTaken: named(409, ['FAKE-CONTROL-SEEDING'], (email: string) => `A user with email ${email} exists`),
  alreadyOrganizationMember: named(
    409,
    ['FAKE-CONTROL-SEEDING'],
    () => 'User is already a member of the organization',
  ),
  tokenTransition: named(
    409,
    ['FAKE-CONTROL-SEEDING'],
    (action: string, state: string) => `Cannot ${action} a token that is ${state}`,
  ),
  idNotInteger: named(400, ['FAKE-CONTROL-SEEDING'], () => 'Invalid params: id must be an integer'),
  clockBackwards: named(400, ['FAKE-CONTROL-SEEDING'], () => 'Invalid params: the clock only moves forward'),
  consistencyMax: named(400, ['FAKE-CONSISTENCY-CHECK'], () => 'Invalid params: max must be an integer >= 0'),
  bodyUnreadable: named(400, ['FAKE-STATE-SNAPSHOT'], () => 'Invalid params: the body could not be read'),
  invalidSnapshot: named(400, ['FAKE-STATE-SNAPSHOT'], (why: string) => `Invalid state snapshot: ${why}`),
  unknownProviderState: named(404, ['FAKE-PROVIDER-STATES'], (name: string) =>
    providerStateMessages.unknownState(name),
  ),
  providerStatesSecret: named(401, ['FAKE-PROVIDER-STATES'], () => providerStateMessages.invalidSecret),
  organizationWithoutOwner: named(
    409,
    ['FAKE-PROVIDER-STATES'],
    (organizationId: number) => `Organization ${organizationId} has no owner`,
  ),
} as const;
