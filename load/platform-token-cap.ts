/**
 * k6: The Platform token cap: 1000 requests an hour per token (RATE-PLATFORM-1000, RATE-429-MESSAGE).
 * Run: npm run load:platform-token-cap (see load/README.md), or k6 run load/platform-token-cap.ts with TARGET_FILE or BASE_URL and friends.
 */
import { capScript } from './k6/cap-script.ts';

const script = capScript('platform-token-cap');

export const options = script.options;
export const setup = script.setup;
export default script.iteration;
export const teardown = script.teardown;
export const handleSummary = script.handleSummary;
