/**
 * k6: The RAG endpoints' hourly cap by plan: Professional 200, Advanced and Agency 1000, Enterprise as configured (RATE-RAG-PROFESSIONAL-200, RATE-RAG-ADVANCED-AGENCY-1000, RATE-ENTERPRISE-CAP).
 * Run: npm run load:rag-cap (see load/README.md), or k6 run load/rag-cap.ts with TARGET_FILE or BASE_URL and friends.
 */
import { capScript } from './k6/cap-script.ts';

const script = capScript('rag-cap');

export const options = script.options;
export const setup = script.setup;
export default script.iteration;
export const teardown = script.teardown;
export const handleSummary = script.handleSummary;
