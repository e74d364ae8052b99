import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';
import { expectCached } from '../page-cache';

/**
 * An editor changes the footer's office hours in the console (DESIGN.md §19, Content): the public
 * news page shows them at once, though the page cache held it before. The hours are put back.
 */
test('an editor changes the footer and every page shows it at once (en-us)', async ({ page, request }) => {
  // Staff sign-ins share the authenticator's 30-second steps with the other staff tests: allow for the wait.
  test.setTimeout(120_000);
  const hours = `Weekdays 08:30–17:00 (${Date.now()})`;
  await expectCached(request, '/en-us/news/list');

  await signInPage(page, 'admin@example.org', 'Admin2026demo');
  await page.goto('/en-us/staff/content');
  await page.getByRole('link', { name: 'Web info and footer' }).click();
  const field = page.getByLabel('Office hours (English)');
  const before = await field.inputValue();
  await field.fill(hours);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved: every page shows the change now.' })).toBeVisible();
  expect(await (await request.get('/en-us/news/list')).text()).toContain(hours);

  await page.getByLabel('Office hours (English)').fill(before);
  // The field holds the old text as soon as it is typed: wait for the save itself.
  const saved = page.waitForResponse((response) => response.url().includes('/content/webInfo/save'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByLabel('Office hours (English)')).toHaveValue(before);
  expect(await (await request.get('/en-us/news/list')).text()).not.toContain(hours);
});
