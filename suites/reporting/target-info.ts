/** Reads and validates a target config file (shared by the conformance CLI and the reporter). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { TargetConfig } from '../../contract/target-config.js';
import type { TargetInfo } from './report.js';

export const TARGET_ENV = 'CONFORMANCE_TARGET';
export const DEFAULT_TARGET: TargetInfo = { name: 'in-process fake', kind: 'fake' };

export type LoadedTarget =
  | { readonly ok: true; readonly path: string; readonly config: TargetConfig }
  | { readonly ok: false; readonly path: string; readonly error: string };

/** Loads `file` (relative to cwd) and validates it with TargetConfig; never throws. */
export const loadTargetConfig = (file: string): LoadedTarget => {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, path, error: code === 'ENOENT' ? 'file not found' : `cannot read: ${String(err)}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, path, error: `not valid JSON: ${(err as Error).message}` };
  }
  const parsed = TargetConfig.safeParse(json);
  if (!parsed.success)
    return { ok: false, path, error: `does not match TargetConfig:\n${z.prettifyError(parsed.error)}` };
  return { ok: true, path, config: parsed.data };
};

/** The target the current run talks to, from env CONFORMANCE_TARGET; the in-process fake when unset. */
export const targetFromEnv = (
  env: NodeJS.ProcessEnv = process.env,
): { readonly target: TargetInfo; readonly error?: string } => {
  const file = env[TARGET_ENV];
  if (file === undefined || file === '') return { target: DEFAULT_TARGET };
  const loaded = loadTargetConfig(file);
  if (!loaded.ok) {
    return {
      target: { name: `invalid target config ${loaded.path}`, kind: 'real', configPath: loaded.path },
      error: `${TARGET_ENV}=${file}: ${loaded.error}`,
    };
  }
  return { target: { name: loaded.config.name, kind: loaded.config.kind, configPath: loaded.path } };
};
