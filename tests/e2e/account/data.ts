import type { Page } from '@playwright/test';

/**
 * Test data for the account e2e tests. The two checksums are the small algorithms of
 * tests/integration/helpers.ts, copied: those helpers need vitest's inject.
 */

/** An address no other test uses (the database lives for the whole run). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.org`;
}

const random = (below: number) => Math.floor(Math.random() * below);

/** A valid Taiwanese national ID (A1xxxxxxxx) by the official checksum; random unless a seed is given. */
export function nationalId(seed = random(10_000_000)): string {
  const body = `A1${String(seed % 10_000_000).padStart(7, '0')}`;
  const letter = 10; // A
  const digits = [Math.floor(letter / 10), letter % 10, ...body.slice(1).split('').map(Number)];
  const weights = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A random valid business number (統一編號): 8 digits whose weighted digit sum is a multiple of 5. */
export function businessNumber(): string {
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  for (;;) {
    const digits = String(10_000_000 + random(90_000_000));
    if (digits[6] === '7') continue; // the special case of the rule: avoided
    const sum = digits
      .split('')
      .map((d, i) => Number(d) * weights[i]!)
      .reduce((acc, p) => acc + Math.floor(p / 10) + (p % 10), 0);
    if (sum % 5 === 0) return digits;
  }
}

const ZH_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const EN_NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A Chinese numeral up to 99: 七, 十, 十三, 二十一. */
function zhNumber(text: string): number {
  const [tens, ones] = text.includes('十') ? text.split('十') : ['', text];
  const digit = (c: string | undefined) => (c ? ZH_DIGITS.indexOf(c) : 0);
  return (text.includes('十') ? (tens ? digit(tens) : 1) * 10 : 0) + digit(ones);
}
/** The answer to the captcha's question in words: "三加七等於多少？…" or "What is three plus seven? …". */
export function solveCaptchaQuestion(question: string): string {
  const zh = /^(\S+?)加(\S+?)等於多少/.exec(question);
  if (zh) return String(zhNumber(zh[1]!) + zhNumber(zh[2]!));
  const en = /What is (\w+) plus (\w+)\?/.exec(question);
  if (en) return String(EN_NUMBERS.indexOf(en[1]!) + EN_NUMBERS.indexOf(en[2]!));
  throw new Error(`Unexpected captcha question: ${question}`);
}

/**
 * Answers the captcha on the page as a reader who cannot see the picture: switches to the question
 * in words and types the sum.
 */
export async function answerCaptcha(page: Page, locale: 'zh-tw' | 'en-us'): Promise<void> {
  const useText = locale === 'zh-tw' ? '看不清楚？改用文字題目' : "Can't read it? Answer a question instead";
  const label = locale === 'zh-tw' ? '驗證碼' : 'Captcha';
  await page.getByRole('button', { name: useText }).click();
  const input = page.getByRole('textbox', { name: label, exact: true });
  // The question describes the input once it has loaded.
  const question = page.locator('#field-captchaAnswer-question');
  await question.waitFor();
  await input.fill(solveCaptchaQuestion((await question.textContent()) ?? ''));
}
