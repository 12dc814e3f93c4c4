/**
 * The k6-operator TestRun examples in load/k6-operator/ against the scripts they run: each names the bundle of an
 * existing cap script, runs it on more than one instance, tells the runners how many there are, and sets only
 * environment variables that the script's sources really read (found by scanning the files the bundle is made of).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '../lib/config.ts';
import { type CapScript, capScripts, resolveCapRun, type ScriptName, scriptNames } from '../lib/scripts.ts';
import { type Bundle, bundleFile, bundleScript, configMapCommand, root } from './bundle.ts';
import { computedEnvReads, envVarsRead } from './env-read.ts';

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}

interface TestRun {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: {
    parallelism: number;
    script: { configMap?: { name: string; file: string } };
    runner?: { env?: EnvVar[]; envFrom?: unknown };
    initializer?: unknown;
  };
}

const folder = join(root, 'load', 'k6-operator');
const manifests = readdirSync(folder)
  .filter((f) => f.endsWith('.yaml'))
  .map((file) => {
    const text = readFileSync(join(folder, file), 'utf8');
    const docs = parseAllDocuments(text).map((d) => d.toJS() as TestRun);
    return { file, text, runs: docs.filter((d) => d?.kind === 'TestRun') };
  });

/** Credentials come from a Secret, never written in the manifest. */
const secrets = ['TOKEN', 'PROJECT_KEY', 'CONTROL_SECRET'];

const scriptOf = (run: TestRun): string => run.spec.script.configMap?.file.replace(/\.js$/, '') ?? '';

const bundles = new Map<string, Bundle>();
beforeAll(async () => {
  const named = new Set(manifests.flatMap((m) => m.runs.map(scriptOf)));
  for (const s of named) {
    if ((scriptNames as readonly string[]).includes(s)) bundles.set(s, await bundleScript(s as ScriptName));
  }
});

describe('k6-operator TestRun examples [LOAD-DISTRIBUTED]', () => {
  it('there is at least one, with parallelism above 1', () => {
    const runs = manifests.flatMap((m) => m.runs);
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      expect(run.apiVersion).toBe('k6.io/v1alpha1');
      expect(Number.isInteger(run.spec.parallelism) && run.spec.parallelism > 1).toBe(true);
    }
  });

  for (const { file, text, runs } of manifests) {
    for (const run of runs) {
      describe(`${file}: ${run.metadata.name}`, () => {
        const script = scriptOf(run);
        const env = run.spec.runner?.env ?? [];

        it('runs the bundle of an existing cap script from a ConfigMap, made as its comment says', () => {
          expect(existsSync(join(root, 'load', `${script}.ts`))).toBe(true);
          expect(capScripts as readonly string[]).toContain(script);
          const configMap = run.spec.script.configMap!;
          expect(configMap.file).toBe(bundleFile(script as CapScript));
          expect(text).toContain(configMapCommand(script as CapScript, configMap.name));
        });

        it('[LOAD-CONFIG] sets only environment variables the script reads, each once', () => {
          const bundle = bundles.get(script)!;
          const sources = Object.fromEntries(
            bundle.inputs.map((p) => [p, readFileSync(join(root, p), 'utf8')] as const),
          );
          expect(computedEnvReads(sources)).toEqual([]);
          const read = envVarsRead(Object.values(sources));
          const names = env.map((e) => e.name);
          expect(names.filter((n) => !read.has(n))).toEqual([]);
          expect(new Set(names).size).toBe(names.length);
          // The initializer hands only `env` to k6 archive and k6 inspect, where the init context checks it.
          expect(run.spec.runner?.envFrom).toBeUndefined();
        });

        it('tells each runner the number of instances, and gives each a VU; credentials come from a Secret', () => {
          const value = (name: string) => env.find((e) => e.name === name)?.value;
          expect(value('INSTANCE_COUNT')).toBe(String(run.spec.parallelism));
          for (const e of env.filter((v) => secrets.includes(v.name))) {
            expect(e.value).toBeUndefined();
            expect(e.valueFrom?.secretKeyRef?.name).toBeTruthy();
          }
          const config = loadConfig({
            env: Object.fromEntries(env.map((e) => [e.name, e.value ?? `secret-${e.name}`])),
          });
          const resolved = resolveCapRun(script as CapScript, config);
          expect(resolved.mode).toBe('given');
          expect(resolved.distribution?.shares.every((s) => s.vus > 0 && s.iterations > 0)).toBe(true);
        });
      });
    }
  }
});
