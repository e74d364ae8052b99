import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/** A value kept on `window`: it survives client navigation and is lost on a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { e2eMarker: string }).e2eMarker = 'same-document'));
}
async function isSameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker === 'same-document');
}

/**
 * Waits until the router's view transition has finished (it removes `data-astro-transition` from
 * <html>), as a reader does before the next step. Starting a navigation while one is still
 * running makes Astro skip the transition, and Chromium then reports an uncaught
 * "AbortError: Transition was skipped" (a product issue reported separately).
 */
async function transitionDone(page: Page) {
  await expect(page.locator('html')).not.toHaveAttribute('data-astro-transition');
}

test('client navigation between the home page and an image-link page, and back and forward with history', async ({
  page,
}) => {
  // The carousel stays on its slide (it advances by itself every 6 s otherwise, which a slow
  // machine's steps can outlast), so the step below sees the slide its own click chose.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const overlay = page.locator('#loading-overlay');
  const home = page.getByRole('region', { name: '焦點活動' });
  await expect(home).toBeVisible();
  await markDocument(page);

  // The related-links block's "查看更多" link.
  await page
    .getByRole('region', { name: '相關連結' })
    .getByRole('link', { name: /^查看更多/ })
    .click();
  await expect(page).toHaveURL(/\/imageLink\/\d+$/);
  const linkPage = page.url();
  await expect(page.getByRole('heading', { level: 1, name: '相關連結' })).toBeVisible();
  await transitionDone(page);
  await expect(page).toHaveTitle(/^相關連結 \| 臺灣臨床繼續教育醫學會$/);
  await expect(overlay).toBeHidden();
  expect(await isSameDocument(page)).toBe(true);

  // Back home through the header's logo link.
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^臺灣臨床繼續教育醫學會 – / })
    .click();
  await expect(page).toHaveURL('/');
  await expect(home).toBeVisible();
  await transitionDone(page);
  await expect(page).toHaveTitle(/^首頁 \| 臺灣臨床繼續教育醫學會$/);
  await expect(overlay).toBeHidden();
  expect(await isSameDocument(page)).toBe(true);

  // The carousel works again on the page the router swapped in.
  await home.getByRole('button', { name: '下一張' }).click();
  await expect(home.getByRole('group')).toHaveAttribute('aria-label', '第 2 張，共 3 張');

  await page.goBack();
  await expect(page).toHaveURL(linkPage);
  await expect(page.getByRole('heading', { level: 1, name: '相關連結' })).toBeVisible();
  await transitionDone(page);

  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(home).toBeVisible();
  await transitionDone(page);

  await page.goForward();
  await expect(page).toHaveURL(linkPage);
  await expect(page.getByRole('heading', { level: 1, name: '相關連結' })).toBeVisible();
  await expect(overlay).toBeHidden();
  expect(await isSameDocument(page)).toBe(true);
});

test('client navigation keeps the English reader in English', async ({ page }) => {
  await page.goto('/en-us/');
  await markDocument(page);
  await page
    .getByRole('region', { name: 'Related links' })
    .getByRole('link', { name: /^See more/ })
    .click();
  await expect(page).toHaveURL(/\/en-us\/imageLink\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Related links' })).toBeVisible();
  await transitionDone(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Taiwan Society for Continuing Clinical Education – / })
    .click();
  await expect(page).toHaveURL('/en-us/');
  await expect(page.getByRole('heading', { name: 'Latest news' })).toBeVisible();
  await expect(page.locator('#loading-overlay')).toBeHidden();
  expect(await isSameDocument(page)).toBe(true);
});

test('the loading overlay is shown while a page loads and hidden once it is in', async ({ page }) => {
  await page.goto('/');
  const overlay = page.locator('#loading-overlay');
  await expect(overlay).toBeHidden();
  // Hold the next page's answer so the reader sees the overlay meanwhile.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/imageLink\/\d+$/, async (route) => {
    await released;
    await route.continue();
  });
  await page
    .getByRole('region', { name: '相關連結' })
    .getByRole('link', { name: /^查看更多/ })
    .click();
  await expect(overlay).toBeVisible();
  await expect(overlay).toContainText('頁面載入中…');
  release();
  await expect(page.getByRole('heading', { level: 1, name: '相關連結' })).toBeVisible();
  await expect(overlay).toBeHidden();
});
