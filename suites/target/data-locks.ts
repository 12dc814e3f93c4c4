/**
 * Who may touch the target's shared data at once, when test files run side by side (`--concurrency N`,
 * HARNESS-CONCURRENT-FILES): a table of locks over named resources (shared-data.ts). Readers share a resource, and so
 * do writers (the suites' writes add to shared data, or change values no other file reads back: a file that reads
 * back what it wrote claims the read too), but a reader and a writer never hold one resource at once; an `exclusive`
 * claim holds it against every other. A file asks for
 * all its claims at once and gets all or nothing, so no two files ever wait on each other (no deadlock). Requests are
 * granted in the order they came, and one that waits holds back every later request it conflicts with, so a file
 * that must be alone is not starved by readers that keep arriving.
 */

export type LockMode = 'read' | 'write' | 'exclusive';

export interface Claim {
  readonly resource: string;
  readonly mode: LockMode;
}

interface Waiting {
  readonly holder: string;
  readonly claims: readonly Claim[];
  readonly grant: () => void;
}

export interface LockTable {
  /** Resolves once `holder` holds every claim. A holder asks once; a second ask while it holds or waits is refused. */
  acquire(holder: string, claims: readonly Claim[]): Promise<void>;
  /** Lets go of everything `holder` holds, or withdraws its waiting request; then grants what can be granted. */
  release(holder: string): void;
  /** Holders now, and those waiting, in order. */
  snapshot(): { readonly holding: string[]; readonly waiting: string[] };
}

const clashes = (x: Claim, y: Claim): boolean =>
  x.resource === y.resource && (x.mode === 'exclusive' || y.mode === 'exclusive' || x.mode !== y.mode);

const clash = (a: readonly Claim[], b: readonly Claim[]): boolean =>
  a.some((x) => b.some((y) => clashes(x, y)));

export function createLockTable(): LockTable {
  const holding = new Map<string, readonly Claim[]>();
  const waiting: Waiting[] = [];

  const grantable = (w: Waiting, earlier: readonly Waiting[]) =>
    ![...holding.values()].some((held) => clash(held, w.claims)) &&
    !earlier.some((e) => clash(e.claims, w.claims));

  const schedule = () => {
    const passedOver: Waiting[] = [];
    for (const w of [...waiting]) {
      if (grantable(w, passedOver)) {
        waiting.splice(waiting.indexOf(w), 1);
        holding.set(w.holder, w.claims);
        w.grant();
      } else passedOver.push(w);
    }
  };

  return {
    acquire(holder, claims) {
      if (holding.has(holder) || waiting.some((w) => w.holder === holder))
        return Promise.reject(new Error(`${holder} already holds or waits for its locks`));
      return new Promise<void>((grant) => {
        waiting.push({ holder, claims, grant });
        schedule();
      });
    },
    release(holder) {
      holding.delete(holder);
      const i = waiting.findIndex((w) => w.holder === holder);
      if (i >= 0) waiting.splice(i, 1);
      schedule();
    },
    snapshot: () => ({ holding: [...holding.keys()], waiting: waiting.map((w) => w.holder) }),
  };
}
