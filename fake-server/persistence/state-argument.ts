/** `npm start -- --state FILE` (or `--state=FILE`): the state file named on the command line, if any. */
export function stateFileFromArgv(argv: readonly string[]): string | undefined {
  let file: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--state') {
      const value = argv[i + 1];
      if (value === undefined || value === '' || value.startsWith('--'))
        throw new Error('--state needs a file: --state FILE');
      file = value;
      i += 1;
    } else if (arg.startsWith('--state=')) {
      file = arg.slice('--state='.length);
      if (file === '') throw new Error('--state needs a file: --state=FILE');
    }
  }
  return file;
}
