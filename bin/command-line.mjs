// The command line of every bin, npm script and example of this repository: node:util parseArgs (strict) with
// -h/--help added. `--help` prints the usage on stdout and exits 0; an unknown option, a missing value or an argument
// the command does not take is one line on stderr naming it and pointing at --help, and exit 2 (never a stack trace).
// scripts/cli-help.test.ts runs every bin and script with both.
import { parseArgs } from 'node:util';

/** The line a usage error prints: `NAME: MESSAGE (--help lists the options)`, the message on one line. */
export function usageLine(name, message) {
  return `${name}: ${String(message).replace(/\s*\n\s*/g, ' ')} (--help lists the options)`;
}

/** A usage error: its one line on stderr, exit 2. */
export function usageError(name, message) {
  process.stderr.write(`${usageLine(name, message)}\n`);
  process.exit(2);
}

/**
 * The options and positionals of `args` (default: this process's), or, with --help, the usage printed and exit 0,
 * or, with an option `options` does not declare, a missing value or a positional where none is taken, usageError.
 */
export function commandLine({
  name,
  usage,
  options = {},
  allowPositionals = false,
  args = process.argv.slice(2),
}) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals,
      strict: true,
    });
  } catch (err) {
    // parseArgs adds how to pass a positional that starts with '-' to an unknown option: not what was meant here.
    return usageError(name, err.message.replace(/\. To specify a positional argument .*$/s, ''));
  }
  if (parsed.values.help) {
    process.stdout.write(`${usage.trimEnd()}\n`);
    process.exit(0);
  }
  return parsed;
}
