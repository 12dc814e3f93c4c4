/**
 * `integration-caps` (FAKE-VARIANT): the spec gives no cap for createSession, sendMessage and
 * getChatbotExecutionLogs; the variant caps each at 300 requests an hour per project, in the fake's rate limiter
 * (so its window, its control view and /_control/rate-limits/reset apply), right after the key check.
 */

import { variantOn } from '../variant/axes.js';
import type { DomainContext } from './context.js';
import { messages } from './errors.js';
import { projectRateKey } from './rate-keys.js';
import type { RateDecision } from './rate-limit.js';
import type { Project } from './state.js';

export const INTEGRATION_CAP_PER_HOUR = 300;

const capped = new Set(['createSession', 'sendMessage', 'getChatbotExecutionLogs']);

/** Count the request against its cap (429 over it); null when the axis is off or the operation is not capped. */
export function countIntegrationCall(
  domain: DomainContext,
  project: Project,
  operationId: string,
): RateDecision | null {
  if (!variantOn(domain, 'integration-caps') || !capped.has(operationId)) return null;
  return domain.limiter.hit(
    projectRateKey(`integration-${operationId}`, project.id),
    INTEGRATION_CAP_PER_HOUR,
    domain.clock.now(),
    messages.rateLimited,
  );
}
