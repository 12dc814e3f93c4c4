/** For the tests of the load configuration: the problems a ConfigError lists, or a failure when none is thrown. */
import { ConfigError } from './config.ts';

export function problemsOf(fn: () => unknown): readonly string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  throw new Error('expected a ConfigError');
}
