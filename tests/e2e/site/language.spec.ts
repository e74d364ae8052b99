import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/** The image-link page of the home page's related-links block, as its "查看更多" link gives it. */
async function relatedLinksPath(page: Page): Promise<string> {
  await page.goto('/');
  const more = page.getByRole('region', { name: '相關連結' }).getByRole('link', { name: /^查看更多/ });
  const href = await more.getAttribute('href');
  expect(href).toMatch(/^\/imageLink\/\d+$/);
  return href!;
}

async function localeCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'ams-locale');
}

test('switching to English and back is remembered for the unprefixed address', async ({ page }) => {
  const path = await relatedLinksPath(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: '相關連結' })).toBeVisible();

  // The header's language switch: the current language is shown, the other one is a link.
  await page.getByRole('banner').getByRole('link', { name: '切換為 English' }).click();
  await expect(page).toHaveURL(`/en-us${path}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Related links' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ministry of Health and Welfare' })).toBeVisible();
  expect(await localeCookie(page)).toMatchObject({ value: 'en-us', path: '/', sameSite: 'Lax' });
  const cookie = await localeCookie(page);
  // Remembered for a year (allow a minute of slack).
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(365 * 24 * 3600 - 60);

  // A later visit to the unprefixed address goes to the English home page.
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL('/en-us/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { name: 'Latest news' })).toBeVisible();

  // Choosing Chinese goes to the zh-tw page and is remembered too.
  await page.getByRole('banner').getByRole('link', { name: 'Switch to 繁體中文' }).click();
  await expect(page).toHaveURL('/zh-tw/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  await expect(page.getByRole('heading', { name: '最新消息' })).toBeVisible();
  expect(await localeCookie(page)).toMatchObject({ value: 'zh-tw' });

  await page.goto('/');
  await expect(page).toHaveURL('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  await expect(page.getByRole('heading', { name: '最新消息' })).toBeVisible();
});

test('without a remembered language the unprefixed address is Chinese', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  // The current language is marked, not linked.
  await expect(page.getByRole('banner').getByRole('link', { name: '切換為 English' })).toHaveAttribute(
    'href',
    '/en-us/',
  );
  expect(await localeCookie(page)).toBeUndefined();
});

// Once, on the English home page: the Chinese page's skip link is checked by the integration tests (pages).
test('keyboard on /en-us/: the first Tab reaches the skip link and Enter moves focus to the main content', async ({
  page,
}) => {
  await page.goto('/en-us/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab continues inside the main content, not back in the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});
