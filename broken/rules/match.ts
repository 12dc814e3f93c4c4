/** Which exchanges a rule touches: an operation of the public API, by its path below base_url or org_base_url. */
import type { Exchange } from '../rule.js';

export const isOperation = (req: Exchange, ...paths: string[]): boolean =>
  (req.route === 'base' || req.route === 'org') && paths.includes(req.path);

/** A Project Integration or RAG request: it carries the project key (api-key, x-api-key or a Bearer apk-). */
export const byProjectKey = (req: Exchange): boolean =>
  req.headers['api-key'] !== undefined ||
  req.headers['x-api-key'] !== undefined ||
  (req.headers.authorization ?? '').startsWith('Bearer apk-');
