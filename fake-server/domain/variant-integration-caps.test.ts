/**
 * The variant's integration caps count only what the axis caps: nothing when `integration-caps` is off (even in a
 * variant of other axes), and only createSession, sendMessage and getChatbotExecutionLogs when it is on.
 */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { countIntegrationCall, INTEGRATION_CAP_PER_HOUR } from './variant-integration-caps.js';

const projectOf = (runtime: Runtime) => Object.values(runtime.seeded!.projects)[0]!;

describe('the variant integration caps [FAKE-VARIANT, RATE-INTEGRATION-OTHERS-UNCAPPED]', () => {
  it('count nothing in a variant without the integration-caps axis', () => {
    const runtime = new Runtime({ variant: ['tie-orders'] });
    const domain = runtime.domain;
    for (const op of ['createSession', 'sendMessage', 'getChatbotExecutionLogs'])
      expect(countIntegrationCall(domain, projectOf(runtime), op), op).toBeNull();
    expect(domain.limiter.counters(domain.clock.now())).toEqual({});
  });

  it('with the axis, count the three capped operations apart and nothing else', () => {
    const runtime = new Runtime({ variant: ['integration-caps'] });
    const domain = runtime.domain;
    const project = projectOf(runtime);
    for (const op of ['searchIndexDocument', 'getSessions', 'getSessionMessages'])
      expect(countIntegrationCall(domain, project, op), op).toBeNull();
    expect(domain.limiter.counters(domain.clock.now())).toEqual({});
    for (const op of ['createSession', 'sendMessage', 'getChatbotExecutionLogs'])
      expect(countIntegrationCall(domain, project, op), op).toMatchObject({
        limit: INTEGRATION_CAP_PER_HOUR,
        remaining: INTEGRATION_CAP_PER_HOUR - 1,
      });
    expect(Object.keys(domain.limiter.counters(domain.clock.now()))).toHaveLength(3);
  });
});
