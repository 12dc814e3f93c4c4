/**
 * The options both entry points take to build the fake: the ones createFakeServer takes, with the wall-time source
 * replaced by a `clock` mode. Types only (the public declarations must not reach the fake's Koa types).
 */
import type { RuntimeOptions } from '../fake-server/runtime.js';

export type ClockMode = 'ticking' | 'frozen';

export interface FakeOptions extends Partial<Omit<RuntimeOptions, 'wallClock'>> {
  /**
   * `ticking`: the virtual clock also moves with real time; `frozen`: only the control API moves it. Either way
   * `control.advanceClock()` jumps ahead, and `control.reset({ clock_mode })` switches mode.
   * Default: `ticking` for startFake (as `npm start`), `frozen` for interceptChatbotApi.
   */
  clock?: ClockMode;
  /** Path of {base_url}. Default `/api/v1`. */
  basePath?: string;
  /** Path of {org_base_url}. Default `/org/api/v1`. */
  orgBasePath?: string;
  /** Prefix of the control API. Default `/_control`. */
  controlPrefix?: string;
  /** Secret of the control API (header `x-control-secret`). Default `fake-admin-secret`. */
  adminSecret?: string;
  /** Called with errors that escaped every rule (they answer 500 in the envelope). Default: ignored. */
  onUnexpectedError?: (err: unknown) => void;
  /**
   * Path of a state file (FAKE-STATE-FILE): the fake resumes from it when it exists (the seed is not applied) and
   * creates it from the seed when not; every acknowledged write is in it before the answer leaves. A file that is
   * not a valid state snapshot throws an Error naming the file and the problem, and is left untouched.
   */
  state?: string;
  /**
   * Page origins a browser may call the fake from (FAKE-CORS): exact origins (`http://localhost:5173`),
   * `scheme://host:*` for any port, `null` (file:// pages) or `*`. Default: localhost, 127.0.0.1 and [::1] on any
   * port, over http or https. A pattern that is none of these throws an Error naming it.
   */
  corsOrigins?: readonly string[];
}
