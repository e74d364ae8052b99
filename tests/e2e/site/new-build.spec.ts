import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/** The server now reports another build; the reader comes back to the tab. */
async function newBuildDeployed(page: Page) {
  await page.route('**/api/amsw0201/buildId', (route) =>
    route.fulfill({ json: { code: 0, data: { buildId: 'a-newer-build' }, message: '成功' } }),
  );
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

test('a reader is told once, in Chinese, when a new version is deployed', async ({ page }) => {
  await page.goto('/');
  const notice = page.getByText('網站已更新，請重新整理頁面以取得最新版本。');
  await expect(notice).toBeHidden();
  await newBuildDeployed(page);
  await expect(notice).toBeVisible();
  await expect(notice).toHaveCount(1);
  // The notice stays until dismissed, and its close button is labelled.
  await page.getByRole('button', { name: '關閉通知' }).click();
  await expect(notice).toBeHidden();
});

test('the new-version notice is in English on English pages', async ({ page }) => {
  await page.goto('/en-us/');
  await newBuildDeployed(page);
  await expect(page.getByText('A new version of the site is available. Reload to update.')).toBeVisible();
});

test('no notice while the running build is still the deployed one', async ({ page }) => {
  await page.goto('/en-us/');
  const polled = page.waitForResponse('**/api/amsw0201/buildId');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  expect((await polled).status()).toBe(200);
  await expect(page.getByText('A new version of the site is available. Reload to update.')).toBeHidden();
});
