/** Rate limits, hourly caps and their 429 messages. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const L = 'Limits';
const PLATFORM_ROW = '| Platform token rate | 1000 requests per hour per token; exceeding gives 429 |';
const RAG_ROW = '| RAG endpoints hourly cap | Professional 200; Advanced and Agency 1000 |';

export const limitClauses = defineClauses([
  documented(
    'RATE-PLATFORM-1000',
    L,
    'A platform token may make 1000 requests per hour; the request after that within the hour gets 429.',
    PLATFORM_ROW,
  ),
  documented(
    'RATE-PLATFORM-PER-TOKEN',
    L,
    'The platform rate limit is counted per token: one token reaching its cap does not affect another token of the same organization.',
    PLATFORM_ROW,
  ),
  documented(
    'RATE-429-MESSAGE',
    'Errors',
    'A rate-limited Platform request gets 429 with message `Rate limit exceeded. Please try again later.`',
    '| 429 | Rate limit exceeded | Rate limit exceeded. Please try again later.',
  ),
  documented(
    'RATE-RAG-PROFESSIONAL-200',
    L,
    'The RAG endpoints are capped at 200 requests per hour on Professional.',
    RAG_ROW,
  ),
  documented(
    'RATE-RAG-ADVANCED-AGENCY-1000',
    L,
    'The RAG endpoints are capped at 1000 requests per hour on Advanced and Agency.',
    RAG_ROW,
  ),
  assumed(
    'RATE-ENTERPRISE-CAP',
    L,
    'The spec gives RAG hourly caps only for Professional, Advanced and Agency: for every other plan with RAG access (Enterprise today; any plan added later) the cap is configurable per organization, default 1000. Below Professional there is no RAG access (403), and those requests count against the smallest cap (RATE-CHECK-AFTER-CREDENTIAL).',
  ),
  documented(
    'RATE-SEARCH-KEY-100',
    L,
    'Project-key knowledgebase search allows 100 requests per hour, as its message states it for the plan (checked on Professional, the plan the Project Integration APIs start at); the request after that gets 429 with message `Rate limit exceeded. Your plan allows 100 requests per hour.`',
    [
      '| Project-key knowledgebase search | message states 100 requests per hour for the plan |',
      '(project-key search: Rate limit exceeded. Your plan allows 100 requests per hour.)',
    ],
  ),
  assumed(
    'RATE-SEARCH-KEY-EVERY-PLAN',
    L,
    'The project-key search cap is 100 requests per hour on every plan with access to it (Professional, Advanced, Agency, Enterprise), with the same 429 message. The spec gives the figure once, as the message states it "for the plan", without saying whether higher plans share it.',
  ),
  assumed(
    'RATE-WINDOW-FIXED-HOUR',
    L,
    'By default hourly caps count in fixed windows of one hour, each opened by the first request after the previous window ended: a request at 59:59.999 of the window still counts in it, the first at 60:00 opens a new one with a fresh count. Refused requests take no slot.',
  ),
  assumed(
    'RATE-WINDOW-SLIDING-OPTION',
    L,
    'The fake can count in a sliding window instead (FAKE-RATE-WINDOW-CONTROL): an admitted request counts for exactly one window length (from t to t + window - 1), so at any instant the requests admitted in the last window length count against the cap and slots free one by one; refused requests take no slot.',
  ),
  assumed(
    'RATE-HEADERS',
    L,
    'Every answer to a counted request (a valid credential on a capped operation: 2xx, 4xx and 429 alike) carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` (left in the window after this request) and `X-RateLimit-Reset` (epoch seconds, rounded up, at which the count next falls: the end of a fixed window; in sliding mode when the oldest counted request leaves). A 429 also carries `Retry-After`: whole seconds (at least 1, rounded up) until that instant, when a request is admitted again.',
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
