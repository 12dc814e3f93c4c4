/**
 * Vitest setup file of a sensitivity or blast-radius session: each test file announces itself to the breaking proxy
 * first; with several lanes, the worker's lane gives the proxy and the target config the file runs against.
 */
import { beforeAll, expect } from 'vitest';
import { TARGET_ENV } from '../suites/reporting/target-info.js';
import { FILE_SWITCH_PATH, laneOf, PROXY_LANES_ENV, PROXY_ORIGIN_ENV } from './file-switch.js';

const lanes = process.env[PROXY_LANES_ENV];
const lane = lanes ? laneOf(lanes, process.env.VITEST_POOL_ID) : undefined;
if (lane) {
  process.env[PROXY_ORIGIN_ENV] = lane.origin;
  process.env[TARGET_ENV] = lane.target;
}
const origin = process.env[PROXY_ORIGIN_ENV];
if (origin) {
  beforeAll(async () => {
    const file = expect.getState().testPath ?? '';
    const res = await fetch(`${origin}${FILE_SWITCH_PATH}`, { method: 'POST', body: file });
    if (res.status !== 204)
      throw new Error(`the breaking proxy did not take the switch to ${file}: ${res.status}`);
  });
}
