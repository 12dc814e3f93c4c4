/** Vitest setup file of a sensitivity session: each test file announces itself to the breaking proxy first. */
import { beforeAll, expect } from 'vitest';
import { FILE_SWITCH_PATH, PROXY_ORIGIN_ENV } from './file-switch.js';

const origin = process.env[PROXY_ORIGIN_ENV];
if (origin) {
  beforeAll(async () => {
    const file = expect.getState().testPath ?? '';
    const res = await fetch(`${origin}${FILE_SWITCH_PATH}`, { method: 'POST', body: file });
    if (res.status !== 204)
      throw new Error(`the breaking proxy did not take the switch to ${file}: ${res.status}`);
  });
}
