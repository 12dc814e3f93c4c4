// What the examples share besides their command line (../bin/command-line.mjs): the fake's target file, which
// `npm start` writes (base_url, the project key, a model per endpoint), and one line instead of a stack trace when
// the fake cannot be reached or refuses the file's credentials.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** TARGET_FILE, else the file `npm start` writes in this repository. */
export const targetFile =
  process.env.TARGET_FILE ?? fileURLToPath(new URL('../reports/fake-target.json', import.meta.url));

/**
 * The target file's config; when it is missing, undefined if `optional`, else one line and exit 1. A file that is not
 * JSON is one line and exit 1 either way.
 */
export function readTarget(name, { optional = false } = {}) {
  let text;
  try {
    text = readFileSync(targetFile, 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT' && optional) return undefined;
    return fail(
      name,
      err.code === 'ENOENT'
        ? `no target file ${targetFile}: start the fake first (npm start), or set TARGET_FILE`
        : `cannot read the target file ${targetFile}: ${err.message}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    return fail(name, `the target file ${targetFile} is not JSON: ${err.message}`);
  }
}

/** An SDK call that failed, as one line: the fake not answering, a refused key, or the SDK's own message. */
export function failed(name, err) {
  const status = err?.status;
  if (err?.constructor?.name === 'APIConnectionError' || (err?.cause && status === undefined))
    return fail(
      name,
      `the fake in ${targetFile} does not answer (${err.message}): is it running (npm start)?`,
    );
  if (status === 401)
    return fail(
      name,
      `the fake refused the project key of ${targetFile} (401): the file names another fake or an older seed; start the fake again or set TARGET_FILE`,
    );
  return fail(name, `${status ? `${status} ` : ''}${err?.message ?? String(err)}`);
}

function fail(name, message) {
  console.error(`${name}: ${String(message).replace(/\s*\n\s*/g, ' ')}`);
  process.exit(1);
}
