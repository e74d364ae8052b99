import { expect, test } from '../fixtures';
import { signInPage, signUpIndividual } from './helpers';
import { signInThroughPage } from './sign-in';

test('a member edits the contact details, with checks while typing and on the server', async ({ page }) => {
  await signInThroughPage(page, 'member@example.org', 'Member2026demo');
  await expect(page).toHaveURL(/\/member\/center$/);
  await page.goto('/member/edit');
  const mobile = page.locator('#field-mobile');
  await mobile.fill('12345');
  await mobile.blur();
  await expect(page.getByText('請輸入 09 開頭的 10 碼手機號碼')).toBeVisible();
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await mobile.fill('0987654321');
  await page.locator('#field-address').fill('100 臺北市中正區中山南路 8 號');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByRole('status').filter({ hasText: '資料已儲存' }).first()).toBeVisible();
  await page.reload();
  await expect(page.locator('#field-mobile')).toHaveValue('0987654321');
  await expect(page.locator('#field-address')).toHaveValue('100 臺北市中正區中山南路 8 號');
});

test('a member edits the professional profile in English', async ({ page }) => {
  await signInThroughPage(page, 'member@example.org', 'Member2026demo', { locale: '/en-us' });
  await expect(page).toHaveURL(/\/en-us\/member\/center$/);
  await page.goto('/en-us/member/profile');
  await page.getByLabel(/^Job title/).fill('Attending physician');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Job title/)).toHaveValue('Attending physician');
});

test('a member links and unlinks LINE through the LINE Login simulator', async ({ page }) => {
  await signInThroughPage(page, 'member@example.org', 'Member2026demo');
  await page.getByRole('button', { name: '綁定 LINE 帳號' }).click();
  await expect(page).toHaveURL(/\/line\/simulator\?/);
  await expect(page.getByRole('heading', { name: 'LINE 登入模擬器' })).toBeVisible();
  await page.getByRole('button', { name: '允許' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已綁定 LINE 帳號' })).toBeVisible();
  expect(page.url()).not.toContain('code=');
  await page.getByRole('link', { name: '回到會員專區' }).click();
  await expect(page.getByText('已綁定', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '解除綁定' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(page.getByText('未綁定', { exact: true })).toBeVisible();
});

test('someone living abroad keeps an international mobile number in their contact details', async ({
  page,
  request,
}) => {
  const { email, password } = await signUpIndividual(request);
  await signInPage(page, email, password);
  await page.goto('/en-us/webUser/center/editAccount');
  const mobile = page.getByLabel('Mobile number');
  await expect(mobile).toHaveAccessibleDescription(/from abroad, with the country code: \+44 20 7946 0958/);
  await mobile.fill('+81 90-1234-5678');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Mobile number')).toHaveValue('+819012345678');
});
