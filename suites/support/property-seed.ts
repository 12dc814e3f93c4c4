/**
 * Vitest setup file: in record and replay modes every property test runs with the recording's seed
 * (CONFORMANCE_FC_SEED), so a replay generates, and sends, exactly the recorded inputs. Otherwise fast-check draws a
 * fresh seed per run and prints it on failure.
 */
import fc from 'fast-check';
import { FC_SEED_ENV } from '../target/cassette-env.js';

const seed = process.env[FC_SEED_ENV];
if (seed !== undefined && seed !== '')
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(seed) });
