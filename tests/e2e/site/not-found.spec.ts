import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// Chromium logs a document answered with 404 as "Failed to load resource"; only those are allowed.
test.use({
  allowedConsoleErrors: [
    {
      text: /^Failed to load resource: the server responded with a status of 404\b/,
      url: /\/(no-such-page|imageLink\/(abc|999999))$/,
    },
  ],
});

/** The 404 illustration is shown: loaded, with a text alternative. */
async function expectNotFoundImage(page: Page) {
  const image = page.getByRole('main').locator('img[src="/images/404.svg"]');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('alt', /\S/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('an unknown address answers 404 with the path and a way back home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found: /no-such-page');
  await expectNotFoundImage(page);

  await page.getByRole('main').getByRole('link', { name: '回到首頁' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('region', { name: '焦點活動' })).toBeVisible();
});

test('an unknown English address answers 404 in an English page', async ({ page }) => {
  const response = await page.goto('/en-us/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found: /en-us/no-such-page');
  await expect(page.getByRole('main')).toContainText(
    'The page you are looking for does not exist or has been removed.',
  );
  await expectNotFoundImage(page);

  await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/en-us/');
  await expect(page.getByRole('region', { name: 'Latest news' })).toBeVisible();
});

test('a route whose parameter fails validation answers 404 with "Page Not Found"', async ({ page }) => {
  const response = await page.goto('/imageLink/abc');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found: /imageLink/abc');
  await expectNotFoundImage(page);
  await expect(page.getByRole('main').getByRole('link', { name: '回到首頁' })).toHaveAttribute('href', '/');
});

test('a valid but unknown id answers 404 with "Page not found"', async ({ page }) => {
  const response = await page.goto('/imageLink/999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Page not found: \//);
  await expectNotFoundImage(page);
});

test('the 404 for a valid but unknown id names the address asked for', async ({ page, baseURL }) => {
  await page.goto('/imageLink/999999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found: /imageLink/999999', {
    timeout: 2_000,
  });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new URL('/imageLink/999999', baseURL).href,
  );
});

test('the 404 for a valid but unknown id under /en-us/ is English', async ({ page }) => {
  const response = await page.goto('/en-us/imageLink/999999');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US', { timeout: 2_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found: /en-us/imageLink/999999', {
    timeout: 2_000,
  });
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en-us/', {
    timeout: 2_000,
  });
});
