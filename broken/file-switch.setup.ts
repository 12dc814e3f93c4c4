/**
 * Vitest setup file of a sensitivity or blast-radius session: each test file announces itself to the breaking proxy
 * first; with several lanes, the worker's lane gives the proxy and the target config the file runs against.
 */
import { beforeAll, beforeEach, expect } from 'vitest';
import { TARGET_ENV } from '../suites/reporting/target-info.js';
import {
  FILE_SWITCH_PATH,
  laneOf,
  PROXY_LANES_ENV,
  PROXY_ORIGIN_ENV,
  TEST_SWITCH_PATH,
} from './file-switch.js';

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
  // Each test announces itself too (before the file's own beforeEach hooks, registered after this file's): the
  // observation of the blast-radius check takes a rule's tests from the first one it touched.
  beforeEach(async (ctx) => {
    const res = await fetch(`${origin}${TEST_SWITCH_PATH}`, { method: 'POST', body: ctx.task.id });
    if (res.status !== 204)
      throw new Error(`the breaking proxy did not take the switch to a test: ${res.status}`);
  });
}
