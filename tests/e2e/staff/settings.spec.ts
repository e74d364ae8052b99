import { freshStaffCode, signInPage } from '../account/helpers';
import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';

/**
 * The society's settings by section (DESIGN.md §18–19): the admin changes a member class's
 * yearly dues in its form (a negative amount first: the problem, named as the form names the field,
 * takes them back to it), checks the change, applies it with a fresh code, and the public list of
 * classes shows the new amount at once. Once, in English: the Chinese section page is checked by the
 * integration tests (staff-settings-forms).
 */
const dues = 950;
const words = {
  item: /^Class 2: associate/,
  field: 'Dues per term (NT$)',
  problem: /^Class 2: associate.* › Dues per term \(NT\$\)$/,
  check: 'Check',
  plan: 'Applying it makes 1 change:',
  apply: 'Apply',
  applied: 'Applied 1 change; it is in the audit log.',
  money: 'NT$950',
};

test("the admin changes a class's dues in its form and the public page shows them (en-us)", async ({
  page,
  request,
  baseURL,
}) => {
  await signInPage(page, 'admin@example.org', 'Admin2026demo');
  await page.goto('/en-us/staff/settings/classes');
  const associate = page.locator('details', { has: page.locator('summary', { hasText: words.item }) });
  await associate.locator('summary').click();
  const field = associate.getByLabel(words.field);
  await field.fill('-5');
  await page.getByRole('button', { name: words.check, exact: true }).click();
  const problem = page.getByRole('link', { name: words.problem });
  await expect(problem).toBeVisible();
  await associate.locator('summary').click(); // folded again: the link opens it
  await problem.click();
  await expect(field).toBeFocused();
  await field.fill(String(dues));
  await page.getByRole('button', { name: words.check, exact: true }).click();
  await expect(page.getByText(words.plan)).toBeVisible();
  await expect(page.getByText('classes.associate.duesPerTerm')).toBeVisible();
  await expectAccessible(page);

  await page.locator('#field-code').fill(await freshStaffCode(baseURL!, 'admin@example.org'));
  await page.getByRole('button', { name: words.apply, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: words.applied })).toBeVisible();

  const classes = await request.get('/en-us/signinTerm');
  expect(await classes.text()).toContain(words.money);
});
