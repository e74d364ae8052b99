import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectCaptchaVerified, signInPage, signUpIndividual, solvedCaptcha } from './helpers';
import { newestMail } from './mail';

/** The simple layout has no navigation at all; the default one has the site's menus and footer links. */
async function expectSimpleLayout(page: Page, simple: boolean) {
  if (simple) await expect(page.locator('nav')).toHaveCount(0);
  else await expect(page.locator('footer nav')).toHaveCount(1);
}

test('a forgotten password is reset through the mailed link, and the new one signs in', async ({ page, request }) => {
  const { email, password } = await signUpIndividual(request);

  await page.goto('/password/forget');
  await expect(page.getByRole('heading', { level: 1, name: '忘記密碼' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '個人會員' })).toBeChecked();
  await page.getByLabel('電子郵件').fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: '寄送重設連結' }).click();
  const sent = page.getByRole('status').filter({ hasText: '請至信箱收信' });
  await expect(sent).toContainText('若此電子郵件已註冊，您將在幾分鐘內收到重設密碼連結');
  await expect(sent.getByRole('heading')).toBeFocused();
  await expect(page.getByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');

  const mail = await newestMail(email, { since });
  const link = new URL(/(https?:\/\/\S+\/password\/reset\?\S+)/.exec(mail.text ?? '')![1]!);
  expect(link.searchParams.get('type')).toBe('individual');
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: '重設密碼' })).toBeVisible();
  await expectSimpleLayout(page, true);
  // The token leaves the address bar (and so the history) once the page has loaded.
  await expect(page).not.toHaveURL(/token=/);
  await expect(page).toHaveURL(/\/password\/reset\?email=/);
  await expect(page.getByText(`請為 ${email} 設定新密碼。`)).toBeVisible();

  const newPassword = page.getByLabel('新密碼', { exact: true });
  await newPassword.fill('short1');
  await expect(page.getByRole('listitem').filter({ hasText: '8 到 64 個字元' })).toContainText('未符合');
  await expect(page.getByRole('listitem').filter({ hasText: '至少一個數字' })).toContainText('已符合');
  await newPassword.fill('Fresh2026start');
  await expect(page.getByRole('listitem').filter({ hasText: '8 到 64 個字元' })).toContainText('已符合');
  await page.getByLabel('確認新密碼').fill('Fresh2026start');
  await page.getByRole('button', { name: '設定新密碼' }).click();
  await expect(page.getByRole('status')).toContainText('密碼已重設，請以新密碼登入。');
  // The sign-in page opens with the account's e-mail filled in.
  await page.getByRole('link', { name: '前往登入' }).click();
  await expect(page.getByRole('textbox', { name: '帳號', exact: true })).toHaveValue(email);

  // The old password no longer works; the new one does.
  const login = async (pw: string) =>
    (
      await (
        await request.post('/api/amsw0101/login', {
          data: { account: email, password: pw, ...(await solvedCaptcha(request)) },
        })
      ).json()
    ).code as number;
  expect(await login(password)).toBe(-10);
  expect(await login('Fresh2026start')).toBe(0);

  // The used link, opened again, says so at once (no form to fill in vain) and offers a new one.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('alert')).toHaveText('此重設連結已使用過或已過期，請重新申請。');
  await expect(page.getByLabel('新密碼', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '重新申請重設密碼' })).toHaveAttribute('href', '/password/forget');
  await expect(page).not.toHaveURL(/token=/);
});

test('a reset link with an unknown token says so and offers a new one', async ({ page }) => {
  const token = 'x'.repeat(43);
  await page.goto(`/en-us/password/reset?email=someone%40example.org&token=${token}&type=organ`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);
  await expect(page.getByRole('alert')).toHaveText(
    'This reset link has already been used or has expired. Please ask for a new one.',
  );
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute(
    'href',
    '/en-us/password/forget?type=organ',
  );
});

test('changing the password in the account area: a wrong current password is shown on its field, then it works', async ({
  page,
  request,
}) => {
  const { email, password } = await signUpIndividual(request);
  await signInPage(page, email, password);
  // A new account is a web user (not yet a member): /member/password sends it to its own area.
  await page.goto('/member/password');
  await expect(page).toHaveURL('/webUser/center/editPassword');
  await expect(page.getByRole('heading', { level: 1, name: '變更密碼' })).toBeVisible();
  await expectSimpleLayout(page, false);

  const current = page.getByLabel('目前的密碼');
  await current.fill('Wrong2026pass');
  await page.getByLabel('新密碼', { exact: true }).fill('Brand2026new');
  await page.getByLabel('確認新密碼').fill('Brand2026other');
  await page.getByRole('button', { name: '變更密碼' }).click();
  // The confirmation is checked before anything is sent.
  await expect(page.locator('#field-confirmPassword-error')).toHaveText('兩次輸入的密碼不一致');
  await expect(page.getByLabel('確認新密碼')).toBeFocused();
  await page.getByLabel('確認新密碼').fill('Brand2026new');
  await page.getByLabel('確認新密碼').press('Enter');

  await expect(page.getByRole('alert')).toHaveText('目前的密碼不正確');
  await expect(page.locator('#field-currentPassword-error')).toHaveText('目前的密碼不正確');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAttribute('aria-describedby', 'field-currentPassword-error');
  await expect(current).toBeFocused();

  await current.fill(password);
  await expect(page.locator('#field-currentPassword-error')).toHaveCount(0);
  await page.getByRole('button', { name: '變更密碼' }).click();
  await expect(page.getByRole('status').filter({ hasText: '密碼已變更，其他裝置上的登入已結束。' })).toBeVisible();
  await expect(page.getByText('密碼已變更', { exact: true })).toBeVisible();
  // The form starts again empty.
  await expect(current).toHaveValue('');
  await expect(page.getByRole('link', { name: '返回個人專區' })).toHaveAttribute('href', '/webUser/center');

  const res = await request.post('/api/amsw0101/login', {
    data: { account: email, password: 'Brand2026new', ...(await solvedCaptcha(request)) },
  });
  expect((await res.json()).code).toBe(0);
});

test('the first sign-in page shows its notice in the simple layout, in both languages', async ({ page, request }) => {
  const { email, password } = await signUpIndividual(request);
  await signInPage(page, email, password);

  await page.goto('/member/password?firstLogin=true');
  await expect(page.getByRole('heading', { level: 1, name: '首次登入請變更密碼' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText('為保護您的帳號，首次登入請先設定新密碼。');
  await expectSimpleLayout(page, true);
  await expect(page.getByRole('link', { name: '返回個人專區' })).toHaveCount(0);

  await page.goto('/en-us/member/password?firstLogin=true');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Set a new password for your first sign-in' }),
  ).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(
    'To protect your account, please set a new password before you continue.',
  );
  await expectSimpleLayout(page, true);
});

test('an anonymous visit to a change-password page goes to sign in and back', async ({ page }) => {
  await page.goto('/member/password');
  await expect(page).toHaveURL('/login?redirect=%2Fmember%2Fpassword');
  await page.goto('/en-us/member/password?firstLogin=true');
  await expect(page).toHaveURL('/en-us/login?redirect=%2Fen-us%2Fmember%2Fpassword%3FfirstLogin%3Dtrue');
  await page.goto('/organ/center/account/editPassword');
  await expect(page).toHaveURL('/login?redirect=%2Forgan%2Fcenter%2Faccount%2FeditPassword');
});

test('each kind of account is sent to its own change-password page', async ({ page }) => {
  await signInPage(page, 'organ@example.org', 'Organ2026demo', 'organ');
  await page.goto('/member/password?firstLogin=true');
  await expect(page).toHaveURL('/organ/center/account/editPassword?firstLogin=true');
  await expect(page.getByRole('heading', { level: 1, name: '首次登入請變更密碼' })).toBeVisible();
  await page.goto('/en-us/webUser/center/editPassword');
  await expect(page).toHaveURL('/en-us/organ/center/account/editPassword');
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the organisation area' })).toHaveAttribute(
    'href',
    '/en-us/organ/center',
  );
});

test('an individual is sent from the organisation page to its own password page', async ({ page }) => {
  await signInPage(page, 'webuser@example.org', 'Webuser2026demo');
  await page.goto('/organ/center/account/editPassword');
  await expect(page).toHaveURL('/webUser/center/editPassword');
  await page.goto('/webUser/center/editPassword');
  await expect(page).toHaveURL('/webUser/center/editPassword');
  await expect(page.getByRole('link', { name: '返回個人專區' })).toHaveAttribute('href', '/webUser/center');
});

test.describe('in English', () => {
  test('the forgotten-password page checks its fields and never says whether an address is registered', async ({
    page,
  }) => {
    await page.goto('/en-us/password/forget');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Forgotten password' })).toBeVisible();
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(page.getByRole('alert')).toHaveText('1 field needs your attention');
    await expect(page.getByLabel('E-mail')).toBeFocused();
    await expect(page.locator('#field-email-error')).toHaveText('Please fill in E-mail');

    // Keyboard only: the account type is a radio group.
    await page.getByRole('radio', { name: 'Individual' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Organisation' })).toBeChecked();
    await expect(page.getByText('For an organisation, enter the e-mail it registered with.')).toBeVisible();

    await page.getByLabel('E-mail').fill('nobody-here@example.org');
    await page.getByLabel('E-mail').press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toContainText(
      'If this e-mail is registered, a reset link will arrive in a few minutes.',
    );
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/en-us/login?type=organ',
    );

    // Another address: the form again, with a new captcha.
    await page.getByRole('button', { name: 'Use another e-mail address' }).click();
    await expect(page.getByLabel('E-mail')).toHaveValue('nobody-here@example.org');
    await expectCaptchaVerified(page);
  });
});
