/** GET /_control/rate-limits: the window, the one a reset restores, and every live count (FAKE-RATE-WINDOW-CONTROL). */
import type { ControlRateLimits } from '../../contract/control/index.js';
import { DEFAULT_RATE_WINDOW } from '../domain/rate-limit.js';
import type { Runtime } from '../runtime.js';

export function rateLimitsView(runtime: Runtime): ControlRateLimits {
  const { limiter, clock } = runtime.domain;
  const { ms, mode } = limiter.window();
  return {
    window_ms: ms,
    mode,
    /** What the next control reset restores (the start-up window unless a reset gave another). */
    reset_window: { ...DEFAULT_RATE_WINDOW, ...runtime.options.rateWindow },
    /** Per key (`token:<id>`, `search-key:<project id>`, `rag:<project id>`), epoch ms. */
    counters: limiter.counters(clock.now()),
  };
}
