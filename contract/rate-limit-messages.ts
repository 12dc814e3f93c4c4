/**
 * The 429 messages of the spec's Errors table, written once. No imports (no zod), so the k6 load scripts can import
 * this file as it is.
 */
export const rateLimitMessages = {
  /** A Platform token or the RAG endpoints over their hourly cap (RATE-429-MESSAGE). */
  default: 'Rate limit exceeded. Please try again later.',
  /** The project-key knowledgebase search over its hourly cap (RATE-SEARCH-KEY-100). */
  projectKeySearch: 'Rate limit exceeded. Your plan allows 100 requests per hour.',
} as const;
