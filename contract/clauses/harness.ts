/** Rules of the harness itself (not of the API): how reports are built. */
import { assumed } from './define.js';

const H = 'Harness';

export const harnessClauses = [
  assumed(
    'REPORT-MATRIX',
    H,
    'The conformance report maps every clause to the tests citing it: fail if any citing test fails, pass if one passes and none fails, skip (with reasons) if all are skipped, untested if none cites it. Documented failures fail the run; assumed failures fail it only against the fake.',
  ),
  assumed(
    'FAKE-DETERMINISTIC-SEED',
    H,
    'The fake is deterministic: the same seed gives the same ids, tokens, keys, fixtures and replies, and time moves only when the control API (or a test) moves the virtual clock.',
  ),
  assumed(
    'FAKE-CONTROL-SECRET',
    H,
    'The fake control API (reset, clock, tokens, journal, …) answers only requests that carry its admin secret in `x-control-secret`; any other request gets 401 `Invalid control secret` in the error envelope and changes nothing.',
  ),
  assumed(
    'FAKE-REQUEST-JOURNAL',
    H,
    'The fake records every public API request (time, method, path, operation id or null, status, envelope message) in a bounded journal (the latest 2000), readable and clearable through the control API; control requests are not recorded.',
  ),
  assumed(
    'TOKEN-CREATOR-REMOVED-PERMANENT',
    'States/API token',
    'The spec gives no way out of "unusable": a token whose creator was removed from the organization stays unusable (401 with the creator message) even if the creator is added back later.',
  ),
  assumed(
    'RETENTION-SWEEP',
    'Resources/Project retention',
    'When conversation history is deleted is not shown: the fake deletes a session and its messages as soon as its age (from its last activity) exceeds retention_duration seconds on the virtual clock; reads never see it again.',
  ),
];
