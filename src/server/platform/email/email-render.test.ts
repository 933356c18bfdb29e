// Every kind of e-mail rendered in Chromium at 320 and 600 px, light and dark: a screenshot of each
// under test-results/screenshots/email-*.png to look at, nothing wider than the screen, and axe
// (the rules the journeys use) finds nothing serious. Skipped only where Chromium is not installed.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_MAILS } from './email-samples';

const CHROMIUM = '/usr/bin/chromium';
const SHOTS = path.resolve('test-results/screenshots');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const CASES = Object.keys(SAMPLE_MAILS).flatMap((kind) =>
  ([320, 600] as const).flatMap((width) => (['light', 'dark'] as const).map((scheme) => ({ kind, width, scheme }))),
);

describe.skipIf(!existsSync(CHROMIUM))('e-mails in Chromium', () => {
  let browser: Browser;
  // One page for every case: each opens its mail in place of the last, so the renderer and its
  // compiled axe are reused rather than started 84 times (a new page cost about 3 s a case).
  let page: Page;
  // Offline: a mail that tried to load anything from elsewhere would show it here.
  const requests: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    page = await browser.newPage();
    page.on('request', (request) => requests.push(request.url()));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each(CASES)('$kind at $width px, $scheme', async ({ kind, width, scheme }) => {
    const html = SAMPLE_MAILS[kind]?.().html ?? '';
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ colorScheme: scheme });
    requests.length = 0;
    await page.setContent(html, { waitUntil: 'load' });
    await page.screenshot({ path: path.join(SHOTS, `email-${kind}-${width}-${scheme}.png`), fullPage: true });
    expect(requests).toEqual([]);

    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      const wide = [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
        .map((element) => element.tagName.toLowerCase());
      return { scroll: root.scrollWidth - root.clientWidth, wide };
    });
    expect(overflow).toEqual({ scroll: 0, wide: [] });

    await page.evaluate(axeSource);
    const results = await page.evaluate(
      (tags) =>
        (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        }),
      AXE_TAGS,
    );
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(serious).toEqual([]);
  });
});
