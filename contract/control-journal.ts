/**
 * The fake's request journal as the control API shows it (FAKE-REQUEST-JOURNAL): `GET /_control/journal` lists
 * these entries, oldest first; `DELETE /_control/journal` empties it. Declared in contract/control/views.ts (the
 * control API's one description); kept here for its importers.
 */
export type { JournalEntry } from './control/views.js';
