/**
 * One source per fact, for the control API: the shapes of contract/control/ (ControlProject, ControlToken, every
 * route's body and data schema) are declared nowhere else; the files that speak the control API (the fake's
 * control routes and the five clients) hold no zod schema of their own; and contract/control/ stays a contract
 * (zod and contract/ only, no HTTP), its routes table loadable by k6 (no imports at all).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as control from './index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', 'reports', '.build', '.git', 'coverage']);

/** Every TypeScript and JavaScript source of the repository, as a path relative to its root with `/`. */
function sources(dir = ROOT): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (/\.(ts|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(relative(ROOT, path).split(sep).join('/'));
  }
  return out;
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const inControlContract = (path: string) => path.startsWith('contract/control/');

/** The names of contract/control/'s zod schemas (and so of the types inferred from them). */
const schemaNames = Object.entries(control)
  .filter(([, value]) => value instanceof z.ZodType)
  .map(([name]) => name);

/** A declaration of one of `names` that is not a re-export or an alias of the contract's: an interface, an
 * object type literal, or a schema built with zod. */
function declarations(text: string, names: readonly string[]): string[] {
  const alternatives = names.join('|');
  const patterns = [
    new RegExp(`\\binterface\\s+(${alternatives})\\b`, 'g'),
    new RegExp(`\\btype\\s+(${alternatives})\\s*(?:<[^>]*>)?\\s*=\\s*\\{`, 'g'),
    new RegExp(`\\b(?:const|let|var)\\s+(${alternatives})\\s*(?::[^=]+)?=\\s*z\\s*\\.`, 'g'),
  ];
  return patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[0]));
}

/** Files that speak the control API and so must take its schemas from contract/control/ (tests aside). */
const CONTROL_SPEAKERS = [
  /^fake-server\/control\/(?!.*\.test\.ts$).*\.ts$/,
  /^suites\/target\/control-client\.ts$/,
  /^suites\/support\/(world|rag-world|control-raw)\.ts$/,
  /^lib\/fake-control\.ts$/,
  /^bench\/control\.ts$/,
  /^fuzz\/engine\/api-client\.ts$/,
  /^load\/lib\/world\.ts$/,
];
const ZOD_SCHEMA =
  /\bz\s*\.\s*(object|strictObject|looseObject|array|record|partialRecord|enum|union|discriminatedUnion|literal|string|number|boolean)\s*\(/;

describe('the control API is declared once, in contract/control/ [FAKE-CONTROL-SECRET]', () => {
  const files = sources();

  it('the guard sees what it guards: the repository, and the names of the control schemas [FAKE-CONTROL-SECRET]', () => {
    expect(files).toContain('contract/control/views.ts');
    expect(files).toContain('suites/support/world.ts');
    expect(schemaNames).toEqual(
      expect.arrayContaining([
        'ControlProject',
        'ControlToken',
        'ControlOrganization',
        'TokenBody',
        'ResetBody',
      ]),
    );
    expect(declarations('export interface ControlProject {\n  id: number;\n}', schemaNames)).toHaveLength(1);
    expect(declarations('type ControlToken = { id: number }', schemaNames)).toHaveLength(1);
    expect(declarations('export const TokenBody = z.object({})', schemaNames)).toHaveLength(1);
    expect(declarations('export type { ControlProject, ControlToken };', schemaNames)).toEqual([]);
    expect(declarations('export type PricedModel = ControlModel;', schemaNames)).toEqual([]);
    expect(ZOD_SCHEMA.test('const Body = z.object({ a: z.string() });')).toBe(true);
  });

  it('no file outside contract/control/ declares ControlProject, ControlToken or any control schema again [FAKE-CONTROL-SECRET]', () => {
    const found = files
      .filter((path) => !inControlContract(path))
      .flatMap((path) => declarations(read(path), schemaNames).map((d) => `${path}: ${d}`));
    expect(found).toEqual([]);
  });

  it('the fake control routes and the five clients build no zod schema of their own [FAKE-CONTROL-SECRET]', () => {
    const speakers = files.filter((path) => CONTROL_SPEAKERS.some((p) => p.test(path)));
    expect(speakers).toEqual(
      expect.arrayContaining([
        'fake-server/control/router.ts',
        'suites/target/control-client.ts',
        'lib/fake-control.ts',
        'bench/control.ts',
        'fuzz/engine/api-client.ts',
        'load/lib/world.ts',
      ]),
    );
    expect(speakers.filter((path) => ZOD_SCHEMA.test(read(path)))).toEqual([]);
  });

  it('contract/control/ imports only zod and contract/, and its routes table nothing (k6 loads it) [FAKE-CONTROL-SECRET]', () => {
    const own = files.filter((path) => inControlContract(path) && !path.endsWith('.test.ts'));
    const imports = own.flatMap((path) =>
      [...read(path).matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map((m) => ({
        path,
        from: m[1]!,
      })),
    );
    const outside = imports.filter(
      ({ path, from }) =>
        from !== 'zod' &&
        !(from.startsWith('.') && relative(ROOT, join(ROOT, path, '..', from)).split(sep)[0] === 'contract'),
    );
    expect(outside).toEqual([]);
    expect(read('contract/control/routes.ts')).not.toMatch(/^\s*import\s/m);
  });
});
