/** Clauses on the fake's durable state (issue 7): the state file, its snapshot format and the control API's export. */
import type { Clause } from './clause.js';
import { assumed } from './define.js';

const D = 'Durable state (fake)';

export const durabilityClauses: readonly Clause[] = [
  assumed(
    'FAKE-STATE-FILE',
    D,
    "`npm start -- --state FILE`, and the `state: FILE` option of createFakeServer, startFake and interceptChatbotApi, keep the fake's state in FILE across restarts: a missing file is created from the seed at once; an existing valid one is resumed (the seed is not applied, so the target config, tokens and project keys stay valid). Everything the state holds persists (stores, knowledgebase documents, scripted replies, credits, settings, id counters and the seeded generator's position, rate-limit window and live counts, runtime options, what the seed handed out); fault rules and the request journal do not. A control reset is a write: the reset state is what the file then holds.",
  ),
  assumed(
    'FAKE-STATE-CLOCK',
    D,
    'With a state file, virtual time is saved at each write (and at a clean stop of npm start or startFake); a restarted fake resumes at that time: a frozen clock stays where it was, a ticking clock ticks on from there (time that passed after the last write, or while the fake was down, is not added).',
  ),
  assumed(
    'FAKE-STATE-ACKNOWLEDGED-DURABLE',
    D,
    'Every write the fake acknowledges is in the state file before the acknowledgement leaves: after any request that changed the state (a read that counted against an hourly cap included) and any successful control request other than GET, the snapshot is written and synced before the first byte of the answer, for a RAG stream before its first event. Killing the fake (kill -9) at any moment loses no write a client saw acknowledged; a write that was not acknowledged is either wholly there or wholly absent.',
  ),
  assumed(
    'FAKE-STATE-ATOMIC',
    D,
    'The state file is replaced atomically (a temporary file in the same folder, fsync, rename, folder sync): a reader, or a fake restarted after a crash, always finds a whole valid snapshot, never a mix of two; no temporary file is left behind in normal operation.',
  ),
  assumed(
    'FAKE-STATE-REFUSE-CORRUPT',
    D,
    'A state file that is empty, truncated or not JSON, foreign (any other JSON), of another version, corrupt (the SHA-256 checksum does not match its payload) or inconsistent (a payload that does not match the schema or refers to missing records) or that cannot be read is refused: npm start exits 2 with one line naming the file and what is wrong, the library throws an Error saying the same; the file is never changed, renamed or overwritten.',
  ),
  assumed(
    'FAKE-STATE-SNAPSHOT',
    D,
    'A snapshot is one JSON document `{"format": "chatbot-platform-fake-state", "version": 1, "sha256": <hex SHA-256 of the payload\'s JSON text>, "payload": {...}}`. GET /_control/state answers the current state in that format (the state file\'s own); PUT /_control/state replaces the whole state with one (fault rules and the journal are cleared, as by a reset) and answers the target config of the imported state; a document the state file would be refused for answers 400 in the error envelope and leaves the state as it was. A state exported and imported into another fake answers every public request as the original does.',
  ),
];
