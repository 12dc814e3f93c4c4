/** The fake's runtime: one domain (store, clock, ids, limiter) that reset replaces whole. */
import type { VariantAxis } from '../contract/variant-axes.js';
import { supportedModels } from '../fixtures/supported-models.js';
import { OrgSecrets } from './admin/org-secrets.js';
import { createVirtualClock, DEFAULT_EPOCH } from './domain/clock.js';
import type { DomainContext } from './domain/context.js';
import { createIdSource } from './domain/ids.js';
import { createRateLimiter, type RateWindow } from './domain/rate-limit.js';
import { createState } from './domain/state.js';
import { JournalRing, type RecordedEntry } from './journal-ring.js';
import { applyDefaultSeed, type SeedResult } from './seed.js';

export type FixtureSet = 'default' | 'empty';

export interface RuntimeOptions {
  seed: number;
  fixtures: FixtureSet;
  clockStart: number;
  /** Folder of the knowledgebase fixture documents (default: fixtures/documents next to the sources). */
  documentsDir?: string;
  /** A wall-time source (ms) that makes the virtual clock tick with real time; absent: frozen. */
  wallClock?: () => number;
  /**
   * The rate-limit window at start and after every control reset (default one hour, fixed): FAKE-RATE-WINDOW-CONTROL.
   * POST /_control/rate-limits/window changes it until the next reset.
   */
  rateWindow?: Partial<RateWindow>;
  /**
   * The variant-mode axes (FAKE-VARIANT, contract/variant-axes.ts): kept across control resets and state imports,
   * like the wall-time source, since they describe the process rather than its state. Absent or empty: none.
   */
  variant?: readonly VariantAxis[];
}

export const JOURNAL_CAPACITY = 2000;

/** Everything a runtime holds besides its journal: what a reset rebuilds and what a state snapshot restores. */
export interface RuntimeParts {
  options: RuntimeOptions;
  ticking: boolean;
  domain: DomainContext;
  seeded: SeedResult | null;
}

export class Runtime {
  domain!: DomainContext;
  seeded: SeedResult | null = null;
  /** The latest JOURNAL_CAPACITY public API requests (FAKE-REQUEST-JOURNAL). */
  readonly journal = new JournalRing(JOURNAL_CAPACITY);
  /** Control secrets scoped to one organization each (FAKE-CONTROL-SCOPED-SECRET); dropped with the state. */
  readonly orgSecrets = new OrgSecrets();
  options: RuntimeOptions;

  /** Seeded from `options`, or, given `resume`, holding those parts instead (the seed is not applied). */
  constructor(options: Partial<RuntimeOptions> = {}, resume?: (runtime: Runtime) => RuntimeParts) {
    this.options = { seed: 1, fixtures: 'default', clockStart: DEFAULT_EPOCH, ...options };
    if (resume) this.adopt(resume(this));
    else this.reset();
  }

  private readonly replacedListeners: (() => void)[] = [];

  /** Call `listener` after every reset and state import (`npm start` rewrites its target file: fake-server/main.ts). */
  onReplaced(listener: () => void): void {
    this.replacedListeners.push(listener);
  }

  /** Whether the clock ticks with real time (only possible when a wall-time source was given at start). */
  ticking = true;

  /**
   * Drop all state and rebuild it from the seed. Options given here replace the current ones; `ticking: false`
   * freezes the clock (the conformance suites do, so timing tests are exact), `true` lets it tick again.
   */
  reset(options: Partial<RuntimeOptions> & { ticking?: boolean } = {}): void {
    const { ticking, ...rest } = options;
    this.options = { ...this.options, ...rest };
    if (ticking !== undefined) this.ticking = ticking;
    const state = createState();
    state.models = supportedModels.map((m) => ({ ...m }));
    this.domain = {
      state,
      clock: createVirtualClock(this.options.clockStart, this.ticking ? this.options.wallClock : undefined),
      ids: createIdSource(this.options.seed),
      limiter: createRateLimiter(this.options.rateWindow),
    };
    this.applyVariant();
    this.seeded =
      this.options.fixtures === 'default' ? applyDefaultSeed(this.domain, this.options.documentsDir) : null;
    this.journal.clear();
    for (const listener of this.replacedListeners) listener();
  }

  /** Replace the whole state with `parts` (a state snapshot), as a reset does: the journal is cleared too. */
  adopt(parts: RuntimeParts): void {
    const { variant } = this.options;
    this.options = variant ? { ...parts.options, variant } : parts.options;
    this.ticking = parts.ticking;
    this.domain = parts.domain;
    this.applyVariant();
    this.seeded = parts.seeded;
    this.journal.clear();
    this.orgSecrets.clear();
    for (const listener of this.replacedListeners) listener();
  }

  /** Hand the variant-mode axes to the domain (its explicit checks read them there); nothing in the default mode. */
  private applyVariant(): void {
    const { variant } = this.options;
    if (variant && variant.length > 0) this.domain.variant = new Set(variant);
  }

  /** Note a request in the journal; `at` may be epoch ms (formatted when the journal is read). */
  record(entry: RecordedEntry): void {
    this.journal.add(entry);
  }
}
