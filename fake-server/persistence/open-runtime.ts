/**
 * The runtime of a fake with or without a state file (FAKE-STATE-FILE): with none, seeded as always; with a file
 * that does not exist, seeded and the file created at once; with a valid one, resumed from it (the seed is not
 * applied); with any other, StateFileError, and the file is left as it was.
 */
import { Runtime, type RuntimeOptions } from '../runtime.js';
import { DurableState } from './durable-state.js';
import { restoreSnapshot } from './restore-snapshot.js';
import { readStateFile } from './state-file.js';

export function openRuntime(
  options: Partial<RuntimeOptions>,
  stateFile: string | undefined,
): { runtime: Runtime; durable?: DurableState } {
  if (stateFile === undefined) return { runtime: new Runtime(options) };
  const saved = readStateFile(stateFile);
  if (!saved) {
    const runtime = new Runtime(options);
    const durable = new DurableState(runtime, stateFile, false);
    durable.save();
    return { runtime, durable };
  }
  const runtime = new Runtime(options, (fresh) => restoreSnapshot(saved, fresh.options));
  const durable = new DurableState(runtime, stateFile, true);
  durable.noteLoaded();
  return { runtime, durable };
}
