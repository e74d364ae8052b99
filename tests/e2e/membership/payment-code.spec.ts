import { expectAccessible } from '../a11y';
import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';
import { newStudentApplicant } from './helpers';

// Once, in Chinese (the unprefixed address): the English payments page with an open code is
// checked by the integration tests (membership-payments).
const texts = {
  pay: '前往付款',
  atm: '取得 ATM 轉帳帳號',
  open: '本訂單已取得 ATM 轉帳帳號',
  account: '轉帳帳號',
  payBy: '繳費期限',
  askTitle: '本訂單尚有可繳費的代碼',
  ask: '將會重複付款',
  keep: '保留代碼',
  cancelAndPay: '取消代碼並立即付款',
  openUntil: '繳費代碼有效至',
};

test('an ATM account stays on the payments page, and paying again first cancels it (zh-tw)', async ({ page }) => {
  test.slow();
  const { email, password, request } = await newStudentApplicant();
  await request.dispose();
  await signInPage(page, email, password);
  await page.goto('/member/payment');
  await page.getByRole('button', { name: texts.pay }).click();
  await page.getByRole('button', { name: texts.atm }).click();
  await expect(page).toHaveURL(/Return\?orderId=\d+&attempt=\w+$/);

  // The member closed that page: the payments page still shows the account, the amount and until when.
  await page.goto('/member/payment');
  const code = page.locator('[data-open-code]');
  await expect(code.getByRole('heading', { name: texts.open })).toBeVisible();
  const account = (await code.locator('dt', { hasText: texts.account }).locator('+ dd').textContent())!.trim();
  expect(account).toMatch(/^\d{10,}$/);
  await expect(code.locator('dt', { hasText: texts.payBy }).locator('+ dd')).toHaveText(/\d{4}/);
  await expect(page.getByText(texts.openUntil)).toBeVisible();
  await expectAccessible(page);

  // "Pay" says that a code is open and what paying now means; keeping the code sends nothing.
  const starts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/amsw0501/pay')) starts.push(r.url());
  });
  await page.getByRole('button', { name: texts.pay }).click();
  const dialog = page.getByRole('dialog', { name: texts.askTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(texts.ask);
  await dialog.getByRole('button', { name: texts.keep }).click();
  await expect(dialog).toBeHidden();
  expect(starts).toHaveLength(0);

  // Cancelling the code and paying, pressed twice, starts one payment.
  await page.getByRole('button', { name: texts.pay }).click();
  // The gateway may send the browser straight back (a new code): catch the visit as it starts.
  const toGateway = page.waitForURL(/\/payment\/simulator$/, { waitUntil: 'commit' });
  await dialog.getByRole('button', { name: texts.cancelAndPay }).dblclick();
  await toGateway;
  expect(starts).toHaveLength(1);

  // The cancelled account is no longer offered.
  await page.goto('/member/payment');
  await expect(page.getByRole('button', { name: texts.pay })).toBeVisible();
  await expect(page.locator('[data-open-code]')).toHaveCount(0);
  await expect(page.getByText(account)).toHaveCount(0);
});
