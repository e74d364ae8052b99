import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// Chromium logs each failed API answer as "Failed to load resource"; only those are allowed here.
test.use({
  allowedConsoleErrors: [
    {
      text: /^Failed to load resource: the server responded with a status of 50[23]\b/,
      url: /\/api\/amsw0201\/buildId(\?|$)/,
    },
  ],
});

const ZH_SENTENCE = '系統正在維護，請稍後再試。';
const EN_SENTENCE = 'The system is under maintenance. Please try again later.';

/** Makes every API call answer `status`, then brings the tab back to the front (the build-id poll runs). */
async function apiGoesDown(page: Page, status: number) {
  await page.route('**/api/**', (route) => route.fulfill({ status, body: 'down' }));
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

test('a 503 from the API shows the bilingual maintenance screen with the code', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: '焦點活動' })).toBeVisible();
  const screen = page.getByRole('alert').filter({ hasText: EN_SENTENCE });
  await expect(screen).toBeHidden();

  await apiGoesDown(page, 503);

  await expect(screen).toBeVisible();
  await expect(screen.getByRole('heading', { name: '系統維護中' })).toBeVisible();
  await expect(screen).toContainText(ZH_SENTENCE);
  await expect(screen).toContainText(EN_SENTENCE);
  await expect(screen).toContainText('錯誤代碼：503');
  // The screen covers the page and takes the focus (its reload button).
  await expect(screen.getByRole('link', { name: '重新整理' })).toBeFocused();
});

test('a 502 from the API on an English page shows the maintenance screen with the code', async ({ page }) => {
  await page.goto('/en-us/');
  await expect(page.getByRole('region', { name: 'Highlights' })).toBeVisible();
  const screen = page.getByRole('alert').filter({ hasText: EN_SENTENCE });
  await expect(screen).toBeHidden();

  await apiGoesDown(page, 502);

  await expect(screen).toBeVisible();
  await expect(screen.getByRole('heading', { name: 'Under maintenance' })).toBeVisible();
  await expect(screen).toContainText(EN_SENTENCE);
  await expect(screen).toContainText(ZH_SENTENCE);
  await expect(screen).toContainText('Error code: 502');
  await expect(screen.getByRole('link', { name: 'Reload' })).toBeFocused();
});

test('an API that answers normally does not show the maintenance screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: '焦點活動' })).toBeVisible();
  const buildId = page.waitForResponse((r) => r.url().includes('/api/amsw0201/buildId'));
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  expect((await buildId).status()).toBe(200);
  await expect(page.getByRole('alert').filter({ hasText: EN_SENTENCE })).toBeHidden();
});
