/**
 * How a started fake stops (FAKE-PROCESS-STOP), whoever is told to stop it:
 * - SIGTERM or SIGINT to the node process itself;
 * - the same to its wrapper: `npm start` runs `sh -c "node scripts/start.mjs"`, and npm passes the signal to that
 *   shell, which dies of it without passing it on (dash does not exec its one command); a shell script running the
 *   fake behaves the same. The fake then finds itself re-parented (its parent pid changes) and stops as on SIGTERM;
 * - the parent going away for any other reason (killed with SIGKILL, crashed), or the IPC channel of a parent that
 *   spawned it with one closing.
 * A fake started with no parent to lose (its parent pid already 1 or 0: PID 1 of a container, or a process manager
 * that is init) has nothing to watch. Stopping: no new connection, the requests in flight finish and get their
 * answers, idle kept-alive connections close, `onClosed` runs, and the process exits 0; a connection still busy after
 * `graceMs` is cut.
 */
import type { Server } from 'node:http';

/** How often the parent pid is looked at: a re-parented fake stops within this (a getppid call each time). */
export const PARENT_POLL_MS = 200;
/** While stopping, how often connections that became idle (their answer sent) are closed. */
const IDLE_SWEEP_MS = 50;

export interface StopOptions {
  /** After the last connection closed, before exit 0 (the state file is saved there). */
  readonly onClosed: () => void;
  /** One line on stderr when the stop comes from the parent going away. */
  readonly say: (line: string) => void;
  /** How long requests in flight get before their connections are cut (default 10 s). */
  readonly graceMs?: number;
}

/** Install the stop on `server`: signals, the parent's going away; returns the stop itself (idempotent). */
export function stopGracefully(server: Server, options: StopOptions): () => void {
  let stopping = false;
  let watch: NodeJS.Timeout | undefined;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    clearInterval(watch);
    server.close(() => {
      options.onClosed();
      process.exit(0);
    });
    // A kept-alive connection whose request was in flight turns idle once answered: closed then, not at the cut.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    setTimeout(() => server.closeAllConnections(), options.graceMs ?? 10_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Spawned with an IPC channel (the memory probe, a test runner): its closing means the parent is gone.
  if (process.send) process.once('disconnect', stop);
  const parent = process.ppid;
  watch = setInterval(() => {
    if (parent <= 1 || process.ppid === parent) return;
    options.say(`its parent process (pid ${parent}) is gone: stopping as on SIGTERM`);
    stop();
  }, PARENT_POLL_MS);
  watch.unref();
  return stop;
}
