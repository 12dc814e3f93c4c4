/**
 * The state file on disk (FAKE-STATE-FILE): read whole and refused with the reason when it is not a snapshot this
 * fake can load (never changed, renamed or overwritten then); written atomically (FAKE-STATE-ATOMIC) with
 * write-file-atomic: a temporary file in the same folder, fsync, rename over the file; then the folder is synced,
 * so the rename itself is on disk before the caller goes on.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { decodeSnapshot, SnapshotError } from './snapshot-format.js';
import type { SnapshotPayload } from './snapshot-schema.js';

/** A state file the fake will not start from; the message names the file and says what is wrong, on one line. */
export class StateFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`state file ${file}: ${reason}; refusing to start (the file is left as it is)`);
    this.name = 'StateFileError';
  }
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The payload of the state file at `file`; null when there is no such file. Anything else: StateFileError. */
export function readStateFile(file: string): SnapshotPayload | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StateFileError(file, `cannot be read (${oneLine((err as Error).message)})`);
  }
  try {
    return decodeSnapshot(text);
  } catch (err) {
    if (err instanceof SnapshotError) throw new StateFileError(file, err.message);
    throw err;
  }
}

/** Sync a folder's entries (the rename); where folders cannot be opened for that (Windows), the rename stands. */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Not supported on this platform: write-file-atomic already synced the data.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

type WriteFileAtomic = typeof import('write-file-atomic');
let atomic: WriteFileAtomic | undefined;
/**
 * write-file-atomic, loaded from node_modules when first needed: it is CommonJS and reads `__filename`, which the
 * ESM bundle of `npm start` does not define, so it is required at run time rather than bundled.
 */
export const writeFileAtomic = (): WriteFileAtomic => {
  atomic ??= createRequire(import.meta.url)('write-file-atomic') as WriteFileAtomic;
  return atomic;
};

/** Replace the file's content with `text`, atomically: a reader sees the old file or the new one, never a mix. */
export function writeStateFile(file: string, text: string): void {
  const folder = dirname(resolve(file));
  mkdirSync(folder, { recursive: true });
  writeFileAtomic().sync(file, text, { encoding: 'utf8', fsync: true });
  syncFolder(folder);
}
