import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectAccessible } from '../a11y';
import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';
import { approveAsReviewer, newStudentMember } from './helpers';

const scan = path.join(tmpdir(), 'portal-e2e-employment.pdf');
writeFileSync(scan, '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF\n');

// Once, in Chinese (the unprefixed address): the English class list, form and result pages are
// checked by the integration tests (membership-upgrade).
const texts = {
  change: '變更會員類別',
  associate: '準會員',
  apply: '申請此類別',
  fee: '變更應繳金額：新臺幣 500 元',
  submit: '送出申請',
  agreeNeeded: '請勾選同意會員權利義務',
  agree: '我已閱讀並同意會員權利義務',
  submitted: '已送出',
  awaiting: '待繳費',
  pay: '前往付款',
  card: '信用卡付款成功',
  paid: '付款成功，謝謝您！',
};

test('a student member moves to the associate class: applies, is approved, pays (zh-tw)', async ({ page }) => {
  // A new member joins and pays through the API first (two captchas), then the pages are scanned.
  test.slow();
  const { email, password } = await newStudentMember();
  await signInPage(page, email, password);
  await page.goto('/member/center');
  await page.getByRole('link', { name: texts.change }).click();
  await expect(page).toHaveURL(/\/member\/upgrade$/);
  await expectAccessible(page);
  await page.getByRole('region', { name: texts.associate }).getByRole('link', { name: texts.apply }).click();

  await expect(page).toHaveURL(/\/member\/upgradeInfo\?memberClassId=\d+$/);
  await expect(page.getByText(texts.fee)).toBeVisible();
  // Chosen once the form is live (it is disabled until its island has hydrated).
  await expect(page.locator('input[type="file"]')).toBeEnabled();
  await page.locator('input[type="file"]').setInputFiles(scan);
  await expect(page.getByText(/已上傳/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: texts.submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: texts.agreeNeeded })).toBeVisible();
  await page.getByLabel(texts.agree).check();
  await page.getByRole('button', { name: texts.submit }).click();

  await expect(page).toHaveURL(/\/member\/upgradeResult\?applicationId=\d+$/);
  await expect(page.getByText(texts.submitted, { exact: true })).toBeVisible();
  await expectAccessible(page);
  const applicationId = Number(new URL(page.url()).searchParams.get('applicationId'));

  // The membership reviewer approves; the member pays the difference by card.
  await approveAsReviewer(applicationId);
  await page.reload();
  await expect(page.getByText(texts.awaiting, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: texts.pay }).click();
  await expect(page).toHaveURL(/\/payment\/simulator$/);
  await page.getByRole('button', { name: texts.card, exact: true }).click();

  await expect(page).toHaveURL(/\/member\/upgradeReturn\?orderId=\d+&attempt=\w+$/);
  await expect(page.getByText(texts.paid)).toBeVisible();
  await expectAccessible(page);
  await page.goto('/member/center');
  await expect(page.getByRole('region', { name: /會籍/ }).getByText(texts.associate)).toBeVisible();
});
