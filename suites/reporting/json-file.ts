/** Reads a JSON file the runner was given (a waiver file, a baseline), never throwing: the value or why not. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export type ReadJson =
  | { readonly ok: true; readonly path: string; readonly json: unknown }
  | { readonly ok: false; readonly path: string; readonly error: string };

export function readJsonFile(file: string): ReadJson {
  const path = resolve(file);
  try {
    return { ok: true, path, json: JSON.parse(readFileSync(path, 'utf8')) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const error = code === 'ENOENT' ? 'file not found' : `not readable JSON: ${(err as Error).message}`;
    return { ok: false, path, error };
  }
}
