/** Typed domain errors. Each carries its HTTP status and the message the spec (or our assumption) gives. */
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
} as const;

export const invalidParams = (
  details: readonly ErrorDetail[] = [],
  message: string = messages.invalidParams,
) => new DomainError(400, message, details);
export const unauthorized = (message: string = messages.invalidToken) => new DomainError(401, message);
export const forbidden = (message: string = messages.forbidden) => new DomainError(403, message);
export const notFound = (message: string) => new DomainError(404, message);
export const badRequest = (message: string) => new DomainError(400, message);
