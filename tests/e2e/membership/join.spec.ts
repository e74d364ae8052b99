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

for (const { locale, texts } of [
  {
    locale: '' as const,
    texts: {
      apply: /申請加入\s*學生會員/,
      applyRegular: /申請加入\s*正式會員/,
      submitted: '已送出',
      regular: '正式會員',
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
      returned: '待補件',
      change: '修改後重新送出',
      resend: '補件後重新送出',
    },
  },
  {
    locale: '/en-us' as const,
    texts: {
      apply: /Apply\s*Student member/,
      applyRegular: /Apply\s*Regular member/,
      submitted: 'Submitted',
      regular: 'Regular member',
      next: 'Next: check your application',
      oneMissing: '1 field needs your attention',
      submit: 'Send the application',
      agreeNeeded: 'Please accept the rights and duties of members',
      agree: 'I have read and accept the rights and duties of members',
      awaiting: 'Awaiting payment',
      pay: 'Pay now',
      card: 'Card payment succeeds',
      paid: 'Payment received, thank you!',
      member: /You are now a member\. Your member number: M\d{4}-\d{4}/,
      active: 'Active',
      returned: 'Changes requested',
      change: 'Change and send again',
      resend: 'Send again with changes',
    },
  },
]) {
  test(`a web user joins the student class and pays by card in the simulator (${locale || '/'})`, async ({ page }) => {
    const { email, password } = await signUpIndividual(page.request);
    await page.goto(`${locale}/signinTerm`);
    await expectAccessible(page);
    await page.getByRole('link', { name: texts.apply }).click();
    // Not signed in: the page says so and the sign-in comes back to the same class.
    await page.locator(`a[href*="/login?redirect="]`).click();
    await page.locator('#field-account').fill(email);
    await page.locator('#field-password').fill(password);
    await page.locator('#field-password').press('Enter');
    await expect(page).toHaveURL(/\/signin\?memberClassId=\d+$/);

    // Chosen once the form is live (it is disabled until its island has hydrated).
    await expect(page.locator('input[type="file"]')).toBeEnabled();
    // Sent without the document: the summary counts it, and goes once it is uploaded.
    await page.getByRole('button', { name: texts.next }).click();
    await expect(page.getByRole('alert')).toHaveText(texts.oneMissing);
    await page.locator('input[type="file"]').setInputFiles(scan);
    await expect(page.getByText(/已上傳|Uploaded/)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: texts.next }).click();
    await expect(page).toHaveURL(/\/signinCheck\?memberClassId=\d+&doc_studentId=\d+$/);
    await expectAccessible(page);
    await page.getByRole('button', { name: texts.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: texts.agreeNeeded })).toBeVisible();
    await page.getByLabel(texts.agree).check();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: texts.submit }).click();

    await expect(page).toHaveURL(/\/signinResult\?applicationId=\d+$/);
    await expect(page.getByText(texts.awaiting, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: texts.pay }).click();
    await expect(page).toHaveURL(/\/payment\/simulator$/);
    await page.getByRole('button', { name: texts.card, exact: true }).click();

    await expect(page).toHaveURL(/\/signinReturn\?orderId=\d+&attempt=\w+$/);
    await expect(page.getByText(texts.paid)).toBeVisible();
    await expect(page.getByText(texts.member)).toBeVisible();
    await page.goto(`${locale}/member/center`);
    await expect(page.getByText(texts.active, { exact: true })).toBeVisible();
  });

  test(`a web user applies for the reviewed regular class, is approved, pays, and is a member (${locale || '/'})`, async ({
    page,
  }) => {
    // A sign-up (a captcha) and the reviewer's approval through the API, then the pages are scanned.
    test.slow();
    const { email, password } = await signUpIndividual(page.request);
    await signInPage(page, email, password);
    await page.goto(`${locale}/signinTerm`);
    await page.getByRole('link', { name: texts.applyRegular }).click();
    // Chosen once the form is live (it is disabled until its island has hydrated).
    await expect(page.locator('input[type="file"]')).toBeEnabled();
    await page.locator('input[type="file"]').setInputFiles(scan);
    await expect(page.getByText(/已上傳|Uploaded/)).toBeVisible();
    await page.getByRole('button', { name: texts.next }).click();
    await page.getByLabel(texts.agree).check();
    await page.getByRole('button', { name: texts.submit }).click();

    // Reviewed: nothing to pay until a reviewer approves.
    await expect(page).toHaveURL(/\/signinResult\?applicationId=\d+$/);
    await expect(page.getByText(texts.submitted, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: texts.pay })).toHaveCount(0);
    const applicationId = Number(new URL(page.url()).searchParams.get('applicationId'));

    // Returned for a clearer scan: the applicant replaces it on the result page and sends it again.
    await approveAsReviewer(applicationId, 'membership', { decision: 'return', comment: 'The scan is blurred.' });
    await page.reload();
    await expect(page.getByText(texts.returned, { exact: true })).toBeVisible();
    const change = page.getByRole('region', { name: texts.change });
    await expect(change.getByText(/portal-e2e-student-card\.pdf/)).toBeVisible();
    await expectAccessible(page);
    await expect(change.locator('input[type="file"]')).toBeEnabled();
    await change.locator('input[type="file"]').setInputFiles(clearerScan);
    await expect(change.getByText(/portal-e2e-licence-clearer\.pdf/)).toBeVisible();
    await change.getByRole('button', { name: texts.resend }).click();
    await expect(page.getByText(texts.submitted, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: texts.change })).toHaveCount(0);

    await approveAsReviewer(applicationId);
    await page.reload();
    await expect(page.getByText(texts.awaiting, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: texts.pay }).click();
    await page.getByRole('button', { name: texts.card, exact: true }).click();
    await expect(page).toHaveURL(/\/signinReturn\?orderId=\d+&attempt=\w+$/);
    await expect(page.getByText(texts.member)).toBeVisible();

    // The centre shows the class and the first term: to the end of the year, or of the next one
    // for who joins from October (the demo's late-join day).
    await page.goto(`${locale}/member/center`);
    const membership = page.getByRole('region', { name: /會籍|Membership/ });
    await expect(membership.getByText(texts.regular, { exact: true })).toBeVisible();
    await expect(membership.getByText(texts.active, { exact: true })).toBeVisible();
    const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date()).split('-');
    const endYear = Number(month) >= 10 ? Number(year) + 1 : Number(year);
    await expect(membership.getByText(new RegExp(`(${endYear}/12/31|Dec 31, ${endYear})`))).toBeVisible();
  });
}

test('the member classes are there for anyone, and a member is told they are one already', async ({ page }) => {
  await signInThroughPage(page, 'member@example.org', 'Member2026demo');
  await expect(page).toHaveURL(/\/member\/center$/);
  await page.goto('/signinTerm');
  await page.getByRole('link', { name: /申請加入\s*正式會員/ }).click();
  await expect(page.getByText('您已是本會會員。')).toBeVisible();
});
