/** Error messages of the spec that many suites check, written once. */

/** 403: the token may not do this. */
export const FORBIDDEN = 'You do not have permission to perform this action';

/** 400: a body or parameter the operation does not accept. */
export const INVALID_PARAMS = 'Invalid params';

/** 401: no token, a malformed one, or one that is not valid. */
export const INVALID_TOKEN = 'Invalid or revoked API token';

/** 403: the token's creator is not a member of the project. */
export const NOT_MEMBER = 'User is not a member of the project';

/** 403: the organization's plan is below Advanced. */
export const PLAN_REQUIRED = 'The Platform API requires the Advanced plan or above';

/** 401 on the Project Integration family: no project key, or one that is not valid (INTEGRATION-INVALID-KEY-401). */
export const INVALID_KEY = 'Invalid or revoked API key';

/** 429 over a Platform token's hourly cap, and over a RAG cap (RATE-429-MESSAGE). */
export const RATE_LIMITED = 'Rate limit exceeded. Please try again later.';

/** 429 over the project-key knowledgebase search cap (RATE-SEARCH-KEY-100). */
export const SEARCH_RATE_LIMITED = 'Rate limit exceeded. Your plan allows 100 requests per hour.';
