/** Types of scripts/load.mjs for its test (load/node/launcher.test.ts). */
export declare const scriptNames: string[];
export declare const minimumK6: [number, number, number];
export declare const installUrl: string;
export declare const usage: string;
export declare function installHelp(name: string): string;
export declare function findExecutable(
  name: string,
  pathEnv: string | undefined,
  options?: { platform?: string; isExecutable?: (path: string) => boolean },
): string | undefined;
export declare function parseK6Version(output: string | undefined): [number, number, number] | undefined;
export declare function versionAtLeast(version: readonly number[], minimum: readonly number[]): boolean;
export type LaunchPlan =
  | { action: 'run'; command: string; args: string[]; env: Record<string, string | undefined> }
  | { action: 'fail'; code: number; message: string }
  | { action: 'help'; message: string };
export declare function plan(input: {
  argv: string[];
  env: Record<string, string | undefined>;
  cwd: string;
  platform?: string;
  isExecutable?: (path: string) => boolean;
}): LaunchPlan;
