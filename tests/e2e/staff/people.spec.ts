import { expectAccessible } from '../a11y';
import { signInPage, signUpIndividual } from '../account/helpers';
import { expect, test } from '../fixtures';

/**
 * The office corrects a person from the console (DESIGN.md §19): it finds them, opens their story,
 * corrects a detail with a reason, and the audit log shows who changed what, before and after.
 * Once, in English, for a person signed up for the test: the Chinese search, person and audit pages
 * are checked by the integration tests (staff-people).
 */
const words = {
  search: 'Search',
  correct: 'Correct details',
  address: 'Mailing address',
  reason: 'Reason for the change',
  save: 'Save the correction',
  saved: 'Saved: Mailing address.',
  audit: 'Audit entries',
  before: 'Before',
};

test("an office worker corrects a person's address and the audit log shows it (en-us)", async ({ page, request }) => {
  const person = await signUpIndividual(request);
  await signInPage(page, 'admin@example.org', 'Admin2026demo');
  await page.goto('/en-us/staff/people');
  await page.getByRole('searchbox', { name: words.search }).fill(person.email);
  await page.getByRole('searchbox', { name: words.search }).press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  await page
    .getByRole('row')
    .filter({ hasText: person.email })
    .getByRole('link', { name: /王小明|Wang Hsiao-Ming/ })
    .click();
  await expect(page.getByText(person.email).first()).toBeVisible();
  await expectAccessible(page);

  const address = page.getByLabel(words.address);
  // The button opens the form once its script has run (a click before that does nothing).
  await expect(async () => {
    await page.getByRole('button', { name: words.correct }).click();
    await expect(address).toBeVisible({ timeout: 1000 });
  }).toPass();
  const newAddress = `en-us 新址 ${Date.now()}`;
  await address.fill(newAddress);
  await page.getByRole('button', { name: words.save }).click();
  // The reason is asked for before anything is sent.
  await expect(page.getByLabel(words.reason)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(words.reason).fill('Moved, per the member’s letter');
  await page.getByRole('button', { name: words.save }).click();
  await expect(page.getByText(words.saved).first()).toBeVisible();

  // The page reloads with the new address and the entry: who, and the value before and after.
  await expect(page.getByText(newAddress).first()).toBeVisible();
  const entry = page
    .getByRole('region', { name: new RegExp(words.audit) })
    .getByRole('row')
    .filter({ hasText: 'Details corrected' });
  await expect(entry).toContainText('admin@example.org');
  await expect(entry).toContainText(words.before);
  await expect(entry).toContainText(newAddress);
  await expect(entry).toContainText('Moved, per the member’s letter');

  await page.goto('/en-us/staff/audit?action=person');
  await expect(
    page.getByRole('row').filter({ hasText: person.email }).filter({ hasText: 'Details corrected' }).first(),
  ).toContainText(newAddress);
});
