import { expect, test } from '../fixtures';
import { signInPage } from './helpers';

const isEstimator = (url: string) => /\/_astro\/password-strength\.[^/]*\.js$/.test(url);

test('public pages never load the password strength estimator', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (isEstimator(request.url())) loaded.push(request.url());
  });
  await page.goto('/');
  await page.goto('/en-us/news/list');
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(loaded).toEqual([]);
});

test('the checklist says whether the new password is easy to guess, and why, in both languages', async ({ page }) => {
  await signInPage(page, 'webuser@example.org', 'Webuser2026demo');
  // The estimator is not loaded with the page, only once a new password is typed; it is held
  // back here so the checklist's state while it loads can be seen.
  const requested: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => isEstimator(url.href),
    async (route) => {
      requested.push(route.request().url());
      await released;
      await route.continue();
    },
  );
  await page.goto('/webUser/center/editPassword');
  const rule = page.locator('#password-rules li[data-rule="notGuessable"]');
  await expect(rule).toContainText('不容易被猜到');
  const newPassword = page.getByLabel('新密碼', { exact: true });
  await expect(newPassword).toBeEnabled();
  expect(requested).toEqual([]);

  await newPassword.fill('Password1');
  await expect(rule).toContainText('正在評估密碼是否容易被猜到…');
  await expect.poll(() => requested.length).toBe(1);
  release();
  // Every other rule is met; this one is not, and the reason is given in Chinese.
  await expect(page.locator('#password-rules li[data-rule="length"]')).toContainText('已符合');
  await expect(rule).toContainText('未符合');
  const feedback = page.locator('#password-strength-feedback');
  await expect(feedback).toContainText('這是常見的密碼。');
  await expect(feedback).not.toContainText(/[A-Za-z]{4,}/);
  await newPassword.blur();
  await expect(page.locator('#field-newPassword-error')).toHaveText('新密碼未符合密碼規則');

  await newPassword.fill('Lantern2026tide');
  await expect(rule).toContainText('已符合');
  await expect(feedback).toHaveCount(0);

  await page.goto('/en-us/webUser/center/editPassword');
  const enRule = page.locator('#password-rules li[data-rule="notGuessable"]');
  await expect(enRule).toContainText('Not easy to guess');
  await page.getByLabel('New password', { exact: true }).fill('qwerty123A');
  await expect(enRule).toContainText('not met');
  await expect(page.locator('#password-strength-feedback')).toContainText(
    'This is similar to a commonly used password.',
  );
  await page.getByLabel('New password', { exact: true }).fill('Lantern2026tide');
  await expect(enRule).toContainText('met');
  await expect(enRule).not.toContainText('not met');
});
