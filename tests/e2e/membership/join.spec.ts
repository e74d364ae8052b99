import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectAccessible } from '../a11y';
import { signInPage, signUpIndividual } from '../account/helpers';
import { signInThroughPage } from '../account/sign-in';
import { expect, test } from '../fixtures';
import { approveAsReviewer } from './helpers';

const scan = path.join(tmpdir(), 'portal-e2e-student-card.pdf');
writeFileSync(scan, '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF\n');
const clearerScan = path.join(tmpdir(), 'portal-e2e-licence-clearer.pdf');
writeFileSync(clearerScan, '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF\n');

/**
 * Each joining journey runs once, in one language: the student class in Chinese (the unprefixed
 * address), the reviewed regular class in English. The pages' other language is checked by the
 * integration page tests (membership-join, membership-payments, membership-preview).
 */
const zh = {
  apply: /申請加入\s*學生會員/,
  next: '下一步：確認內容',
  oneMissing: '表單有 1 個欄位需要修正',
  submit: '送出申請',
  agreeNeeded: '請勾選同意會員權利義務',
  agree: '我已閱讀並同意會員權利義務',
  awaiting: '待繳費',
  pay: '前往付款',
  card: '信用卡付款成功',
  paid: '付款成功，謝謝您！',
  member: /您已成為本會會員，會員編號：M\d{4}-\d{4}/,
  active: '有效',
};

const en = {
  applyRegular: /Apply\s*Regular member/,
  submitted: 'Submitted',
  regular: 'Regular member',
  next: 'Next: check your application',
  submit: 'Send the application',
  agree: 'I have read and accept the rights and duties of members',
  awaiting: 'Awaiting payment',
  pay: 'Pay now',
  card: 'Card payment succeeds',
  member: /You are now a member\. Your member number: M\d{4}-\d{4}/,
  active: 'Active',
  returned: 'Changes requested',
  change: 'Change and send again',
  resend: 'Send again with changes',
};

test('a web user joins the student class and pays by card in the simulator (zh-tw)', async ({ page }) => {
  // Sign-up, four pages scanned and the gateway's round trip: past a minute beside the other runs.
  test.slow();
  const { email, password } = await signUpIndividual(page.request);
  await page.goto('/signinTerm');
  await expectAccessible(page);
  await page.getByRole('link', { name: zh.apply }).click();
  // Not signed in: the page says so and the sign-in comes back to the same class.
  await page.locator(`a[href*="/login?redirect="]`).click();
  await page.locator('#field-account').fill(email);
  await page.locator('#field-password').fill(password);
  await page.locator('#field-password').press('Enter');
  await expect(page).toHaveURL(/\/signin\?memberClassId=\d+$/);

  // Chosen once the form is live (it is disabled until its island has hydrated).
  await expect(page.locator('input[type="file"]')).toBeEnabled();
  // Sent without the document: the summary counts it, and goes once it is uploaded.
  await page.getByRole('button', { name: zh.next }).click();
  await expect(page.getByRole('alert')).toHaveText(zh.oneMissing);
  await page.locator('input[type="file"]').setInputFiles(scan);
  await expect(page.getByText(/已上傳/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: zh.next }).click();
  await expect(page).toHaveURL(/\/signinCheck\?memberClassId=\d+&doc_studentId=\d+$/);
  await expectAccessible(page);
  await page.getByRole('button', { name: zh.submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: zh.agreeNeeded })).toBeVisible();
  await page.getByLabel(zh.agree).check();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: zh.submit }).click();

  await expect(page).toHaveURL(/\/signinResult\?applicationId=\d+$/);
  await expect(page.getByText(zh.awaiting, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: zh.pay }).click();
  await expect(page).toHaveURL(/\/payment\/simulator$/);
  await page.getByRole('button', { name: zh.card, exact: true }).click();

  await expect(page).toHaveURL(/\/signinReturn\?orderId=\d+&attempt=\w+$/);
  await expect(page.getByText(zh.paid)).toBeVisible();
  await expect(page.getByText(zh.member)).toBeVisible();
  await page.goto('/member/center');
  await expect(page.getByText(zh.active, { exact: true })).toBeVisible();
});

test('a web user applies for the reviewed regular class, is approved, pays, and is a member (en-us)', async ({
  page,
}) => {
  // A sign-up (a captcha) and the reviewer's approval through the API, then the pages are scanned.
  test.slow();
  const { email, password } = await signUpIndividual(page.request);
  await signInPage(page, email, password);
  await page.goto('/en-us/signinTerm');
  await page.getByRole('link', { name: en.applyRegular }).click();
  // Chosen once the form is live (it is disabled until its island has hydrated).
  await expect(page.locator('input[type="file"]')).toBeEnabled();
  await page.locator('input[type="file"]').setInputFiles(scan);
  await expect(page.getByText(/Uploaded/)).toBeVisible();
  await page.getByRole('button', { name: en.next }).click();
  await page.getByLabel(en.agree).check();
  await page.getByRole('button', { name: en.submit }).click();

  // Reviewed: nothing to pay until a reviewer approves.
  await expect(page).toHaveURL(/\/signinResult\?applicationId=\d+$/);
  await expect(page.getByText(en.submitted, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: en.pay })).toHaveCount(0);
  const applicationId = Number(new URL(page.url()).searchParams.get('applicationId'));

  // Returned for a clearer scan: the applicant replaces it on the result page and sends it again.
  await approveAsReviewer(applicationId, 'membership', { decision: 'return', comment: 'The scan is blurred.' });
  await page.reload();
  await expect(page.getByText(en.returned, { exact: true })).toBeVisible();
  const change = page.getByRole('region', { name: en.change });
  await expect(change.getByText(/portal-e2e-student-card\.pdf/)).toBeVisible();
  await expectAccessible(page);
  await expect(change.locator('input[type="file"]')).toBeEnabled();
  await change.locator('input[type="file"]').setInputFiles(clearerScan);
  await expect(change.getByText(/portal-e2e-licence-clearer\.pdf/)).toBeVisible();
  await change.getByRole('button', { name: en.resend }).click();
  await expect(page.getByText(en.submitted, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: en.change })).toHaveCount(0);

  await approveAsReviewer(applicationId);
  await page.reload();
  await expect(page.getByText(en.awaiting, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: en.pay }).click();
  await page.getByRole('button', { name: en.card, exact: true }).click();
  await expect(page).toHaveURL(/\/signinReturn\?orderId=\d+&attempt=\w+$/);
  await expect(page.getByText(en.member)).toBeVisible();

  // The centre shows the class and the first term: to the end of the year, or of the next one
  // for who joins from October (the demo's late-join day).
  await page.goto('/en-us/member/center');
  const membership = page.getByRole('region', { name: /Membership/ });
  await expect(membership.getByText(en.regular, { exact: true })).toBeVisible();
  await expect(membership.getByText(en.active, { exact: true })).toBeVisible();
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date()).split('-');
  const endYear = Number(month) >= 10 ? Number(year) + 1 : Number(year);
  await expect(membership.getByText(new RegExp(`Dec 31, ${endYear}`))).toBeVisible();
});

test('the member classes are there for anyone, and a member is told they are one already', async ({ page }) => {
  await signInThroughPage(page, 'member@example.org', 'Member2026demo');
  await expect(page).toHaveURL(/\/member\/center$/);
  await page.goto('/signinTerm');
  await page.getByRole('link', { name: /申請加入\s*正式會員/ }).click();
  await expect(page.getByText('您已是本會會員。')).toBeVisible();
});
