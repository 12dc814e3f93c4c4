/**
 * The widget page (examples/widget/) in Debian's headless Chromium, served from another origin than the fake, as a
 * user would use it (FAKE-CORS): a session is created, a message sent shows the fake's answer, a RAG answer streams
 * into the page chunk by chunk, and a page whose origin the fake does not allow is refused by the browser while the
 * fake records nothing. Skipped only where no Chromium is installed, never in CI (.ci/run installs it).
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningFake, startFake } from '../../lib/start-fake.js';
import { type ServedWidget, serveWidget, widgetUrl } from './serve.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium && process.env.CI) throw new Error(`CI needs Chromium at ${CHROMIUM}: .ci/run installs it`);

const QUESTION = 'How do refunds work?';

/**
 * In the page (a string: the test's own types have no DOM): record every piece of text added to #answer, in order,
 * with the time it was added, in `window.answerPieces`.
 */
const RECORD_ANSWER_PIECES = `
  window.answerPieces = [];
  new MutationObserver((records) => {
    for (const r of records)
      for (const node of r.addedNodes) window.answerPieces.push({ text: node.textContent, at: performance.now() });
  }).observe(document.querySelector('#answer'), { childList: true });
`;

let browser: Browser | undefined;
let served: ServedWidget;
let page: Page;
/** What the browser logged (its CORS refusals go there). */
let consoleLines: string[];

beforeAll(async () => {
  if (!hasChromium) return;
  served = await serveWidget();
  browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});
beforeEach(async (ctx) => {
  if (!browser)
    return ctx.skip(`no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  page = await browser.newPage();
  consoleLines = [];
  page.on('console', (message) => consoleLines.push(message.text()));
  return async () => page.close();
});

/** A Node-side POST to the fake, for what the test checks behind the page's back. */
async function post<T>(
  url: string,
  headers: Record<string, string>,
  body: object | URLSearchParams,
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type':
        body instanceof URLSearchParams ? 'application/x-www-form-urlencoded' : 'application/json',
      ...headers,
    },
    body: body instanceof URLSearchParams ? body : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** Type `text` into the input `input` and submit its form. */
async function submit(input: string, text: string) {
  await page.type(input, text);
  await page.keyboard.press('Enter');
}

describe('the widget page against the fake, from another origin [FAKE-CORS]', () => {
  let fake: RunningFake;
  beforeAll(async () => {
    if (hasChromium) fake = await startFake(); // the default origins: any port of 127.0.0.1, the page's included
  });
  afterAll(async () => fake?.close());

  it('[FAKE-CORS] opens a session, and a message sent shows the answer the fake stored', async () => {
    await page.goto(widgetUrl(served.url, fake.target));
    await page.waitForSelector('#session::-p-text((open))');
    const sessionUid = (await page.$eval('#session', (el) => el.textContent))!.split(' ')[0]!;

    await submit('#message', QUESTION);
    await page.waitForSelector('#messages li.assistant');
    const shown = await page.$$eval('#messages li', (items) =>
      items.map((li) => [li.className, li.textContent]),
    );
    const target = fake.target;
    const stored = await post<{ data: { send_by: string; message: string }[] }>(
      `${target.base_url}/getSessionMessages`,
      { authorization: `Bearer ${target.tokens.owner}` },
      new URLSearchParams({ project_uid: target.project_uid!, session_uid: sessionUid, orderBy: 'ASC' }),
    );
    const answer = stored.data.find((m) => m.send_by === 'assistant')!;
    expect(answer.message.length).toBeGreaterThan(0);
    expect(shown).toEqual([
      ['user', QUESTION],
      ['assistant', answer.message],
    ]);
    expect(await page.$eval('#error', (el) => el.textContent)).toBe('');
  });

  it('[FAKE-CORS] a streamed RAG answer appears chunk by chunk, the same text as the unstreamed answer', async () => {
    await page.goto(widgetUrl(served.url, fake.target));
    await page.evaluate(RECORD_ANSWER_PIECES);
    await submit('#question', QUESTION);
    await page.waitForSelector('#stream-status::-p-text(done:)');

    const seen = (await page.evaluate('window.answerPieces')) as { text: string; at: number }[];
    const text = await page.$eval('#answer', (el) => el.textContent);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.map((s) => s.text).join('')).toBe(text);
    expect(await page.$eval('#stream-status', (el) => el.textContent)).toBe(`done: ${seen.length} chunks`);
    expect(await page.$$eval('#sources li', (items) => items.length)).toBeGreaterThan(0);

    const target = fake.target;
    const whole = await post<{ choices: { message: { content: string } }[] }>(
      `${target.base_url}/openai/chat/completions`,
      { authorization: `Bearer ${target.project_key}` },
      {
        model: target.rag_models.openai,
        messages: [{ role: 'user', content: QUESTION }],
        tools: [{ type: 'service:knowledgebase', parameters: { limit: 3 } }],
      },
    );
    expect(text).toBe(whole.choices[0]!.message.content);
  });
});

describe('a page from an origin the fake does not allow [FAKE-CORS]', () => {
  let fake: RunningFake;
  beforeAll(async () => {
    if (hasChromium) fake = await startFake({ corsOrigins: ['http://localhost:5173'] }); // not the page's origin
  });
  afterAll(async () => fake?.close());

  it('[FAKE-CORS] the browser refuses: fetch rejects with a TypeError, the page says so, the fake records nothing', async () => {
    await page.goto(widgetUrl(served.url, fake.target));
    await page.waitForSelector('#error::-p-text(Error)');
    expect(await page.$eval('#error', (el) => el.textContent)).toMatch(/^TypeError: Failed to fetch/);
    expect(await page.$eval('#session', (el) => el.textContent)).toBe('not created yet');

    await submit('#question', QUESTION);
    await page.waitForSelector('#error::-p-text(TypeError)');
    expect(await page.$eval('#answer', (el) => el.textContent)).toBe('');

    expect(consoleLines.some((line) => /blocked by CORS policy/.test(line))).toBe(true);
    // The preflights were refused, so neither request was sent: nothing reached the API.
    expect(await fake.control.journal()).toEqual([]);
  });
});
