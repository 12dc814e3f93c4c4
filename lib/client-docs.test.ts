/**
 * docs/client-developers.md runs as written (LIB-CLIENT-DOCS): its bash blocks, in page order in one shell, against a
 * fake this test starts as `npm start` does (`node scripts/start.mjs`, port 0, the target file at reports/fake-target.json
 * of a temporary folder the shell runs in); every curl answers 2xx in the spec's envelope or the RAG endpoint's own
 * shape; after the documented reset with a seed the next commands succeed with the rewritten target file's new
 * credentials; and every `ts` block type-checks with strict tsc against the official SDKs' types. Blocks of other
 * languages are not code to run: `text` is output, `js` a fragment (the page's own convention).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MessageOnlyEnvelope } from '../contract/envelope.js';
import { DocumentedAnthropicMessage } from '../contract/requests/rag-anthropic.js';
import { DocumentedOpenAIChatCompletion } from '../contract/requests/rag-openai.js';
import { TargetConfig } from '../contract/target-config.js';
import { type FakeProcess, spawnFakeProcess } from '../fake-server/process.js';
import { curlLines, fencedBlocks } from './client-docs-blocks.test-support.js';
import { type CurlCall, type NotRun, type PageRun, runPage } from './client-docs-shell.test-support.js';
import { type Snippet, snippetProject, typecheckSnippets } from './client-docs-tsc.test-support.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PAGE = 'docs/client-developers.md';
const blocks = fencedBlocks(readFileSync(join(ROOT, PAGE), 'utf8'));
const snippets: Snippet[] = blocks
  .filter((b) => b.lang === 'ts')
  .map((b, i) => ({
    file: `snippet-${String(i + 1).padStart(2, '0')}.ts`,
    origin: `${PAGE}:${b.line}`,
    code: b.code,
  }));
/** The ts blocks that are whole programs against a running fake: they read its target file. */
const programs = snippets.filter((s) => s.code.includes('process.env.TARGET_FILE'));
// The control: the tool as the spec writes it, with no helper, fails tsc (TS2769), so a check that passes means something.
const control: Snippet = {
  file: 'control-raw-tool.ts',
  origin: 'the raw tool literal',
  code: `import OpenAI from 'openai';\nconst client = new OpenAI({ apiKey: 'k' });\nawait client.chat.completions.create({ model: 'gpt-4o-mini', messages: [], tools: [{ type: 'service:knowledgebase', parameters: { limit: 3 } }] });\n`,
};
let project: string;
beforeAll(() => {
  project = snippetProject([...snippets, control]);
});

/** The languages of the page's blocks: run (bash), type-checked (ts), or not code to run, each said why. */
const LANGUAGES: Record<string, string> = {
  bash: 'run, in page order, in one shell',
  ts: 'type-checked with tsc',
  text: 'output shown, not a command',
  js: 'a two-line fragment of the SDK set-up (the examples it stands for run in the bash blocks)',
};

/**
 * The page's commands this test does not run, each with why. Any other npm or npx command stops the run as unknown,
 * and an entry the page no longer reaches fails the test, so this list stays the page's.
 */
const NOT_RUN: readonly NotRun[] = [
  {
    command: 'npm pack -w chatbot-platform-fake --pack-destination /tmp',
    why: "packing and installing the package is CI's stage (.ci/run packs it and installs it into an empty project); here the entries are the library's sources",
  },
  { command: 'npm install -D /tmp/chatbot-platform-fake-0.1.0.tgz', why: 'as npm pack' },
  {
    command: 'npx chatbot-fake',
    why: 'the fake this test started is that fake: the bin runs the same bundle as npm start',
  },
  { command: 'npm start', why: 'the fake this test started: node scripts/start.mjs, what npm start runs' },
  {
    command: 'npm start -- --cors-origins https://widget.test:8443,http://localhost:*',
    why: 'a second fake; --cors-origins is checked by fake-server/cors-start-option.test.ts',
  },
  {
    command: 'npm start -- --state reports/fake-state.json',
    why: 'a second fake; --state starts are checked by fake-server/persistence/ tests',
  },
  { command: 'npm start -- --state reports/snapshot.json', why: 'as the other --state start' },
  {
    command: 'node examples/widget/serve.mjs',
    why: 'a server that runs until stopped; examples/widget/widget.browser.test.ts drives it',
  },
];

/** What a curl's answer must be, by its path: the spec's envelope, or the RAG endpoints' and control API's own shapes. */
function shapeFor(call: CurlCall): { name: string; schema: z.ZodType } {
  const url = call.args.find((a) => /^https?:\/\//.test(a));
  const path = url ? new URL(url).pathname : '';
  const i = call.args.indexOf('-X');
  const method =
    i >= 0
      ? call.args[i + 1]
      : call.args.some((a) => a.startsWith('-d') || a.startsWith('--data'))
        ? 'POST'
        : 'GET';
  if (path.endsWith('/openai/chat/completions'))
    return { name: 'an OpenAI chat completion with sources', schema: DocumentedOpenAIChatCompletion };
  if (path.endsWith('/anthropic/v1/messages'))
    return { name: 'an Anthropic message with sources', schema: DocumentedAnthropicMessage };
  if (method === 'GET' && path.endsWith('/_control/target'))
    return { name: 'a target config', schema: TargetConfig };
  if (method === 'GET' && path.endsWith('/_control/state')) {
    return {
      name: 'a state snapshot',
      schema: z.looseObject({ format: z.literal('chatbot-platform-fake-state'), payload: z.looseObject({}) }),
    };
  }
  return { name: 'the success envelope', schema: MessageOnlyEnvelope };
}

const where = (call: CurlCall) => `${PAGE} block at line ${call.blockLine}: curl ${call.args.join(' ')}`;

describe(`${PAGE} runs as written [LIB-CLIENT-DOCS]`, () => {
  it('every block is of a known kind [LIB-CLIENT-DOCS]', () => {
    for (const b of blocks)
      expect(Object.keys(LANGUAGES), `${PAGE}:${b.line}: \`\`\`${b.lang}`).toContain(b.lang);
  });

  describe('the bash blocks against a started fake [LIB-CLIENT-DOCS]', () => {
    let fake: FakeProcess;
    let dir: string;
    let firstOwner: string;
    let run: PageRun;
    beforeAll(async () => {
      // curl is the page's tool: without it the page cannot be run, and this test says so instead of passing.
      const curl = spawnSync('curl', ['--version'], { encoding: 'utf8' });
      if (curl.status !== 0)
        throw new Error(
          "curl is not installed: the page's curl lines cannot be run (apt-get install -y curl)",
        );
      dir = mkdtempSync(join(tmpdir(), 'client-docs-'));
      symlinkSync(join(ROOT, 'examples'), join(dir, 'examples'), 'dir');
      const targetFile = join(dir, 'reports', 'fake-target.json');
      fake = spawnFakeProcess({ targetFile });
      firstOwner = (await fake.ready(60_000)).tokens.owner ?? '';
      run = await runPage(blocks, NOT_RUN, {
        cwd: dir,
        recordDir: join(dir, '.record'),
        // The examples read TARGET_FILE, else the repository's own reports/fake-target.json: here, the test's fake.
        env: { ...process.env, TARGET_FILE: targetFile },
        timeoutMs: 240_000,
      });
    }, 300_000);
    afterAll(async () => {
      await fake?.stop();
    });

    it('the whole page runs to its end [LIB-CLIENT-DOCS]', () => {
      expect(
        run.exitCode,
        `stopped in the block at ${PAGE}:${run.lastBlockLine}:\n${run.stderr.slice(-3000)}`,
      ).toBe(0);
      const lastBash = blocks.filter((b) => b.lang === 'bash').at(-1);
      expect(run.lastBlockLine).toBe(lastBash?.line);
    });

    it("every curl line ran once and answered 2xx in the spec envelope or its endpoint's own shape [LIB-CLIENT-DOCS]", () => {
      const documented = blocks.filter((b) => b.lang === 'bash').flatMap((b) => curlLines(b.code));
      expect(run.calls.length, 'curl calls made vs curl lines on the page').toBe(documented.length);
      for (const call of run.calls) {
        expect(call.status, where(call)).toBeGreaterThanOrEqual(200);
        expect(call.status, where(call)).toBeLessThan(300);
        const { name, schema } = shapeFor(call);
        const parsed = schema.safeParse(JSON.parse(call.body));
        expect(parsed.success, `${where(call)}: not ${name}: ${parsed.error?.message ?? ''}`).toBe(true);
      }
    });

    it('the commands not run are the listed ones, each reached [LIB-CLIENT-DOCS]', () => {
      expect(new Set(run.notRun)).toEqual(new Set(NOT_RUN.map((n) => n.command)));
    });

    it("after the reset with a seed, the next commands run with the rewritten target file's new credentials [LIB-CLIENT-DOCS, FAKE-TARGET-FILE]", () => {
      const reset = run.calls.findIndex(
        (c) => c.args.some((a) => a.endsWith('/_control/reset')) && c.args.includes('{"seed": 7}'),
      );
      expect(reset, 'the documented reset with a seed ran').toBeGreaterThanOrEqual(0);
      const next = run.calls.slice(reset + 1, reset + 3);
      const bearer = next[0]?.args.find((a) => a.startsWith('Authorization: Bearer '));
      expect(bearer, 'the next getMyProjects').toMatch(/^Authorization: Bearer api-v1-/);
      expect(bearer, 'a new owner token, read from the rewritten file').not.toBe(
        `Authorization: Bearer ${firstOwner}`,
      );
      expect(next.map((c) => c.status)).toEqual([200, 200]);
      // The example after them printed its answer and sources (it exits non-zero on a 401).
      expect(run.stdout).toMatch(/Sources:\n\[1\] doc-/);
    });

    it('the ts programs that read the target file run with tsx and print their answer and sources [LIB-CLIENT-DOCS, LIB-SDK-HELPERS]', () => {
      expect(
        programs.map((p) => p.origin),
        'the openai and the anthropic snippets',
      ).toHaveLength(2);
      for (const program of programs) {
        const tsx = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), program.file], {
          cwd: project,
          env: { ...process.env, TARGET_FILE: fake.targetFile },
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(tsx.status, `${program.origin}:\n${tsx.stderr}`).toBe(0);
        expect(tsx.stdout, program.origin).toMatch(
          /^According to the knowledgebase: .*\ndoc-\S+ \(score [\d.]+\)\n/,
        );
        expect(tsx.stdout, program.origin).toMatch(/\n\d+ sources\n$/);
      }
    }, 120_000);
  });

  it('every ts block type-checks against the official SDK types, and tsc refuses the raw knowledgebase tool [LIB-CLIENT-DOCS, LIB-SDK-HELPERS]', () => {
    expect(snippets.length).toBeGreaterThan(5);
    const result = typecheckSnippets(project, [...snippets, control]);
    expect(result.errors.get(control.file), result.output).toMatch(/error TS2769/);
    for (const s of snippets) expect(result.errors.get(s.file), `${s.origin} (${s.file})`).toBeUndefined();
    const unattributed = result.output
      .split('\n')
      .filter((l) => /error TS\d+/.test(l) && !l.includes(control.file));
    expect(unattributed, 'tsc errors outside the snippets').toEqual([]);
  }, 180_000);
});
