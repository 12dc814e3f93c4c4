/**
 * The files Stryker mutates (the fake's domain and HTTP layers, tests left out), cut into chunks of a few files.
 * Each chunk is one Stryker run with its own report and incremental file, so a long mutation run can stop and resume
 * chunk by chunk, and a chunk whose inputs did not change is not run again.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const LAYERS = /** @type {const} */ (['domain', 'http']);
const FILES_PER_CHUNK = 6;

const isSource = (name) =>
  name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.test-support.ts');

/** Sorted source files of one layer, relative to the repository root. */
export function layerFiles(root, layer) {
  const dir = join('fake-server', layer);
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter(isSource)
    .map((name) => join(dir, name).replaceAll('\\', '/'))
    .sort();
}

/** @returns {{ name: string; layer: string; files: string[] }[]} */
export function chunks(root, layers = LAYERS) {
  const out = [];
  for (const layer of layers) {
    const files = layerFiles(root, layer);
    for (let i = 0; i < files.length; i += FILES_PER_CHUNK) {
      out.push({
        name: `${layer}-${i / FILES_PER_CHUNK + 1}`,
        layer,
        files: files.slice(i, i + FILES_PER_CHUNK),
      });
    }
  }
  return out;
}

/** Folders whose sources can change what a mutant does or what the tests check. */
const INPUTS = ['fake-server', 'contract', 'suites', 'fixtures', 'mutation'];

/** One hash of every input of a mutation run: the sources, the tests, the fixtures, the config and the lock file. */
export function inputsHash(root) {
  const hash = createHash('sha256');
  const add = (path) => hash.update(path).update(readFileSync(join(root, path)));
  add('package-lock.json');
  for (const dir of INPUTS) {
    const names = readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).sort();
    for (const name of names) {
      const path = join(dir, name);
      if (statSync(join(root, path)).isFile()) add(path);
    }
  }
  return hash.digest('hex');
}
