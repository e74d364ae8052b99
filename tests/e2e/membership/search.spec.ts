import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';

// The demo's application returned for changes (applicant@example.org) is the third of the Taipei year.
const returned = `A${new Date(Date.now() + 8 * 3_600_000).getUTCFullYear()}-000003`;

test('an applicant who cannot sign in looks up an application by number and e-mail', async ({ page }) => {
  await page.goto('/signinTerm');
  await page.getByRole('link', { name: '已送出申請？查詢申請進度' }).click();
  await expect(page).toHaveURL(/\/signinSearch$/);
  await expectAccessible(page);
  await page.getByLabel('申請編號').fill(returned.toLowerCase());
  await page.getByLabel('電子郵件').fill('applicant@example.org');
  await page.getByRole('button', { name: '查詢' }).click();
  await expect(page.getByRole('heading', { name: '入會申請（準會員）' })).toBeVisible();
  await expect(page.getByText('待補件')).toBeVisible();
});

test('in English, a number with another address finds nothing and says so', async ({ page }) => {
  await page.goto('/en-us/signinSearch');
  await page.getByLabel('Application number').fill(returned);
  await page.getByLabel('E-mail').fill('someone@example.org');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'No application matches this number and e-mail address' }),
  ).toBeVisible();
});
