/**
 * Which tests a breaking rule's run selects: those whose full name cites the rule's clause (`[... ID ...]`), in the
 * suite files whose text names the clause id. The files are found by reading them, not by running them, so a rule's
 * run collects only the few files that can hold its tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CLAUSE_ID_PATTERN } from '../contract/clauses/index.js';

export interface Selection {
  /** Test files, relative to the repository root. */
  readonly files: readonly string[];
  readonly pattern: RegExp;
}

/** A test name citing `id` in one of its bracket groups (a clause id needs no escaping: CLAUSE_ID_PATTERN). */
export function citing(id: string): string {
  if (!CLAUSE_ID_PATTERN.test(id)) throw new Error(`not a clause id: ${id}`);
  return `\\[(?:[^\\]]*[\\s,])?${id}(?:[\\s,][^\\]]*)?\\]`;
}

/** Every suite test file under `root`/suites, with its text. */
export function suiteFiles(root: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'reporting') walk(path);
      } else if (entry.name.endsWith('.test.ts'))
        out.push({ file: relative(root, path), text: readFileSync(path, 'utf8') });
    }
  };
  walk(join(root, 'suites'));
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

/** The selection of the tests citing any of `ids`. */
export function selectionFor(
  ids: readonly string[],
  files: readonly { file: string; text: string }[],
): Selection {
  const unique = [...new Set(ids)];
  return {
    files: files.filter((f) => unique.some((id) => f.text.includes(id))).map((f) => f.file),
    pattern: new RegExp(unique.map(citing).join('|')),
  };
}
