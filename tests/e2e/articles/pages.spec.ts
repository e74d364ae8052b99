import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';
import { DRAFT_TITLE, previewToken, unpublishedArticleId } from './lookup';

// Chromium logs a document answered with 404 as "Failed to load resource"; only those are allowed.
test.use({
  allowedConsoleErrors: [
    {
      text: /^Failed to load resource: the server responded with a status of 404\b/,
      url: /\/(preview\/article\/\d+\?token=.*|about\/nothing-here)$/,
    },
  ],
});

test('custom pages in both languages, with the body renderer', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('學會簡介');
  await expect(page.getByRole('table', { name: '2026 年底會員人數' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('region', { name: '相關連結' }).getByRole('link', { name: '理監事名單' }).click();
  await expect(page).toHaveURL('/about/board');
  await expect(page.getByRole('heading', { level: 2, name: '理事長與副理事長' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/en-us/membership/fees');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Membership rules and fees');
  await expect(page.getByRole('tab', { name: 'Fees' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/en-us/about/history');
  await expect(page.getByRole('heading', { level: 2, name: /1998/ })).toBeVisible();
  await expectAccessible(page);
});

test('an unknown custom page is the site 404', async ({ page }) => {
  const response = await page.goto('/about/nothing-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found: /about/nothing-here');
});

test('the preview of a draft with a valid link, in the complete layout', async ({ page, request }) => {
  const id = await unpublishedArticleId(request, DRAFT_TITLE);
  const response = await page.goto(`/en-us/preview/article/${id}?token=${previewToken(id)}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DRAFT_TITLE);
  await expect(page.getByRole('status').first()).toContainText('Preview');
  await expect(page.getByRole('main')).toContainText('Draft (not published)');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(`/preview/article/${id}?token=${previewToken(id)}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('【草稿】第九屆理監事選舉辦法修訂');
  await expectAccessible(page);
});

test('an expired preview link explains itself and shows nothing of the article', async ({ page, request }) => {
  const id = await unpublishedArticleId(request, DRAFT_TITLE);
  const response = await page.goto(`/en-us/preview/article/${id}?token=${previewToken(id, -60_000)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This preview link is invalid or has expired.');
  await expect(page.getByRole('main')).toContainText('Ask an administrator for a new preview link.');
  await expect(page.getByRole('main')).not.toContainText('9th board election');
  await expectAccessible(page);
});
