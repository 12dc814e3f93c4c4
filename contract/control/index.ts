/**
 * The fake's control API, described once (zod only, no HTTP): where each route lives (routes.ts), what it takes
 * and answers (requests.ts, views.ts, faults.ts, rag-script.ts; the table in api.ts), and a typed client over an
 * injected transport (client.ts).
 */
export * from './api.js';
export * from './client.js';
export * from './faults.js';
export * from './rag-script.js';
export * from './requests.js';
export * from './routes.js';
export * from './views.js';
