// The accessibility check the journeys run: axe-core with the WCAG 2.x A/AA rules and best
// practice; any serious or critical violation fails the test. And the 375 px width check.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe?: { run: (context: Document, options: object) => Promise<AxeResults> };
  }
}

/**
 * axe-core is put into the page once per document and run there directly. @axe-core/playwright's
 * AxeBuilder did the same work in three times the time (it injects axe twice and opens a blank page
 * per check), which made these checks the slowest steps of the suite. Our pages' only frames are
 * third-party video players, so frames are not entered.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  // The settled page is checked: text mid-fade (a transition back from a dimmed state) reads as low contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    if (window.axe === undefined) throw new Error('axe-core did not load into the page');
    // Checked from the top of the page: the sticky header covers whatever is scrolled beneath it,
    // and target-size counts a button under the header's own links as too small to tap.
    const [x, y] = [window.scrollX, window.scrollY];
    window.scrollTo(0, 0);
    try {
      return await window.axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      });
    } finally {
      window.scrollTo(x, y);
    }
  }, AXE_TAGS);
}

export async function expectAccessible(page: Page, what = page.url()): Promise<void> {
  const results = await runAxe(page);
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious, `axe on ${what}`).toEqual([]);
}

/** The page is no wider than the screen (nothing scrolls sideways at 375 px). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(0);
}
