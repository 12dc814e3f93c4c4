/**
 * How a test file tells the breaking proxy it is starting (so the proxy applies that file's rule): the workers of a
 * sensitivity session load file-switch.setup.ts, which posts the file's path to the proxy before the file's hooks.
 */
/** Where a test file announces itself to the proxy (never sent on to the target). */
export const FILE_SWITCH_PATH = '/__breaking-proxy/file';
/** The env var that tells the workers the proxy's origin. */
export const PROXY_ORIGIN_ENV = 'BREAKING_PROXY_ORIGIN';
