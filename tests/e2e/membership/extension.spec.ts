import { expectAccessible } from '../a11y';
import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';

test('a member in grace renews, is given an ATM account, and the term is added when the transfer arrives', async ({
  page,
}) => {
  await signInPage(page, 'grace@example.org', 'Grace2026demo');
  await page.goto('/member/center');
  await page.getByRole('link', { name: '立即續會' }).click();
  await expect(page).toHaveURL(/\/member\/extension\/apply$/);
  await expect(page.getByText(/寬限期至/)).toBeVisible();
  // The last day of renewal, as the page names it, is the day the bill may be paid until.
  const lastDay = /至 (\d{4}\/\d{2}\/\d{2})/.exec((await page.getByText(/寬限期至/).textContent())!)![1]!;
  await expect(page.getByText(`最遲請於續會期限 ${lastDay} 前繳費`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '續會並前往繳費' }).click();

  await expect(page).toHaveURL(/\/member\/extension\/result\?applicationId=\d+$/);
  await expect(page.getByText('待繳費', { exact: true })).toBeVisible();
  const resultUrl = page.url();
  await expect(page.locator('dt', { hasText: /^期限$/ }).locator('+ dd')).toHaveText(
    new RegExp(`^${lastDay}\\s23:59$`),
  );
  await expectAccessible(page);
  await page.getByRole('button', { name: '前往付款' }).click();
  await expect(page).toHaveURL(/\/payment\/simulator$/);
  await page.getByRole('button', { name: '取得 ATM 轉帳帳號' }).click();

  // Back on the portal with the account to transfer to; nothing is paid yet.
  await expect(page).toHaveURL(/\/member\/extension\/return\?orderId=\d+&attempt=\w+$/);
  await expect(page.getByText('請於期限內完成繳費')).toBeVisible();
  const account = (await page.locator('dt', { hasText: '轉帳帳號' }).locator('+ dd').textContent())!.trim();
  expect(account).toMatch(/^\d{10,}$/);
  await expectAccessible(page);
  // The tab closed, the application still shows the account to transfer to and until when.
  await page.goto(resultUrl);
  const code = page.locator('[data-open-code]');
  await expect(code.getByRole('heading', { name: '本訂單已取得 ATM 轉帳帳號' })).toBeVisible();
  await expect(code).toContainText(account);
  await expect(code.locator('dt', { hasText: '繳費期限' }).locator('+ dd')).toHaveText(/^\d{4}\/\d{2}\/\d{2}\s23:59$/);
  await expectAccessible(page);

  // The member transfers; later the gateway's notify arrives.
  await page.goto('/payment/simulator');
  await page.locator('li, tr').filter({ hasText: account }).getByRole('button', { name: '模擬已繳費' }).click();
  await expect(page.getByText('已模擬繳費')).toBeVisible();

  await page.goto('/member/center');
  await expect(page.getByText('有效', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '立即續會' })).toHaveCount(0);
});

test('a lapsed member is told in English why renewal is closed, and what to do instead', async ({ page }) => {
  await signInPage(page, 'lapsed@example.org', 'Lapsed2026demo');
  await page.goto('/en-us/member/extension/apply');
  await expect(page.getByRole('heading', { level: 1, name: 'Renew your membership' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('The grace period ended on');
  await expect(page.getByRole('button', { name: 'Renew and go to payment' })).toHaveCount(0);
  await expectAccessible(page);
});
