import { expectAccessible } from '../a11y';
import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';
import { approveAsReviewer, newStudentMember } from './helpers';

// Once, in Chinese (the unprefixed address): the English apply and result pages are checked by the
// integration tests (membership-status-flows).
const texts = {
  quit: '申請退會',
  lastDay: '會籍最後一日',
  reason: /^原因/,
  submit: '送出退會申請',
  submitted: '已送出',
  effective: '已生效',
  stop: '暫停會籍',
  returned: '待補件',
  change: '修改後重新送出',
  resend: '補件後重新送出',
};

test('a member applies to leave at the end of the term, and a reviewer approves (zh-tw)', async ({ page }) => {
  // A new member joins and pays through the API first (two captchas), then the pages are scanned.
  test.slow();
  const { email, password } = await newStudentMember();
  await signInPage(page, email, password);
  await page.goto('/member/center');
  await page.getByRole('link', { name: texts.quit }).click();
  await expect(page).toHaveURL(/\/member\/quit\/apply$/);
  await expectAccessible(page);

  // The end of the paid term is offered first; a day outside the range is refused at the field.
  const lastDay = page.getByLabel(texts.lastDay);
  await expect(lastDay).toBeEnabled();
  const termEnd = await lastDay.inputValue();
  // The student class runs twelve months from joining: its term ends in a year.
  expect(termEnd > new Date().toISOString().slice(0, 10)).toBe(true);
  await lastDay.fill('2099-01-01');
  await page.getByRole('button', { name: texts.submit }).click();
  await expect(page.locator('#field-lastDay-error')).toBeVisible();
  await lastDay.fill(termEnd);
  await page.getByLabel(texts.reason).fill('Moving abroad.');
  await page.getByRole('button', { name: texts.submit }).click();

  await expect(page).toHaveURL(/\/member\/quit\/result\?applicationId=\d+$/);
  await expect(page.getByText(texts.submitted, { exact: true })).toBeVisible();
  await expect(page.getByText('Moving abroad.')).toBeVisible();
  await expectAccessible(page);
  const applicationId = Number(new URL(page.url()).searchParams.get('applicationId'));

  // Returned for changes: the result page offers the form again, as sent, with the comment.
  await approveAsReviewer(applicationId, 'memberStatus', {
    decision: 'return',
    comment: 'Please say when you move.',
  });
  await page.reload();
  await expect(page.getByText(texts.returned, { exact: true })).toBeVisible();
  await expect(page.getByText('Please say when you move.').first()).toBeVisible();
  const change = page.getByRole('region', { name: texts.change });
  await expect(change.getByLabel(texts.lastDay)).toHaveValue(termEnd);
  await expectAccessible(page);
  await expect(change.getByLabel(texts.reason)).toBeEnabled();
  await change.getByLabel(texts.reason).fill('Moving abroad in the spring.');
  await change.getByRole('button', { name: texts.resend }).click();
  await expect(page.getByText(texts.submitted, { exact: true })).toBeVisible();
  await expect(page.getByText('Moving abroad in the spring.')).toBeVisible();
  await expect(page.getByRole('region', { name: texts.change })).toHaveCount(0);

  await approveAsReviewer(applicationId, 'memberStatus');
  await page.reload();
  await expect(page.getByText(texts.effective, { exact: true })).toBeVisible();
  // Leaving: the centre offers no more changes.
  await page.goto('/member/center');
  await expect(page.getByRole('link', { name: texts.stop })).toHaveCount(0);
  await expect(page.getByRole('link', { name: texts.quit })).toHaveCount(0);
});
