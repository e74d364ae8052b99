import { expectAccessible } from '../a11y';
import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';

/**
 * The credit compliance report's reminders (DESIGN.md §19): the report looks a year ahead by
 * default, sending asks first with the count, and the table shows the reminder without a reload.
 * Once, in English; the Chinese page and the mails are checked by the integration tests
 * (staff-reports).
 */
test('reminders are confirmed with their count and the table shows them at once (en-us)', async ({ page }) => {
  await signInPage(page, 'admin@example.org', 'Admin2026demo');
  await page.goto('/en-us/staff/reports/compliance');
  const row = page.getByRole('row').filter({ hasText: 'member@example.org' });
  await expect(row).toContainText('Never');
  await expectAccessible(page);
  const send = page.getByRole('button', { name: /^Send reminders \(\d+\)$/ });
  await expect(send).toBeEnabled();
  const count = Number(/\((\d+)\)/.exec((await send.textContent()) ?? '')![1]);
  expect(count).toBeGreaterThan(0);
  // A mark on the page: gone if the page reloads.
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await send.click();
  const dialog = page.getByRole('dialog', {
    name: count === 1 ? 'Mail a credit reminder to 1 member?' : `Mail a credit reminder to ${count} members?`,
  });
  await expect(dialog).toBeVisible();
  // Going back sends nothing.
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Never');
  await send.click();
  await dialog.getByRole('button', { name: /^Send reminders/ }).click();
  await expect(page.getByText(`Reminders sent: ${count}.`)).toBeVisible();
  await expect(row).not.toContainText('Never');
  await expect(row.getByRole('cell').last()).toHaveText(/\d/);
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
});
