/**
 * The request journal's store: the latest `capacity` entries, oldest first, in a ring (adding one is O(1), where
 * trimming an array from the front moves every entry). The instant may be kept as a number and is formatted when
 * the journal is read, not on every request.
 */
import type { JournalEntry } from '../contract/control-journal.js';

/** An entry as recorded: `at` as ISO 8601, or as epoch ms to be formatted on reading. */
export type RecordedEntry = Omit<JournalEntry, 'at'> & { at: string | number };

export class JournalRing {
  private readonly slots: RecordedEntry[] = [];
  /** Index of the oldest entry once the ring is full. */
  private start = 0;

  constructor(readonly capacity: number) {}

  add(entry: RecordedEntry): void {
    if (this.slots.length < this.capacity) this.slots.push(entry);
    else {
      this.slots[this.start] = entry;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** The kept entries, oldest first. */
  entries(): JournalEntry[] {
    const n = this.slots.length;
    const out: JournalEntry[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const e = this.slots[(this.start + i) % n]!;
      out[i] = {
        at: typeof e.at === 'number' ? new Date(e.at).toISOString() : e.at,
        method: e.method,
        path: e.path,
        operation: e.operation,
        status: e.status,
        message: e.message,
      };
    }
    return out;
  }

  clear(): void {
    this.slots.length = 0;
    this.start = 0;
  }
}
