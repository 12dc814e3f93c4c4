/**
 * `npx tsx load/k6-operator/bundle.ts [SCRIPT…]`: each k6 script as one self-contained JavaScript file in
 * reports/k6-bundles/, for a k6-operator ConfigMap. A ConfigMap holds flat files and the TestRun names one of them,
 * while load/<script>.ts imports load/k6/, load/lib/ and contract/; esbuild puts them in one file and leaves the k6
 * modules to k6. Not `k6 archive`: an archive keeps the options (iterations, VUs, thresholds) computed when it was
 * made, so VUS, EXTRA, INSTANCE_COUNT, … given to the runners would change the requests but not the checks. A
 * bundle computes its options in each runner's init context, from that runner's environment, as `k6 run
 * load/<script>.ts` does.
 */

import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { type ScriptName, scriptNames } from '../lib/scripts.ts';

export const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const bundleDir = join(root, 'reports', 'k6-bundles');

/** The file a script's bundle is, in the bundle folder and in the ConfigMap. */
export const bundleFile = (script: ScriptName): string => `${script}.js`;

/** The command that puts a bundle into the ConfigMap a TestRun names. */
export const configMapCommand = (script: ScriptName, name: string): string =>
  `kubectl create configmap ${name} --from-file=${relative(root, join(bundleDir, bundleFile(script)))}`;

export interface Bundle {
  script: ScriptName;
  code: string;
  /** The source files k6 would load, relative to the repository root. */
  inputs: string[];
}

/** Bundle one script in memory (nothing written). */
export async function bundleScript(script: ScriptName): Promise<Bundle> {
  const result = await build({
    entryPoints: [join(root, 'load', `${script}.ts`)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2020',
    external: ['k6', 'k6/*'],
    metafile: true,
    logLevel: 'silent',
    banner: {
      js: `// load/${script}.ts bundled by load/k6-operator/bundle.ts: edit the sources, not this file.`,
    },
  });
  const metafile = result.metafile as Metafile;
  return {
    script,
    code: result.outputFiles[0]!.text,
    inputs: Object.keys(metafile.inputs).map((p) => relative(root, resolve(root, p))),
  };
}

async function main(): Promise<void> {
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { commandLine, usageError } = await import('../../bin/command-line.mjs');
  const { positionals: asked } = commandLine({
    name: 'k6-operator/bundle',
    usage: `Usage: npx tsx load/k6-operator/bundle.ts [SCRIPT…]

Bundles each k6 script (default all: ${scriptNames.join(', ')}) into one self-contained JavaScript file in
reports/k6-bundles/, for a k6-operator ConfigMap, and prints the kubectl command that makes the ConfigMap.`,
    allowPositionals: true,
  });
  const unknown = asked.filter((s) => !(scriptNames as readonly string[]).includes(s));
  if (unknown.length)
    usageError(
      'k6-operator/bundle',
      `unknown script ${unknown.join(', ')} (one of ${scriptNames.join(', ')})`,
    );
  mkdirSync(bundleDir, { recursive: true });
  for (const script of (asked.length ? asked : scriptNames) as ScriptName[]) {
    const b = await bundleScript(script);
    writeFileSync(join(bundleDir, bundleFile(script)), b.code);
    console.log(`${relative(root, join(bundleDir, bundleFile(script)))}: ${b.inputs.length} source files`);
    console.log(`  ${configMapCommand(script, `load-${script}`)}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
