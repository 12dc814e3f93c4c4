/** Types of bin/command-line.mjs for the TypeScript scripts that use it. */
import type { ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type WithHelp<O extends Options> = O & { help: { type: 'boolean'; short: 'h' } };

export declare function usageLine(name: string, message: string): string;
export declare function usageError(name: string, message: string): never;
export declare function commandLine<
  const O extends Options = Record<never, never>,
  const P extends boolean = false,
>(spec: {
  /** The program as its user types it (`drift`, `npm run bench`): the first word of an error line. */
  name: string;
  /** What --help prints, starting with `Usage:`. */
  usage: string;
  options?: O;
  allowPositionals?: P;
  args?: string[];
}): ReturnType<typeof parseArgs<{ options: WithHelp<O>; allowPositionals: P; strict: true }>>;
