/**
 * The layering rules (.dependency-cruiser.cjs, `npm run layering` in CI) catch what they are for: in a small tree
 * laid out like this repository, each deliberately wrong import is reported under its rule, and the right ones are not.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

const tree: Record<string, string> = {
  // Allowed: contract on zod, the domain on contract, http on the domain, the suites' adapter on the fake.
  'contract/shape.ts': "import { z } from 'zod';\nexport const Shape = z.object({});\n",
  'fake-server/domain/rule.ts':
    "import { Shape } from '../../contract/shape.js';\nexport const rule = Shape;\n",
  'fake-server/http/router.ts': "import { rule } from '../domain/rule.js';\nexport const router = rule;\n",
  'suites/target/in-process.ts':
    "import { router } from '../../fake-server/http/router.js';\nexport const t = router;\n",
  // Upward or sideways imports, one per rule.
  'fake-server/domain/plain.ts': 'export const plain = 1;\n',
  'contract/upward.ts': "import { plain } from '../fake-server/domain/plain.js';\nexport const up = plain;\n",
  'fake-server/domain/framework.ts': "import Koa from 'koa';\nexport const app = new Koa();\n",
  'suites/platform/direct.test.ts':
    "import { rule } from '../../fake-server/domain/rule.js';\nexport const d = rule;\n",
  'bench/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
  'bench/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
  'drift/left/one.ts': "import { two } from '../right/two.js';\nexport const one = two;\n",
  'drift/right/two.ts': "import { three } from '../left/three.js';\nexport const two = three;\n",
  'drift/left/three.ts': 'export const three = 3;\n',
};

describe('the layering check [HARNESS-LAYERING]', () => {
  it('[HARNESS-LAYERING] reports each upward import, file circle and folder circle under its rule, and nothing else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'layering-'));
    for (const [path, text] of Object.entries(tree)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    copyFileSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext' } }));
    const depcruise = join(root, 'node_modules', '.bin', 'depcruise');
    const run = await promisify(execFile)(
      depcruise,
      [
        '--config',
        '.dependency-cruiser.cjs',
        '--output-type',
        'json',
        'contract',
        'fake-server',
        'suites',
        'bench',
        'drift',
      ],
      { cwd: dir },
    ).catch((err: { stdout: string }) => err);
    // A file circle is reported once, from either of its files.
    const violations = (
      JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string }; from: string }[] } }
    ).summary.violations
      .map((v) => `${v.rule.name}: ${v.from.replace(/^bench\/[ab]\.ts$/, 'bench/a.ts or b.ts')}`)
      .sort();
    expect(violations).toEqual([
      'contract-imports-only-zod: contract/upward.ts',
      'domain-imports-no-koa: fake-server/domain/framework.ts',
      // contract → fake-server/domain (upward.ts) and fake-server/domain → contract (rule.ts): a folder circle too.
      'no-circular-folders: contract',
      'no-circular-folders: drift/left',
      'no-circular-folders: drift/right',
      'no-circular-folders: fake-server/domain',
      'no-circular: bench/a.ts or b.ts',
      'suites-reach-the-fake-through-one-adapter: suites/platform/direct.test.ts',
    ]);
  }, 60_000);
});
