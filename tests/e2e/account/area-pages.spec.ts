import { expect, test } from '../fixtures';
import { signInPage } from './helpers';

test('a result or return page reloaded without its address’s query leads to where the items are listed, saying why', async ({
  page,
}) => {
  await signInPage(page, 'member@example.org', 'Member2026demo');

  // A bookmark of a change-of-class result page, its application id lost.
  await page.goto('/member/upgradeResult');
  await expect(page).toHaveURL('/member/center?notice=noApplication');
  await expect(
    page.getByRole('status').filter({ hasText: '該網址未指明要顯示的申請案，您的申請案列於此處。' }),
  ).toBeVisible();

  // A renewal's return page from the gateway, reloaded without its order.
  await page.goto('/en-us/member/extension/return');
  await expect(page).toHaveURL('/en-us/member/payment?notice=noOrder');
  await expect(
    page
      .getByRole('status')
      .filter({
        hasText: 'That address does not say which payment to show. Your orders and payments are listed here.',
      }),
  ).toBeVisible();
});

test('a web user reloading the join result and return pages is sent to their own centre and payments', async ({
  page,
}) => {
  await signInPage(page, 'webuser@example.org', 'Webuser2026demo');
  await page.goto('/en-us/signinResult');
  await expect(page).toHaveURL('/en-us/webUser/center?notice=noApplication');
  await expect(page.getByRole('status').filter({ hasText: 'Your applications are listed here.' })).toBeVisible();
  // Its application is there to open.
  await expect(page.getByRole('link', { name: /Application to join/ }).first()).toBeVisible();
  await page.goto('/signinReturn');
  await expect(page).toHaveURL('/member/payment?notice=noOrder');
  await expect(page.getByRole('status').filter({ hasText: '您的訂單與付款紀錄列於此處。' })).toBeVisible();
});

test.describe('the finance office’s queue', () => {
  // The refusal answers 403, which the browser logs.
  test.use({ allowedConsoleErrors: [{ text: /status of 403/ }] });

  test('tells an account without the finance role why it cannot open it, as the review pages do', async ({ page }) => {
    await signInPage(page, 'member@example.org', 'Member2026demo');
    const zh = await page.goto('/member/remittances');
    expect(zh!.status()).toBe(403);
    await expect(page).toHaveURL('/member/remittances');
    await expect(page.getByRole('alert')).toHaveText('此頁面僅供財務人員使用。');
    const en = await page.goto('/en-us/member/remittances');
    expect(en!.status()).toBe(403);
    await expect(page.getByRole('alert')).toHaveText('This page is for the finance office.');
    await expect(page.getByRole('heading', { name: 'Reported transfers' })).toHaveCount(0);
  });
});
