/** Rate limits, hourly caps and their 429 messages. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const L = 'Limits';

export const limitClauses = defineClauses([
  documented(
    'RATE-PLATFORM-1000',
    L,
    'A platform token may make 1000 requests per hour; the request after that within the hour gets 429.',
  ),
  documented(
    'RATE-PLATFORM-PER-TOKEN',
    L,
    'The platform rate limit is counted per token: one token reaching its cap does not affect another token of the same organization.',
  ),
  documented(
    'RATE-429-MESSAGE',
    'Errors',
    'A rate-limited Platform request gets 429 with message `Rate limit exceeded. Please try again later.`',
  ),
  documented(
    'RATE-RAG-PROFESSIONAL-200',
    L,
    'The RAG endpoints are capped at 200 requests per hour on Professional.',
  ),
  documented(
    'RATE-RAG-ADVANCED-AGENCY-1000',
    L,
    'The RAG endpoints are capped at 1000 requests per hour on Advanced and Agency.',
  ),
  assumed(
    'RATE-ENTERPRISE-CAP',
    L,
    'The Enterprise RAG hourly cap is configurable per organization, default 1000.',
  ),
  documented(
    'RATE-SEARCH-KEY-100',
    L,
    'Project-key knowledgebase search allows 100 requests per hour; the request after that gets 429 with message `Rate limit exceeded. Your plan allows 100 requests per hour.`',
  ),
  assumed(
    'RATE-WINDOW-FIXED-HOUR',
    L,
    'Hourly caps count in fixed windows of one hour, each starting at the first request of the window; the count resets when the window ends.',
  ),
  assumed(
    'RATE-HEADERS',
    L,
    'A 429 carries `Retry-After` (whole seconds until the window ends); every response of a capped operation carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (epoch seconds of the window end).',
  ),
  assumed(
    'RATE-PLATFORM-PER-TOKEN-ALL-OPERATIONS',
    L,
    'Every Platform request with a valid token counts towards its hourly cap, whatever the operation and whatever its outcome (including 4xx and 429 answers).',
  ),
  assumed(
    'RATE-CHECK-AFTER-CREDENTIAL',
    L,
    'The rate check runs right after the credential check: a request over the cap gets 429 before plan, permission or body checks.',
  ),
  assumed(
    'RATE-REGENERATE-KEEPS-COUNT',
    L,
    'A regenerated token keeps its request count within the current window.',
  ),
  assumed('RATE-RAG-SCOPE', L, 'The RAG cap is counted per project across both RAG endpoints.'),
  assumed('RATE-SEARCH-KEY-SCOPE', L, 'The project-key search cap is counted per project.'),
  assumed(
    'RATE-INTEGRATION-OTHERS-UNCAPPED',
    L,
    'Rate limits of createSession, sendMessage and getChatbotExecutionLogs are not shown: the fake applies none.',
  ),
]);
