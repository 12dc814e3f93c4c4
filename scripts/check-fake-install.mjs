#!/usr/bin/env node
// `node scripts/check-fake-install.mjs DIR LOG`: CI's check of the fake's package installed alone into the empty
// project DIR (issue 41), from that install's log LOG. It fails (exit 1, one line per problem) if node_modules holds
// the harness's test runner or build tools (vitest, tsx, esbuild) or a copy of an official SDK (they are optional
// peers), if the install printed a warning (e.g. EBADENGINE), or if node_modules takes 40 MB or more on disk; else it
// prints the size and the packages. Exit 2 on a usage error.
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine, usageError } from '../bin/command-line.mjs';

const LIMIT_MB = 40;
const FORBIDDEN = ['vitest', 'tsx', 'esbuild', 'openai', '@anthropic-ai/sdk', 'msw', 'typescript'];

const { positionals } = commandLine({
  name: 'check-fake-install',
  usage: `Usage: node scripts/check-fake-install.mjs DIR LOG

CI's check of the fake's package installed alone into the empty project DIR, from that install's log LOG: exit 1, one
line per problem, if node_modules holds ${FORBIDDEN.join(', ')}, if the install printed a warning, or if
node_modules takes ${LIMIT_MB} MB or more on disk; else it prints the size and the packages (exit 0). Exit 2 on a usage
error.`,
  allowPositionals: true,
});
const [dir, log] = positionals;
if (positionals.length !== 2 || !existsSync(join(dir, 'node_modules')) || !existsSync(log))
  usageError('check-fake-install', 'give DIR and LOG: DIR/node_modules and LOG must exist');

/** Bytes on disk (allocated blocks) under `path`, symbolic links not followed. */
function onDisk(path) {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.blocks * 512;
  return readdirSync(path).reduce((sum, name) => sum + onDisk(join(path, name)), stat.blocks * 512);
}

/** Every installed package's name, scoped ones included, nested node_modules too. */
function packages(modules) {
  const names = [];
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    const scoped = name.startsWith('@')
      ? readdirSync(join(modules, name)).map((n) => `${name}/${n}`)
      : [name];
    for (const pkg of scoped) {
      names.push(pkg);
      const nested = join(modules, pkg, 'node_modules');
      if (existsSync(nested)) names.push(...packages(nested));
    }
  }
  return names;
}

const modules = join(dir, 'node_modules');
const installed = packages(modules);
const problems = [];
for (const name of FORBIDDEN)
  if (installed.includes(name)) problems.push(`${name} is installed with the fake's package`);
const warnings = readFileSync(log, 'utf8')
  .split('\n')
  .filter((line) => /^npm warn/i.test(line));
for (const line of warnings) problems.push(`the install warned: ${line}`);
const mb = onDisk(modules) / 1024 / 1024;
if (mb >= LIMIT_MB) problems.push(`node_modules takes ${mb.toFixed(1)} MB on disk (limit ${LIMIT_MB} MB)`);
for (const problem of problems) console.error(`check-fake-install: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(
  `the fake's package in an empty project: ${mb.toFixed(1)} MB of node_modules on disk (limit ${LIMIT_MB} MB), ${installed.length} packages (${installed.sort().join(', ')}), no warning, none of ${FORBIDDEN.join(', ')}`,
);
