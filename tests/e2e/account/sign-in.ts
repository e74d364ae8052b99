import type { Page } from '@playwright/test';

/**
 * Signs in through the sign-in page as a reader would, with the keyboard: the account, the
 * password, Enter. The page's captcha works by itself (the press waits for it).
 */
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
  if (options.remember) await page.getByLabel(/記住我|Remember me/).check();
  await page.locator('#field-password').press('Enter');
}
