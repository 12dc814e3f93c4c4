/**
 * The fake's package (packages/fake/, `chatbot-platform-fake`): its `exports` → the bundle of npm run build:lib,
 * imported by plain node through the workspace's link in node_modules, as a client project imports it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const fake = `${root}/packages/fake`;

// Plain node (no tsx), importing the package by its name: node_modules/chatbot-platform-fake → packages/fake.
const CONSUMER = `
import { interceptChatbotApi, startFake } from 'chatbot-platform-fake';
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

// The msw entry as a front-end project's test setup uses it, with msw's own setupServer; a RAG stream read whole.
const MSW_CONSUMER = `
import { setupServer } from 'msw/node';
import { chatbotApiHandlers } from 'chatbot-platform-fake/msw';
const api = chatbotApiHandlers({ baseUrl: 'https://chatbot.example.test' });
const server = setupServer(...api.handlers);
server.listen({ onUnhandledRequest: 'error' });
const { base_url, project_key, widget_uid } = api.target;
const json = { 'content-type': 'application/json' };
const session = await fetch(base_url + '/createSession', {
  method: 'POST',
  headers: { 'api-key': project_key, ...json },
  body: JSON.stringify({ widget_uid }),
});
const messages = await fetch(base_url + '/anthropic/v1/messages', {
  method: 'POST',
  headers: { 'x-api-key': project_key, ...json },
  body: JSON.stringify({ model: 'claude-3-5-haiku-latest', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'Hello' }] }),
});
const events = (await messages.text()).match(/^event: .*$/gm);
server.close();
console.log(JSON.stringify({
  session: session.status,
  type: (await session.json()).type,
  stream: messages.headers.get('content-type'),
  first: events[0],
  last: events.at(-1),
}));
`;

// msw hidden from module resolution, as in a project that does not install it: the main entry still works.
const NO_MSW_HOOKS = `
export async function resolve(specifier, context, next) {
  if (specifier === 'msw' || specifier.startsWith('msw/')) {
    throw Object.assign(new Error("Cannot find package 'msw'"), { code: 'ERR_MODULE_NOT_FOUND' });
  }
  return next(specifier, context);
}
`;
const WITHOUT_MSW = `
const { interceptChatbotApi } = await import('chatbot-platform-fake');
const api = interceptChatbotApi({ baseUrl: 'https://chatbot.example.test' });
const res = await fetch(api.target.base_url + '/getMyProjects', {
  method: 'POST',
  headers: { authorization: 'Bearer ' + api.target.tokens.owner },
});
api.restore();
const msw = await import('chatbot-platform-fake/msw').then(() => 'loaded', (err) => err.code);
console.log(JSON.stringify({ main: res.status, msw }));
`;

describe('the published entry [LIB-EXPORTS]', () => {
  beforeAll(async () => {
    await run(process.execPath, ['scripts/build-lib.mjs', '--bundle-only'], { cwd: root });
  });

  it('the fake package exports the bundle and its types, ships the fixture documents, and depends on runtime packages only [LIB-EXPORTS]', () => {
    const pkg = JSON.parse(readFileSync(`${fake}/package.json`, 'utf8'));
    expect(pkg.name).toBe('chatbot-platform-fake');
    for (const entry of ['index', 'msw', 'contract', 'openai', 'anthropic'])
      expect(pkg.exports[entry === 'index' ? '.' : `./${entry}`], entry).toEqual({
        types: `./dist/${entry}.d.ts`,
        default: `./dist/${entry}.js`,
      });
    for (const peer of ['msw', 'openai', '@anthropic-ai/sdk']) {
      expect(pkg.peerDependencies[peer], peer).toBeDefined();
      expect(pkg.peerDependenciesMeta[peer], peer).toEqual({ optional: true });
    }
    expect(pkg.files).toEqual(expect.arrayContaining(['dist', 'fixtures/documents', 'bin']));
    expect(pkg.bin).toEqual({ 'chatbot-fake': 'bin/chatbot-fake.mjs' });
    // Runtime packages only, each one the client's own copy must be; never the harness's test runner or build tools.
    expect(Object.keys(pkg.dependencies).sort()).toEqual([
      '@faker-js/faker',
      'nock',
      'write-file-atomic',
      'zod',
    ]);
    expect(pkg.devDependencies).toBeUndefined();
    const conformance = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
    expect(conformance.workspaces).toEqual(['packages/fake']);
    expect(conformance.dependencies['chatbot-platform-fake']).toBe(pkg.version);
    expect(conformance.scripts.prepare).toBe('npm run build:lib');
  });

  it('chatbot-platform-fake/contract, imported by plain node, parses a documented project and keeps the assumed apart [LIB-EXPORTS]', async () => {
    const script = `const c = await import('chatbot-platform-fake/contract');
      const p = c.Project.safeParse({ id: 1 });
      console.log(JSON.stringify({ envelope: c.ErrorEnvelope.safeParse({ type: 'RXERROR', message: 'x' }).success,
        refused: p.success, assumed: typeof c.assumed.IsoDateTimeProfile.parse, operations: c.operations.length }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
    expect(JSON.parse(stdout)).toEqual({
      envelope: true,
      refused: false,
      assumed: 'function',
      operations: 22,
    });
  });

  it('a fresh bundle imported by plain node as chatbot-platform-fake intercepts fetch and answers from the fixture documents [LIB-EXPORTS, LIB-INTERCEPT]', async () => {
    const bundle = readFileSync(`${fake}/dist/index.js`, 'utf8');
    // The server's dependencies are in the bundle (the client installs none of them); zod stays the client's own.
    expect(bundle).not.toMatch(/from ["']koa["']/);
    expect(bundle).toMatch(/from ["']zod["']/);
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', CONSUMER], { cwd: root });
    expect(JSON.parse(stdout)).toEqual({
      startFake: 'function',
      projects: 200,
      type: 'RXSUCCESS',
      rag: 200,
      sources: 2,
    });
  });

  it('chatbot-platform-fake/msw: handlers for msw setupServer answer fetch from the fake, streams included [LIB-EXPORTS, LIB-MSW-HANDLERS]', async () => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', MSW_CONSUMER], {
      cwd: root,
    });
    expect(JSON.parse(stdout)).toEqual({
      session: 200,
      type: 'RXSUCCESS',
      stream: expect.stringMatching(/^text\/event-stream/),
      first: 'event: message_start',
      last: 'event: message_stop',
    });
  });

  it('without msw installed the main entry imports and intercepts; only the msw entry needs it [LIB-EXPORTS, LIB-MSW-HANDLERS]', async () => {
    expect(readFileSync(`${fake}/dist/index.js`, 'utf8')).not.toMatch(/["']msw(\/[^"']*)?["']/);
    const dir = mkdtempSync(join(tmpdir(), 'no-msw-'));
    writeFileSync(join(dir, 'hooks.mjs'), NO_MSW_HOOKS);
    writeFileSync(
      join(dir, 'register.mjs'),
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`,
    );
    const { stdout } = await run(
      process.execPath,
      ['--import', pathToFileURL(join(dir, 'register.mjs')).href, '--input-type=module', '-e', WITHOUT_MSW],
      { cwd: root },
    );
    expect(JSON.parse(stdout)).toEqual({ main: 200, msw: 'ERR_MODULE_NOT_FOUND' });
  });
});
