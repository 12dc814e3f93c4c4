/** Deterministic ids and secrets: the same seed gives the same values in the same order. */
import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';

/**
 * Faker's English entry point loads one locale instead of all of them (a third of the fake's start-up time);
 * each id source still gets its own instance, built from that locale's definitions, so fakes never share a seed.
 */
const FakerClass = english.constructor as new (options: { locale: unknown[] }) => Faker;

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
}

export function createIdSource(seed: number): IdSource {
  const faker = new FakerClass({ locale: [english.rawDefinitions] });
  faker.seed(seed);
  const counters = new Map<string, number>();
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
  };
}
