/** Error messages of the spec that many suites check, written once. */

/** 403: the token may not do this. */
export const FORBIDDEN = 'You do not have permission to perform this action';

/** 400: a body or parameter the operation does not accept. */
export const INVALID_PARAMS = 'Invalid params';

/** 401: no token, a malformed one, or one that is not valid. */
export const INVALID_TOKEN = 'Invalid or revoked API token';

/** 403: the token's creator is not a member of the project (the fake's words: AUTH-NOT-MEMBER-STATUS). */
export const NOT_MEMBER = 'User is not a member of the project';

/**
 * What the spec says of that message ("the error says the user is not a member of the project"), without quoting it:
 * any faithful wording speaks of membership and of the project (`User is not a member of this project`, `Not a
 * project member`), so only those two words are required (AUTH-CREATOR-MEMBER-OF-PROJECT).
 */
export const NOT_MEMBER_GIST = /^(?=[\s\S]*member)(?=[\s\S]*project)/i;

/** 401: the token's creator left the organization (the fake's words: TOKEN-CREATOR-REMOVED-MESSAGE). */
export const CREATOR_LEFT = 'Inactive token: the token creator is no longer a member of the organization';

/**
 * What the spec says of that message ("inactive token message naming that the creator is no longer a member"),
 * without quoting it: any faithful wording speaks of membership (`…the user who created this token is no longer a
 * member of the organization`), so only that word is required (TOKEN-CREATOR-REMOVED-MESSAGE-GIST).
 */
export const CREATOR_LEFT_GIST = /member/i;

/** 403: the organization's plan is below Advanced. */
export const PLAN_REQUIRED = 'The Platform API requires the Advanced plan or above';

/** 401 on the Project Integration family: no project key, or one that is not valid (INTEGRATION-INVALID-KEY-401). */
export const INVALID_KEY = 'Invalid or revoked API key';

/** 429 over a Platform token's hourly cap, and over a RAG cap (RATE-429-MESSAGE). */
export const RATE_LIMITED = 'Rate limit exceeded. Please try again later.';

/** 429 over the project-key knowledgebase search cap (RATE-SEARCH-KEY-100). */
export const SEARCH_RATE_LIMITED = 'Rate limit exceeded. Your plan allows 100 requests per hour.';
