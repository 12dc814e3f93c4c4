/**
 * The report page in Debian's headless Chromium, opened from file:// as a QA engineer opens it (REPORT-HTML-SIZE,
 * REPORT-FAILURES-FIRST): at 1280×800 the first screen shows the verdict, the counts and the likely defects; a folded
 * section renders its rows when opened (decompressed in the page, offline); searching the matrix finds a test named
 * only in a folded list. Screenshots of a passing and a failing report go to REPORT_SCREENSHOTS when it names a folder.
 * Skipped only where no Chromium is installed, never in CI (.ci/run installs it).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toHtml } from './html.js';
import { brokenRunOutcomes, reportOf, wholeRunOutcomes } from './large-report.test-support.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium && process.env.CI) throw new Error(`CI needs Chromium at ${CHROMIUM}: .ci/run installs it`);

const dir = mkdtempSync(join(tmpdir(), 'report-page-'));
const files = { passing: join(dir, 'passing.html'), failing: join(dir, 'failing.html') };
let browser: Browser | undefined;
let page: Page;
let pageErrors: string[];
const passing = reportOf(wholeRunOutcomes(), 'fake');

beforeAll(async () => {
  writeFileSync(files.passing, toHtml(passing));
  writeFileSync(files.failing, toHtml(reportOf(brokenRunOutcomes(), 'real')));
  if (hasChromium)
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async (ctx) => {
  if (!browser)
    return ctx.skip(`no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  return async () => page.close();
});

/** The first screen: where each of these is, and whether it lies wholly inside 1280×800. */
const onFirstScreen = (selectors: readonly string[]) =>
  page.evaluate((list: readonly string[]) => {
    const doc = (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document;
    return list.map((s) => {
      const el = doc.querySelector(s) as { getBoundingClientRect(): { top: number; bottom: number } } | null;
      const box = el?.getBoundingClientRect();
      return { selector: s, visible: box !== undefined && box.top >= 0 && box.bottom <= 800 };
    });
  }, selectors);

const shoot = async (name: string) => {
  const out = process.env.REPORT_SCREENSHOTS;
  if (out) await page.screenshot({ path: join(out, `${name}.png`) });
};

describe('the report page in a browser [REPORT-HTML-SIZE, REPORT-FAILURES-FIRST]', () => {
  it('a failing report: the verdict, the counts and the likely defects on the first screen', async () => {
    await page.goto(`file://${files.failing}`);
    await shoot('failing-first-screen');
    const seen = await onFirstScreen([
      '#verdict',
      '#counts',
      'ol.defects > li.defect:nth-child(1)',
      'ol.defects > li.defect:nth-child(2)',
    ]);
    expect(seen).toEqual(seen.map((s) => ({ ...s, visible: true })));
    expect(await page.$eval('#verdict', (el) => el.textContent)).toBe('FAIL');
    expect(pageErrors).toEqual([]);
  });

  it('a passing report: the verdict and the counts on the first screen; a folded matrix renders its rows when opened', async () => {
    await page.goto(`file://${files.passing}`);
    await shoot('passing-first-screen');
    expect(await onFirstScreen(['#verdict', '#counts'])).toEqual([
      { selector: '#verdict', visible: true },
      { selector: '#counts', visible: true },
    ]);
    const rows = 'details.passing tr[data-status="pass"]';
    expect(await page.$$eval(rows, (r) => r.length)).toBe(0);
    // The first fold is the API matrix's passing clauses.
    await page.click('details.passing > summary');
    await page.waitForSelector(rows);
    const api = passing.matrix.rows.filter((r) => r.scope === 'api' && r.status === 'pass');
    expect(await page.$$eval(rows, (r) => r.length)).toBe(api.length);
    // A row's passing tests are folded again, and render when opened too.
    await page.click('details.passing tr[data-status="pass"] td.tests details > summary');
    await page.waitForSelector('details.passing tr[data-status="pass"] td.tests details li');
    expect(pageErrors).toEqual([]);
  });

  it('searching the matrix finds a test named only in a folded list', async () => {
    await page.goto(`file://${files.passing}`);
    await page.type('#q', '(case 1234)');
    await page.waitForFunction(() => {
      const doc = (
        globalThis as unknown as { document: { getElementById(id: string): { textContent: string } } }
      ).document;
      return /^[1-9]\d* of \d+ shown$/.test(doc.getElementById('shown').textContent);
    });
    const visible = await page.$$eval('table.matrix tr[data-status]:not([hidden])', (r) =>
      r.map((row) => row.textContent ?? ''),
    );
    expect(visible.length).toBeGreaterThan(0);
    for (const text of visible) expect(text).toContain('(case 1234)');
    // The folded list that names it is open.
    const named = await page.$$eval(
      'table.matrix tr[data-status]:not([hidden]) td.tests details[open] li',
      (items) => items.filter((li) => (li.textContent ?? '').includes('(case 1234)')).length,
    );
    expect(named).toBe(visible.length);
    await shoot('passing-search');
    expect(pageErrors).toEqual([]);
  });
});
