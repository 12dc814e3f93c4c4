/**
 * How a test file tells the breaking proxy it is starting (so the proxy applies that file's rule): the workers of a
 * sensitivity session load file-switch.setup.ts, which posts the file's path to the proxy before the file's hooks.
 */
/** Where a test file announces itself to the proxy (never sent on to the target). */
export const FILE_SWITCH_PATH = '/__breaking-proxy/file';
/** Where each test tells the proxy it is starting (its vitest task id): the blast-radius check's observation. */
export const TEST_SWITCH_PATH = '/__breaking-proxy/test';
/** The env var that tells the workers the proxy's origin. */
export const PROXY_ORIGIN_ENV = 'BREAKING_PROXY_ORIGIN';
/**
 * With several lanes (a target and a proxy each, files side by side): the lanes as JSON, `[{origin, target}]`,
 * `target` the proxied target config file. A worker takes the lane of its vitest pool id (VITEST_POOL_ID, 1 to the
 * number of workers), so each lane runs one file at a time.
 */
export const PROXY_LANES_ENV = 'BREAKING_PROXY_LANES';

export interface Lane {
  readonly origin: string;
  readonly target: string;
}

/** The lane of the worker with pool id `poolId`, from the lanes' JSON. */
export function laneOf(lanes: string, poolId: string | undefined): Lane | undefined {
  const list = JSON.parse(lanes) as Lane[];
  return list[(Math.max(1, Number(poolId ?? 1) || 1) - 1) % list.length];
}
