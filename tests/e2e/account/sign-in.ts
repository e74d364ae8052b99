import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

const ZH = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
const EN = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** Answers the captcha as a reader who cannot see the picture: switch to the question in words. */
export async function answerCaptcha(page: Page): Promise<void> {
  await page.getByRole('button', { name: /改用文字題目|Answer a question instead/ }).click();
  const question = page.locator('#field-captchaAnswer-question');
  await expect(question).toBeVisible();
  const text = (await question.textContent()) ?? '';
  const zh = /^(.+?)加(.+?)等於/.exec(text);
  const en = /What is (\w+) plus (\w+)\?/.exec(text);
  const [a, b] = zh ? [ZH.indexOf(zh[1]!), ZH.indexOf(zh[2]!)] : [EN.indexOf(en![1]!), EN.indexOf(en![2]!)];
  await page.locator('#field-captchaAnswer').fill(String(a + b));
}

/** Signs in through the sign-in page, as a reader would. */
export async function signInThroughPage(
  page: Page,
  account: string,
  password: string,
  options: { locale?: '' | '/en-us'; organ?: boolean; remember?: boolean } = {},
): Promise<void> {
  await page.goto(`${options.locale ?? ''}/login`);
  if (options.organ) await page.getByText(/^(機構|Organisation)$/).click();
  await page.locator('#field-account').fill(account);
  await page.locator('#field-password').fill(password);
  await answerCaptcha(page);
  if (options.remember) await page.getByLabel(/記住我|Remember me/).check();
  await page.getByRole('button', { name: /^(登入|Sign in)$/ }).click();
}
