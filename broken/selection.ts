/**
 * Which tests a breaking rule's run selects: those whose full name cites the rule's clause (`[... ID ...]`), in the
 * suite files whose text names the clause id. The files are found by reading them, not by running them, so a rule's
 * run collects only the few files that can hold its tests.
 */
import { CLAUSE_ID_PATTERN } from '../contract/clauses/index.js';
import { conformanceFilesWithText } from '../suites/target/conformance-files.js';

export interface Selection {
  /** Test files, relative to the repository root. */
  readonly files: readonly string[];
  readonly pattern: RegExp;
  /** Of these files (relative to the root), only these tests (vitest task ids); a file not listed runs whole. */
  readonly testIds?: ReadonlyMap<string, readonly string[]>;
}

/** A test name citing `id` in one of its bracket groups (a clause id needs no escaping: CLAUSE_ID_PATTERN). */
export function citing(id: string): string {
  if (!CLAUSE_ID_PATTERN.test(id)) throw new Error(`not a clause id: ${id}`);
  return `\\[(?:[^\\]]*[\\s,])?${id}(?:[\\s,][^\\]]*)?\\]`;
}

/**
 * Every conformance test file under `root`/suites (those that reach the target, suites/target/conformance-files.ts:
 * the harness's self-tests are no evidence about a server), with its text.
 */
export const suiteFiles = (root: string): { file: string; text: string }[] => conformanceFilesWithText(root);

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
