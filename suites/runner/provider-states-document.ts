/**
 * `npm run provider-states [-- --out FILE]`: writes the provider-state catalogue as JSON Schema
 * (contract/provider-states/json-schema.ts) to docs/provider-states.schema.json, or FILE; `--check` exits 1 when the
 * file differs from what the contract generates (the test suite runs that check).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine } from '../../bin/command-line.mjs';
import { providerStatesDocument } from '../../contract/provider-states/json-schema.js';

export const DOCUMENT_FILE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../docs/provider-states.schema.json',
);

export const documentText = (): string => `${JSON.stringify(providerStatesDocument(), null, 2)}\n`;

const HELP = `Usage: npm run provider-states -- [--out FILE] [--check]

Writes the provider-state catalogue (each state's params and data as JSON Schema, generated from
contract/provider-states/) to docs/provider-states.schema.json, or FILE.
  --out FILE   write FILE instead of docs/provider-states.schema.json (with --check: compare FILE)
  --check      write nothing; exit 1 when the file differs from what the contract generates
  -h, --help   this text
Exit codes: 0 written (or current), 1 out of date (--check), 2 usage error`;

function main(): number {
  const { values } = commandLine({
    name: 'provider-states',
    usage: HELP,
    options: { out: { type: 'string' }, check: { type: 'boolean' } },
  });
  const file = resolve(values.out ?? DOCUMENT_FILE);
  if (values.check) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {}
    if (current === documentText()) return 0;
    process.stderr.write(`provider-states: ${file} is out of date: npm run provider-states\n`);
    return 1;
  }
  writeFileSync(file, documentText());
  process.stdout.write(`provider-states: wrote ${file}\n`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
