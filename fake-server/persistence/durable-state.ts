/**
 * A runtime kept in a state file (FAKE-STATE-ACKNOWLEDGED-DURABLE): `saveIfChanged` writes the snapshot when
 * anything but the clock's time differs from what the file holds; `save` writes it whatever. Both are synchronous,
 * so when they return the snapshot is on disk. Each write holds the clock's time of the moment.
 */
import type { Runtime } from '../runtime.js';
import { encodeSnapshot } from './snapshot-format.js';
import { writeStateFile } from './state-file.js';
import { clockPart, payloadJson, timelessPayload } from './take-snapshot.js';

export class DurableState {
  /** The timeless part and the clock mode of the snapshot the file holds (null: not known yet). */
  private written: { timeless: string; ticking: boolean } | null = null;
  /** How many snapshots this process wrote. */
  writes = 0;

  constructor(
    private readonly runtime: Runtime,
    readonly file: string,
    /** Whether the runtime was resumed from the file (else it was seeded and the file created). */
    readonly resumed: boolean,
  ) {}

  /** Note that the file holds the runtime as it is now (just read from it), so nothing is written until a change. */
  noteLoaded(): void {
    this.written = { timeless: JSON.stringify(timelessPayload(this.runtime)), ticking: this.runtime.ticking };
  }

  /** Write the snapshot if the state changed since the last write (the clock's time aside); true when written. */
  saveIfChanged(): boolean {
    const timeless = JSON.stringify(timelessPayload(this.runtime));
    const { ticking } = this.runtime;
    if (this.written && this.written.timeless === timeless && this.written.ticking === ticking) return false;
    this.write(timeless);
    return true;
  }

  /** Write the snapshot now, with the clock's current time. */
  save(): void {
    this.write(JSON.stringify(timelessPayload(this.runtime)));
  }

  private write(timeless: string): void {
    const clock = clockPart(this.runtime);
    // Forget what the file holds first: a failed write leaves it unknown, so the next request writes again.
    this.written = null;
    writeStateFile(this.file, encodeSnapshot(payloadJson(clock, timeless)));
    this.written = { timeless, ticking: clock.ticking };
    this.writes += 1;
  }
}
