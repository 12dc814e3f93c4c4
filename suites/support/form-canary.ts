/**
 * Whether the target reads a form-urlencoded body at all (issue 39, "one defect, one red"): the simplest valid call of
 * getSessions (`project_uid` and `limit` 1, form-urlencoded, the owner token), sent once per test file. getSessions
 * and getSessionMessages are the spec's two form operations; a server that does not read that encoding refuses every
 * call of both, and without this check each test that lists sessions or messages (to read a status, a page, a
 * retention, an access cell) would turn its own clause red for that one defect. Before a test's first call of either
 * operation the canary's answer is checked: a refused canary reds SESSIONS-FORM-ENCODED alone and stops the test
 * (inside an arrangement, the arrangement fails; inside an assumed check, that check warns).
 */
import { expect } from 'vitest';
import type { Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import { readable } from './strength.js';

/** The canary's answer per target (per test file), or undefined where it cannot be sent (no owner token or project). */
const answers = new WeakMap<Target, Promise<RawResponse | undefined>>();

const canary = (t: Target): Promise<RawResponse | undefined> => {
  let answer = answers.get(t);
  if (!answer) {
    answer =
      t.config.tokens.owner && t.config.project_uid
        ? t.call('getSessions', {
            auth: { token: 'owner' },
            body: { project_uid: t.config.project_uid, limit: 1 },
            hooks: false,
          })
        : Promise.resolve(undefined);
    answers.set(t, answer);
  }
  return answer;
};

/** The form operations the canary speaks for. */
export const FORM_OPERATIONS: ReadonlySet<string> = new Set(['getSessions', 'getSessionMessages']);

/**
 * Before a test reads a form operation (`operationId`; undefined, nothing to wait for, for the others): the simplest
 * valid form call succeeds, else SESSIONS-FORM-ENCODED turns red and the test stops there. useTarget() runs it before
 * every call of a form operation (Target.beforeCall).
 */
export function formReadBefore(t: Target, operationId: string): Promise<void> | undefined {
  if (!FORM_OPERATIONS.has(operationId)) return undefined;
  return expectFormRead(t);
}

async function expectFormRead(t: Target): Promise<void> {
  const res = await canary(t);
  if (!res || res.status === 429) return;
  readable('SESSIONS-FORM-ENCODED', () =>
    expect(
      res.status >= 200 && res.status < 300,
      `the simplest valid getSessions call (form-urlencoded project_uid and limit 1, the owner token) was refused: ${res.status} ${res.text.slice(0, 200)}`,
    ).toBe(true),
  );
}
