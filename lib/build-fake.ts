/** The one place that builds the fake for the library: this package's fixture documents, the clock mode, control. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createFakeServer, DEFAULT_ADMIN_SECRET, type FakeServer } from '../fake-server/index.js';
import { createFakeControl, type FakeControl } from './fake-control.js';
import type { ClockMode, FakeOptions } from './fake-options.js';

/**
 * The knowledgebase fixture documents: `fixtures/documents/` of this package, found from this module both in the
 * sources (lib/) and in the bundle (packages/fake/dist/).
 */
export function fixtureDocumentsDir(): string {
  for (const relative of ['../fixtures/documents/', '../../fixtures/documents/']) {
    const dir = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error('chatbot-platform-fake: fixtures/documents/ not found next to the library');
}

export interface LibraryFake {
  server: FakeServer;
  control: FakeControl;
}

/** The fake with the library's defaults (this package's fixture documents, `clock` as `defaultClock`) and its control. */
export function buildFake(options: FakeOptions, defaultClock: ClockMode): LibraryFake {
  const { clock = defaultClock, ...rest } = options;
  const wallClock = () => performance.now();
  const fake = createFakeServer({
    onUnexpectedError: () => {},
    ...rest,
    // Also when the fake starts empty: a later control reset may ask for the default fixtures.
    documentsDir: rest.documentsDir ?? fixtureDocumentsDir(),
    wallClock: clock === 'ticking' ? wallClock : undefined,
  });
  if (clock === 'frozen') {
    // Frozen now, yet able to tick after a control reset with clock_mode 'ticking' (as if reset frozen, minus a
    // second seeding).
    fake.runtime.options.wallClock = wallClock;
    fake.runtime.ticking = false;
  }
  const control = createFakeControl(
    fake.app.callback(),
    rest.controlPrefix ?? '/_control',
    rest.adminSecret ?? DEFAULT_ADMIN_SECRET,
  );
  return { server: fake, control };
}
