/**
 * Serves recorded interactions offline. A request gets the first not-yet-replayed interaction of its cassette that
 * matches it (matching.ts); identical requests are answered in the order they were recorded. A request nothing
 * matches is refused with an error naming the closest recorded request, its cassette and what differs.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { recordBody } from './body.js';
import {
  type Cassette,
  cassetteFile,
  type Interaction,
  readCassette,
  readCassetteSetTarget,
  readCassettes,
  TARGET_FILE,
} from './cassette.js';
import { secretsOf } from './cassette-set.js';
import {
  differences,
  distance,
  keyOf,
  type RequestKey,
  sameButUnknownCredentials,
  sameRequest,
} from './matching.js';
import type { OutgoingRequest } from './recorder.js';
import { Redactor } from './redaction.js';

export class ReplayMiss extends Error {
  override name = 'ReplayMiss';
}

interface Entry {
  cassette: string;
  interaction: Interaction;
  key: RequestKey;
  used: boolean;
}

export class CassetteReplayer {
  private readonly byCassette = new Map<string, Entry[]>();
  /** One redactor for the whole replay: requests are redacted exactly as they were when recorded. */
  private readonly redactor = new Redactor();

  private allLoaded = false;

  /** The recording's declared credentials (placeholders of its target config), when it has one. */
  private readonly knownCredentials: ReadonlySet<string>;

  /** Cassettes are read when first needed: a test file's own, or all of them to explain a miss. */
  constructor(readonly dir: string) {
    this.knownCredentials = new Set(
      existsSync(join(dir, TARGET_FILE)) ? secretsOf(readCassetteSetTarget(dir)) : [],
    );
  }

  private add(name: string, c: Cassette): Entry[] {
    const entries = c.interactions.map((interaction) => ({
      cassette: name,
      interaction,
      key: keyOf(interaction.request),
      used: false,
    }));
    this.byCassette.set(name, entries);
    return entries;
  }

  private entriesOf(name: string): Entry[] | undefined {
    const known = this.byCassette.get(name);
    if (known || this.allLoaded) return known;
    const path = cassetteFile(this.dir, name);
    return existsSync(path) ? this.add(name, readCassette(path)) : undefined;
  }

  private loadAll(): void {
    if (this.allLoaded) return;
    for (const [name, c] of readCassettes(this.dir)) if (!this.byCassette.has(name)) this.add(name, c);
    this.allLoaded = true;
  }

  /** The recorded interaction that answers `req` in cassette `name`; throws ReplayMiss when none does. */
  take(name: string, req: OutgoingRequest): Interaction {
    const key = this.keyOfRequest(req);
    const entries = this.entriesOf(name);
    const entry =
      entries?.find((e) => !e.used && sameRequest(e.key, key)) ??
      entries?.find((e) => !e.used && sameButUnknownCredentials(e.key, key, this.knownCredentials));
    if (entry) {
      entry.used = true;
      return entry.interaction;
    }
    throw new ReplayMiss(this.explainMiss(name, key));
  }

  keyOfRequest(req: OutgoingRequest): RequestKey {
    const url = new URL(req.url);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = v;
    const body = req.body === undefined ? undefined : recordBody(req.body);
    const r = this.redactor.request(headers, body?.encoding === 'utf8' ? body.text : undefined);
    return keyOf({
      method: req.method,
      path: this.redactor.apply(`${url.pathname}${url.search}`),
      headers: r.headers,
      ...(body ? { body: body.encoding === 'utf8' ? { text: r.body ?? '', encoding: 'utf8' } : body } : {}),
    });
  }

  private explainMiss(name: string, key: RequestKey): string {
    const head = `replay: no recorded interaction in cassette "${name}" of ${this.dir} matches ${key.method} ${key.path}`;
    if (!this.entriesOf(name)) {
      this.loadAll();
      return `${head}: there is no cassette "${name}" (cassettes: ${this.byCassette.size}). Record it first.${this.closest(key)}`;
    }
    return `${head}.${this.closest(key)}`;
  }

  private closest(key: RequestKey): string {
    this.loadAll();
    let best: { entry: Entry; d: number } | undefined;
    for (const entries of this.byCassette.values()) {
      for (const entry of entries) {
        const d = distance(key, entry.key) + (entry.used ? 0.5 : 0);
        if (!best || d < best.d) best = { entry, d };
      }
    }
    if (!best) return ' The cassette set is empty.';
    const { entry } = best;
    const diff = differences(key, entry.key);
    const what =
      diff.length === 0
        ? 'identical, but already replayed (the test sent it more times than recorded)'
        : diff.join('; ');
    const test = entry.interaction.test ? ` (test "${entry.interaction.test}")` : '';
    return ` Closest: cassette "${entry.cassette}", interaction #${entry.interaction.seq}${test}: ${what}.`;
  }
}
