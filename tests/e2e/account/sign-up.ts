import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { nationalId } from './data';
import { codeOf, newestMail } from './mail';

/**
 * Signing up through the sign-up page as a visitor would: the address, the mailed code, the
 * details. The page's captcha solves itself.
 */

const TEXT = {
  'zh-tw': {
    email: '電子郵件',
    sendCode: '寄送驗證碼',
    code: '電子郵件驗證碼',
    verify: '驗證',
    step: (n: number) => `第 ${n} 步，共 3 步`,
  },
  'en-us': {
    email: 'E-mail',
    sendCode: 'Send the code',
    code: 'E-mail verification code',
    verify: 'Verify',
    step: (n: number) => `Step ${n} of 3`,
  },
} as const;

export type Locale = keyof typeof TEXT;

/** The step heading that says which step of three it is; waits for it to show. */
export async function expectStep(page: Page, locale: Locale, step: number) {
  const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^${TEXT[locale].step(step)}`) });
  await expect(heading).toBeVisible();
  return heading;
}

/** Step 1: the address; waits for step 2. */
export async function sendCode(page: Page, locale: Locale, email: string) {
  await page.getByRole('textbox', { name: TEXT[locale].email, exact: true }).fill(email);
  await page.getByRole('button', { name: TEXT[locale].sendCode }).click();
  await expect(await expectStep(page, locale, 2)).toBeFocused();
}

/** Step 2: the mailed code; waits for step 3. */
export async function enterCode(page: Page, locale: Locale, email: string) {
  const code = codeOf(await newestMail(email));
  await page.getByRole('textbox', { name: TEXT[locale].code, exact: true }).fill(code);
  await page.getByRole('button', { name: TEXT[locale].verify, exact: true }).click();
  await expect(await expectStep(page, locale, 3)).toBeFocused();
}

/**
 * A whole individual sign-up in Chinese on the page already open (as reached from an event's
 * "建立帳號" link): the three steps, the required details and a Chinese name, then "建立帳號" pressed.
 * `afterCodeSent` runs on step 2, before the code is entered, for what a test checks there.
 */
export async function signUpInForm(
  page: Page,
  {
    email,
    password,
    nameZh,
    afterCodeSent,
  }: { email: string; password: string; nameZh: string; afterCodeSent?: () => Promise<void> },
): Promise<void> {
  await sendCode(page, 'zh-tw', email);
  await afterCodeSent?.();
  await enterCode(page, 'zh-tw', email);
  await page.getByLabel('中文姓名（選填）').fill(nameZh);
  await page.getByLabel('身分證字號／居留證號').fill(nationalId());
  await page.getByLabel('出生日期').fill('1990-06-15');
  await page.getByLabel('手機號碼').fill('0912-345-678');
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await page.getByLabel('確認密碼', { exact: true }).fill(password);
  await page.getByRole('button', { name: '建立帳號' }).click();
}
