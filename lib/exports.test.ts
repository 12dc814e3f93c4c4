/** The published entry: package.json `exports` → the bundle of npm run build:lib, imported by plain node. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

// Plain node (no tsx), importing the package by its name: the package's self-reference goes through `exports`.
const CONSUMER = `
import { interceptChatbotApi, startFake } from 'chatbot-platform-conformance';
const api = interceptChatbotApi({ baseUrl: 'https://chatbot.example.test' });
const { base_url, tokens, project_key } = api.target;
const projects = await fetch(base_url + '/getMyProjects', {
  method: 'POST',
  headers: { authorization: 'Bearer ' + tokens.owner },
});
const rag = await fetch(base_url + '/openai/chat/completions', {
  method: 'POST',
  headers: { authorization: 'Bearer ' + project_key, 'content-type': 'application/json' },
  body: JSON.stringify({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'How does two-factor authentication work?' }],
    tools: [{ type: 'service:knowledgebase', parameters: { limit: 2 } }],
  }),
});
const answer = await rag.json();
api.restore();
console.log(JSON.stringify({
  startFake: typeof startFake,
  projects: projects.status,
  type: (await projects.json()).type,
  rag: rag.status,
  sources: answer.sources.length,
}));
`;

describe('the published entry [LIB-EXPORTS]', () => {
  it('package.json exports the bundle and its types, and ships the fixture documents [LIB-EXPORTS]', () => {
    const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
    expect(pkg.name).toBe('chatbot-platform-conformance');
    expect(pkg.exports['.']).toEqual({ types: './dist/lib/index.d.ts', default: './dist/lib/index.js' });
    expect(pkg.files).toEqual(expect.arrayContaining(['dist/lib', 'fixtures/documents']));
    expect(pkg.scripts['build:lib']).toBeDefined();
    expect(pkg.scripts.prepare).toBe('npm run build:lib');
    for (const dep of ['nock', 'light-my-request', 'koa', 'zod'])
      expect(pkg.dependencies[dep], dep).toBeDefined();
  });

  it('a fresh bundle imported by plain node as chatbot-platform-conformance intercepts fetch and answers from the fixture documents [LIB-EXPORTS, LIB-INTERCEPT]', async () => {
    await run(process.execPath, ['scripts/build-lib.mjs', '--bundle-only'], { cwd: root });
    const bundle = readFileSync(`${root}/dist/lib/index.js`, 'utf8');
    // Dependencies are imported, not copied in.
    expect(bundle).toMatch(/from "koa"/);
    expect(bundle).not.toMatch(/function Koa\b|class Application extends/);
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', CONSUMER], { cwd: root });
    expect(JSON.parse(stdout)).toEqual({
      startFake: 'function',
      projects: 200,
      type: 'RXSUCCESS',
      rag: 200,
      sources: 2,
    });
  });
});
