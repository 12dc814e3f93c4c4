/**
 * The Platform token cap: 1,000 requests an hour per token, every request with a valid token counting whatever its
 * outcome; keyed by the token's id, so a regenerated value keeps its count (RATE-PLATFORM-*, RATE-REGENERATE-KEEPS-COUNT).
 */
import { hourlyCaps } from '../../contract/index.js';
import type { PlatformCaller } from './authentication.js';
import type { DomainContext } from './context.js';
import { messages } from './errors.js';
import { tokenRateKey } from './rate-keys.js';
import type { RateDecision } from './rate-limit.js';

export function countPlatformRequest(domain: DomainContext, caller: PlatformCaller): RateDecision {
  return domain.limiter.hit(
    tokenRateKey(caller.token.id),
    hourlyCaps.platformTokenPerHour,
    domain.clock.now(),
    messages.rateLimited,
  );
}
