/**
 * k6: The project-key knowledgebase search cap: 100 requests an hour, 429 with its own message (RATE-SEARCH-KEY-100).
 * Run: npm run load:kb-search-cap (see load/README.md), or k6 run load/kb-search-cap.ts with TARGET_FILE or BASE_URL and friends.
 */
import { capScript } from './k6/cap-script.ts';

const script = capScript('kb-search-cap');

export const options = script.options;
export const setup = script.setup;
export default script.iteration;
export const teardown = script.teardown;
export const handleSummary = script.handleSummary;
