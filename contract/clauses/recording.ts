/** Rules of the harness's record and replay (recording/, `npm run conformance -- --record DIR | --replay DIR`). */
import { assumed } from './define.js';

const R = 'Harness/Record and replay';

export const recordingClauses = [
  assumed(
    'RECORD-CASSETTES',
    R,
    'Recording keeps every request a test file sends (through the suites, the control API or an official SDK) and its answer, streamed bodies whole, resets and network errors included, in one cassette per test file, in the order sent.',
  ),
  assumed(
    'RECORD-REDACTION',
    R,
    'No credential or personal value reaches a cassette: tokens, project keys, control secrets and credential headers become placeholders derived from a hash of the value (the same everywhere, so replay can match); emails, user and member names, invitation hashes and profile pictures first seen in an answer become keyed placeholders; what the harness itself sent stays.',
  ),
  assumed(
    'REPLAY-OFFLINE',
    R,
    'Replay answers each request from its test file cassette with the first not yet replayed interaction matching method, path, headers (other than client telemetry) and body (JSON compared as data), with its recorded delay, reset or error, and sends nothing to the network.',
  ),
  assumed(
    'REPLAY-MISS-CLOSEST',
    R,
    'A request that no interaction of its cassette matches is refused with an error that names the closest recorded request, its cassette and interaction, and what differs (method, path, header or body), or says that it was already replayed.',
  ),
];
