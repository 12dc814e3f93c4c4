/**
 * A path as the routers match it: @koa/router ignores case and trailing slashes by default, so whatever compares an
 * asked path with a route's (the fallback's 405, the RAG prefixes' 405, the route gate) folds both alike:
 * `GET /API/v1/getMyProjects//` is the path of getMyProjects.
 */
export const routePath = (path: string): string => (path.replace(/\/+$/, '') || '/').toLowerCase();
