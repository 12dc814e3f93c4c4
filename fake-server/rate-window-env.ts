/**
 * The rate-limit window of `npm start` from the environment (FAKE-RATE-WINDOW-CONTROL): FAKE_RATE_WINDOW_MS (whole
 * ms, at least 1000) and FAKE_RATE_WINDOW (`fixed` or `sliding`); unset or empty, the default (one hour, fixed).
 */
import { z } from 'zod';
import { MIN_WINDOW_MS, type RateWindow, windowModes } from './domain/rate-limit.js';

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);

const RateWindowEnv = z.object({
  FAKE_RATE_WINDOW_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(MIN_WINDOW_MS).optional()),
  FAKE_RATE_WINDOW: z.preprocess(blankIsUnset, z.enum(windowModes).optional()),
});

/** The window the environment asks for; throws an Error naming the variable when a value is not accepted. */
export function rateWindowFromEnv(env: Record<string, string | undefined>): Partial<RateWindow> {
  const parsed = RateWindowEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${String(issue?.path[0])}=${env[String(issue?.path[0])]}: ${issue?.message}`);
  }
  const { FAKE_RATE_WINDOW_MS: ms, FAKE_RATE_WINDOW: mode } = parsed.data;
  return { ...(ms !== undefined ? { ms } : {}), ...(mode !== undefined ? { mode } : {}) };
}
