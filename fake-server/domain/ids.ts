/** Deterministic ids and secrets: the same seed gives the same values in the same order. */
import type { Faker, Randomizer } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';

/**
 * Faker's English entry point loads one locale instead of all of them (a third of the fake's start-up time);
 * each id source still gets its own instance, built from that locale's definitions, so fakes never share a seed.
 */
const FakerClass = english.constructor as new (options: {
  locale: unknown[];
  randomizer?: Randomizer;
}) => Faker;

/** Where an id source stands: its seed, how many random draws it has made and its counters (for the state file). */
export interface IdPosition {
  seed: number;
  draws: number;
  counters: [kind: string, last: number][];
}

export interface IdSource {
  /** Next integer id of a kind (1, 2, 3… per kind). */
  next(kind: string): number;
  /** A random-looking but seeded string of lowercase letters and digits. */
  token(length: number): string;
  /** A seeded hex string. */
  hex(length: number): string;
  /** A seeded integer in [min, max]. */
  int(min: number, max: number): number;
  /** The seeded faker instance, for fixture values. */
  readonly faker: Faker;
  /** Where it stands; createIdSource(seed, position) continues from there with the same values. */
  position(): IdPosition;
}

/** Faker's own default generator (Mersenne Twister), fresh: taken from a throwaway instance, whose core holds it. */
function defaultRandomizer(): Randomizer {
  const probe = new FakerClass({ locale: [english.rawDefinitions] }) as unknown as {
    fakerCore?: { randomizer?: Randomizer };
  };
  // Stryker disable next-line OptionalChaining: equivalent with the pinned faker, whose instances always have a core
  const randomizer = probe.fakerCore?.randomizer;
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent with the pinned faker (its core always holds a randomizer); the guard names the cause should an upgrade move it
  if (!randomizer) throw new Error('@faker-js/faker: no default randomizer found (fakerCore.randomizer)');
  return randomizer;
}

/**
 * An id source for `seed`; with `resume`, one that continues where that position stood (same counters, and the
 * generator moved past the same number of draws, so the next values are the ones the original would give).
 */
export function createIdSource(seed: number, resume?: Omit<IdPosition, 'seed'>): IdSource {
  const inner = defaultRandomizer();
  let draws = 0;
  const randomizer: Randomizer = {
    next() {
      draws += 1;
      return inner.next();
    },
    seed(s) {
      draws = 0;
      inner.seed(s);
    },
  };
  const faker = new FakerClass({ locale: [english.rawDefinitions], randomizer });
  faker.seed(seed);
  const counters = new Map<string, number>(resume?.counters ?? []);
  for (let i = 0; i < (resume?.draws ?? 0); i += 1) randomizer.next();
  return {
    faker,
    next(kind) {
      const n = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, n);
      return n;
    },
    token: (length) => faker.string.alphanumeric({ length, casing: 'lower' }),
    hex: (length) => faker.string.hexadecimal({ length, casing: 'lower', prefix: '' }),
    int: (min, max) => faker.number.int({ min, max }),
    position: () => ({ seed, draws, counters: [...counters] }),
  };
}
