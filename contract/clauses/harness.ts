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
];
