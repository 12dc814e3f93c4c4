/** `npm run openapi`: the OpenAPI 3.1 document generated from contract/, validated, written to reports/openapi.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileErrors, validate } from '@readme/openapi-parser';
import { commandLine, usageError } from '../bin/command-line.mjs';
import { buildOpenApiDocument, type OpenApiOptions } from '../contract/openapi.js';

export const OPENAPI_FILE = 'reports/openapi.json';

/** Build the document, check it against the OpenAPI 3.1 schema, and write it; throws when it is not valid. */
export async function writeOpenApi(
  file: string = OPENAPI_FILE,
  options: OpenApiOptions = {},
): Promise<string> {
  const document = buildOpenApiDocument(options);
  // validate() dereferences its argument in place: give it a copy.
  const result = await validate(structuredClone(document) as never);
  if (!result.valid)
    throw new Error(`the generated OpenAPI document is not valid:\n${compileErrors(result)}`);
  const path = resolve(file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
  return path;
}

const USAGE = `Usage: npm run openapi -- [FILE]

Writes the OpenAPI 3.1 document of the Chatbot Platform Public API, generated from contract/ and validated, to FILE
(default ${OPENAPI_FILE}).

Exit codes: 0 written, 1 the generated document is not valid (nothing written), 2 usage error.`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { positionals } = commandLine({ name: 'openapi', usage: USAGE, allowPositionals: true });
  if (positionals.length > 1) usageError('openapi', `one FILE at most (got ${positionals.length})`);
  try {
    const path = await writeOpenApi(positionals[0]);
    console.log(`OpenAPI 3.1 document (valid) written to ${path}`);
  } catch (err) {
    console.error(`openapi: ${(err as Error).message}`);
    process.exit(1);
  }
}
