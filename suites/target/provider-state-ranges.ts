/**
 * The documented range of a provider state's parameters, for `--check-provider-states` (issue 40): a state that
 * answers its probe may still refuse part of what its catalogue schema allows (a `credit balance` that takes whole
 * credits only, though `credits` is any number ≥ 0), and every test that needs such a value then skips or stops
 * quietly. The check enters the state at the edge of each numeric parameter and, where the schema allows any number
 * (not only integers), with a fraction; a refusal fails the state, naming the test files it silences.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { providerStateCatalogue, type StateName } from '../../contract/provider-states/index.js';

interface NumberSchema {
  type?: string;
  minimum?: number;
  exclusiveMinimum?: number;
}

/** A parameter value the check enters the state with, and why it is in the range. */
export interface RangeValue {
  readonly name: string;
  readonly value: number;
  /** The range as the catalogue documents it, e.g. `any number ≥ 0`. */
  readonly range: string;
}

/**
 * The values of `state`'s top-level numeric parameters the check tries beyond its probes: for a parameter that takes
 * any number (JSON Schema `number`), its lower bound and that bound plus a half. Integer parameters are left to the
 * probes (their edges are what the tests send anyway).
 */
export function rangeValues(state: StateName): RangeValue[] {
  const schema = z.toJSONSchema(providerStateCatalogue[state].params, {
    io: 'input',
    unrepresentable: 'any',
  }) as {
    properties?: Record<string, NumberSchema>;
  };
  return Object.entries(schema.properties ?? {}).flatMap(([name, p]) => {
    if (p.type !== 'number') return [];
    const low = p.minimum ?? p.exclusiveMinimum ?? 0;
    const range = p.minimum !== undefined ? `any number ≥ ${p.minimum}` : 'any number';
    return [
      ...(p.minimum !== undefined ? [{ name, value: p.minimum, range }] : []),
      { name, value: low + 0.5, range },
    ];
  });
}

const ROOT = resolve(import.meta.dirname, '../..');
const SUITES = join(ROOT, 'suites');

/** Source files of the suites (tests and their support), relative to the repository. */
function suiteFiles(): string[] {
  return (readdirSync(SUITES, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.startsWith('reporting') && !f.startsWith('runner'))
    .map((f) => join(SUITES, f));
}

/** Code without its comments (a comment naming a state does not enter it). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

interface Helper {
  /** How a test imports its module: `/credit-balance.js'`. */
  readonly module: string;
  readonly name: string;
  readonly body: string;
}

/** Every exported function or constant of the suites' support modules, with its code. */
function supportHelpers(files: readonly { path: string; text: string }[]): Helper[] {
  return files
    .filter((f) => !f.path.endsWith('.test.ts') && !f.path.includes(`${SUITES}/target/`))
    .flatMap((f) =>
      code(f.text)
        .split(/^export /m)
        .slice(1)
        .flatMap((body) => {
          const name = /^(?:async )?(?:function|const) (\w+)/.exec(body)?.[1];
          return name ? [{ module: `/${basename(f.path, '.ts')}.js'`, name, body }] : [];
        }),
    );
}

const calls = (text: string, name: string) => new RegExp(`\\b${name}\\(`).test(text);

/**
 * The test files that enter `state`: those that name it, and those that call a support helper entering it (a helper
 * naming the state, or calling such a helper, e.g. support/credit-balance.ts's balanceOf and spentBy).
 */
export function testsEntering(state: StateName): string[] {
  const literal = `'${state}'`;
  const files = suiteFiles().map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const helpers = supportHelpers(files);
  const entering = new Set(helpers.filter((h) => h.body.includes(literal)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const h of helpers)
      if (!entering.has(h) && [...entering].some((e) => calls(h.body, e.name))) {
        entering.add(h);
        grew = true;
      }
  }
  const tests = files.filter((f) => {
    if (!f.path.endsWith('.test.ts')) return false;
    const text = code(f.text);
    return (
      text.includes(literal) || [...entering].some((h) => f.text.includes(h.module) && calls(text, h.name))
    );
  });
  return tests.map((f) => relative(ROOT, f.path)).sort();
}
