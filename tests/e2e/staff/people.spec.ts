import { expectAccessible } from '../a11y';
import { signInPage, signUpIndividual } from '../account/helpers';
import { expect, test } from '../fixtures';

/**
 * The office corrects a person from the console (DESIGN.md §19): it finds them, opens their story,
 * corrects a detail with a reason, and the audit log shows who changed what, before and after.
 * Each language corrects a person of its own, signed up for the test.
 */
for (const { lang, prefix, words } of [
  {
    lang: 'zh-tw',
    prefix: '',
    words: {
      search: '搜尋',
      correct: '更正資料',
      address: '通訊地址',
      reason: '更正原因',
      save: '儲存更正',
      saved: '已儲存：通訊地址。',
      audit: '稽核紀錄',
      before: '變更前',
    },
  },
  {
    lang: 'en-us',
    prefix: '/en-us',
    words: {
      search: 'Search',
      correct: 'Correct details',
      address: 'Mailing address',
      reason: 'Reason for the change',
      save: 'Save the correction',
      saved: 'Saved: Mailing address.',
      audit: 'Audit entries',
      before: 'Before',
    },
  },
]) {
  test(`an office worker corrects a person's address and the audit log shows it (${lang})`, async ({
    page,
    request,
  }) => {
    const person = await signUpIndividual(request);
    await signInPage(page, 'admin@example.org', 'Admin2026demo');
    await page.goto(`${prefix}/staff/people`);
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
    const newAddress = `${lang} 新址 ${Date.now()}`;
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
      .filter({ hasText: 'person.corrected' });
    await expect(entry).toContainText('admin@example.org');
    await expect(entry).toContainText(words.before);
    await expect(entry).toContainText(newAddress);
    await expect(entry).toContainText('Moved, per the member’s letter');

    await page.goto(`${prefix}/staff/audit?action=person`);
    await expect(page.getByRole('row').filter({ hasText: person.email }).first()).toContainText(newAddress);
  });
}
