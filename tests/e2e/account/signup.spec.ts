import { expect, test } from '../fixtures';
import { businessNumber, nationalId, uniqueEmail } from './data';
import { newestMail } from './mail';
import { enterCode, expectStep, sendCode } from './sign-up';

// The member and organisation areas may not be built yet: their 404 page is fine here, the
// address the sign-in goes to is what these tests check.
test.use({
  allowedConsoleErrors: [
    {
      text: /^Failed to load resource: the server responded with a status of 404\b/,
      url: /\/(member|organ)\/center$/,
    },
  ],
});

test('an individual signs up in Chinese with the mailed code, then signs in', async ({ page }) => {
  const email = uniqueEmail('e2e.member');
  const password = 'Clinic2026pass';
  await page.goto('/webUser/createAccount');
  await expect(page.getByRole('heading', { level: 1, name: '註冊帳號' })).toBeVisible();
  await expect(page.getByText('第 1 步，共 3 步')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '驗證電子郵件' })).toHaveAttribute('aria-current', 'step');

  await sendCode(page, 'zh-tw', email);
  await expect(page.getByRole('status').filter({ hasText: `驗證碼已寄至 ${email}` })).toBeVisible();
  // Another code only after a minute.
  await expect(page.getByRole('button', { name: /^\d+ 秒後可重新寄送$/ })).toBeDisabled();

  await enterCode(page, 'zh-tw', email);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByText(/^電子郵件驗證有效至 /)).toBeVisible();
  await expect(page.getByRole('button', { name: '延長時間' })).toBeVisible();
  // Optional fields say so.
  await expect(page.getByLabel('英文姓名（選填）')).toBeVisible();
  // Either name will do, and the form says so.
  await expect(page.getByLabel('中文姓名（選填）')).toHaveAccessibleDescription(/中文姓名與英文姓名請至少填寫一項/);
  await expect(page.getByLabel('手機號碼')).toHaveAccessibleDescription(/國外號碼請加國碼，例如 \+44 20 7946 0958/);

  await page.getByLabel('中文姓名（選填）').fill('林美玲');
  await page.getByLabel('英文姓名（選填）').fill('Lin Mei-Ling');
  await page.getByLabel('身分證字號／居留證號').fill(nationalId());
  await page.getByLabel('出生日期').fill('1985-04-12');
  await page.getByLabel('性別（選填）').selectOption({ label: '女' });
  await page.getByLabel('手機號碼').fill('0912-345-678');
  await page.getByLabel('服務單位（選填）').fill('臺大醫院');
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await page.getByLabel('確認密碼', { exact: true }).fill(password);
  await page.getByRole('button', { name: '建立帳號' }).click();

  // Signed in at once: no second typing of the password just chosen. A new account is a web user
  // until a membership is approved.
  await expect(page).toHaveURL('/webUser/center');
  await expect(page.getByText('帳號已建立，您已登入。')).toBeVisible();
  await expect(page.getByRole('button', { name: '登出' })).toBeVisible();
});

test('an organisation signs up in English with its topics, then signs in', async ({ page }) => {
  const email = uniqueEmail('e2e.organ');
  const password = 'Hospital2026ok';
  await page.goto('/en-us/organ/createAccount');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Register an organisation' })).toBeVisible();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();

  await sendCode(page, 'en-us', email);
  await expect(page.getByRole('button', { name: /^You can ask again in \d+ s$/ })).toBeDisabled();
  await enterCode(page, 'en-us', email);

  // More time for the e-mail proof.
  const validity = page.getByText(/^Your e-mail verification is valid until /);
  await expect(validity).toBeVisible();
  const extended = page.waitForResponse('**/api/amsw0102/emailTimeReset');
  await page.getByRole('button', { name: 'More time' }).click();
  expect((await (await extended).json()).code).toBe(0);
  await expect(validity).toBeVisible();

  await page.getByLabel('Organisation name', { exact: true }).fill('Kang-An Hospital');
  await page.getByLabel('Business number (統一編號)').fill(businessNumber());
  await page.getByLabel('Contact person', { exact: true }).fill('Lee Hsiao-Hua');
  await page.getByLabel('Phone', { exact: true }).fill('02-2345-6789');
  await page.getByLabel('Mailing address', { exact: true }).fill('100 Zhongzheng Rd, Zhonghe, New Taipei');
  // The topics come from the database, in English.
  const topics = page.getByRole('group', { name: /Course topics/ });
  await topics.getByRole('checkbox', { name: 'Evidence-based medicine' }).check();
  await topics.getByRole('checkbox', { name: 'Patient safety and quality' }).check();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);

  const created = page.waitForRequest('**/api/amsw0103/create');
  await page.getByRole('button', { name: 'Create the account' }).click();
  const body = (await created).postDataJSON() as { topicIds: number[]; passwordConfirm?: string };
  expect(body.topicIds).toHaveLength(2);
  expect(body).not.toHaveProperty('passwordConfirm');

  // Signed in at once, in its own area, in the language it signed up in.
  await expect(page).toHaveURL('/en-us/organ/center');
  await expect(page.getByText('Your account is ready; you are signed in.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('someone from abroad signs up in English with a name in Latin letters and a UK mobile number', async ({
  page,
}) => {
  const email = uniqueEmail('e2e.abroad');
  await page.goto('/en-us/webUser/createAccount');
  await sendCode(page, 'en-us', email);
  await enterCode(page, 'en-us', email);

  await expect(page.getByLabel('Name in Chinese (optional)')).toHaveAccessibleDescription(
    /Give your name in Chinese, in Latin letters, or both: at least one\./,
  );
  // A mobile number from abroad is refused only when it is not one.
  const mobile = page.getByLabel('Mobile number');
  await expect(mobile).toHaveAccessibleDescription(/from abroad, with the country code: \+44 20 7946 0958/);
  await mobile.fill('+44 20');
  await mobile.blur();
  await expect(page.locator('#field-mobile-error')).toHaveText(
    'Enter a mobile number starting with 09, or an international number starting with + and the country code',
  );
  await mobile.fill('+44 20 7946 0958');
  await expect(page.locator('#field-mobile-error')).toHaveCount(0);

  await page.getByLabel('Name in Latin letters (optional)').fill('Olivia Hart');
  await page.getByLabel('National ID or resident certificate number').fill(nationalId());
  await page.getByLabel('Date of birth').fill('1986-09-21');
  await page.getByLabel('Password', { exact: true }).fill('Harbour2026walk');
  await page.getByLabel('Confirm password', { exact: true }).fill('Harbour2026walk');
  await page.getByRole('button', { name: 'Create the account' }).click();

  await expect(page).toHaveURL('/en-us/webUser/center');
  await expect(page.getByText('Hello, Olivia Hart')).toBeVisible();
});

test('the form checks fields as they are typed, and a lapsed e-mail proof leads back to step 1', async ({ page }) => {
  const first = uniqueEmail('e2e.typo');
  const email = uniqueEmail('e2e.checks');
  await page.goto('/webUser/createAccount');

  // A mistyped address: back to step 1 with the address kept, and on with another one.
  await sendCode(page, 'zh-tw', first);
  await page.getByRole('button', { name: '更換電子郵件' }).click();
  await expect(await expectStep(page, 'zh-tw', 1)).toBeFocused();
  await expect(page.getByRole('textbox', { name: '電子郵件', exact: true })).toHaveValue(first);
  await sendCode(page, 'zh-tw', email);
  await enterCode(page, 'zh-tw', email);

  // The national ID is checked once the field is left, and again as it changes.
  const personId = page.getByLabel('身分證字號／居留證號');
  await personId.fill('A123456788');
  await expect(page.getByText('身分證字號或居留證號格式不正確')).toHaveCount(0);
  await personId.blur();
  await expect(personId).toHaveAccessibleDescription(/身分證字號或居留證號格式不正確/);
  await expect(personId).toHaveAttribute('aria-invalid', 'true');
  const validId = nationalId();
  await personId.fill(validId);
  await expect(personId).not.toHaveAttribute('aria-invalid', 'true');

  // The password checklist follows the typing.
  const rules = page.locator('#password-rules');
  const rule = (name: string) => rules.getByRole('listitem').filter({ hasText: name });
  await expect(rule('8 到 64 個字元')).toContainText('未符合');
  const password = page.getByLabel('密碼', { exact: true });
  await password.fill('abc');
  await expect(rule('至少一個英文字母')).toContainText('已符合');
  await expect(rule('8 到 64 個字元')).toContainText('未符合');
  await expect(rule('至少一個數字')).toContainText('未符合');
  await password.fill('abcdefg1');
  await expect(rule('8 到 64 個字元')).toContainText('已符合');
  await expect(rule('至少一個數字')).toContainText('已符合');
  // Not the national ID, compared as the server does.
  await password.fill(validId.toLowerCase());
  await expect(rule('不可與電子郵件帳號或身分證字號相同')).toContainText('未符合');
  await password.fill('Clinic2026pass');
  await password.blur();
  await page.getByLabel('確認密碼', { exact: true }).fill('Clinic2026pas');
  await page.getByLabel('確認密碼', { exact: true }).blur();
  await expect(page.getByText('兩次輸入的密碼不一致')).toBeVisible();

  // Submitting with empty required fields names how many need fixing and moves to the first.
  await page.getByRole('button', { name: '建立帳號' }).click();
  await expect(page.getByRole('alert')).toContainText(/表單有 \d+ 個欄位需要修正/);
  await expect(page.locator('#field-nameZh-error')).toHaveText('請填寫中文姓名或英文姓名（至少一項）');
  await expect(page.getByLabel('中文姓名（選填）')).toHaveAttribute('aria-invalid', 'true');

  // The e-mail proof lapses before the account is created: back to step 1, entries kept.
  await page.getByLabel('中文姓名（選填）').fill('陳大文');
  await page.getByLabel('出生日期').fill('1980-02-02');
  await page.getByLabel('手機號碼').fill('0922333444');
  await page.getByLabel('確認密碼', { exact: true }).fill('Clinic2026pass');
  await page.route('**/api/amsw0101/create', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        code: -8,
        data: { fields: ['EmailAuthorization'] },
        message: '電子郵件驗證已失效，請重新驗證',
      }),
    }),
  );
  await page.getByRole('button', { name: '建立帳號' }).click();
  await expect(await expectStep(page, 'zh-tw', 1)).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: '電子郵件驗證已逾時' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '電子郵件', exact: true })).toHaveValue(email);
});

test('an address that is already registered goes on as any other; its owner is mailed a reset link', async ({
  page,
}) => {
  const since = Date.now();
  await page.goto('/webUser/createAccount');
  // Step 2, as for a new address: the page never says the address is registered.
  await sendCode(page, 'zh-tw', 'member@example.org');
  await expect(page.getByRole('status').filter({ hasText: '驗證碼已寄至 member@example.org' })).toBeVisible();
  await expect(page.getByText(/此電子郵件已有帳號嗎？那麼您收到的信中是設定新密碼的連結/)).toBeVisible();
  await expect(page.getByRole('link', { name: '前往登入' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: '忘記密碼？' })).toHaveAttribute('href', '/password/forget');
  // The owner's mail: they have an account, and a link to choose a new password (no code).
  const mail = await newestMail('member@example.org', { since, subject: '您已有帳號' });
  expect(mail.text).toMatch(/\/password\/reset\?email=member%40example\.org&token=[\w-]+&type=individual/);
  expect(mail.text).not.toMatch(/\b\d{6}\b/);
});
