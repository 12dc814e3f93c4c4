/** Choose the target: the file named by CONFORMANCE_TARGET, or the in-process fake when unset. */
import { readFileSync } from 'node:fs';
import { TargetConfig } from '../../contract/index.js';
import { createControlClient } from './control-client.js';
import { startInProcessTarget } from './in-process.js';
import { createHttpTarget, type Target } from './target.js';

export function readTargetConfig(file: string): TargetConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read target config ${file}: ${(err as Error).message}`);
  }
  const parsed = TargetConfig.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`invalid target config ${file}: ${issues}`);
  }
  return parsed.data;
}

export async function loadTarget(): Promise<Target> {
  const file = process.env.CONFORMANCE_TARGET;
  if (!file) return startInProcessTarget();
  const config = readTargetConfig(file);
  return createHttpTarget(config, config.control ? createControlClient(config.control) : undefined);
}
