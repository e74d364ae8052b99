import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';

/**
 * An editor changes the footer's office hours in the console (DESIGN.md §19, Content): the public
 * news page shows them at once, though the page cache held it before. The hours are put back.
 */
test('an editor changes the footer and every page shows it at once (en-us)', async ({ page, request }) => {
  const hours = `Weekdays 08:30–17:00 (${Date.now()})`;
  await request.get('/en-us/news/list');
  expect((await request.get('/en-us/news/list')).headers()['x-cache']).toBe('hit');

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
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByLabel('Office hours (English)')).toHaveValue(before);
  expect(await (await request.get('/en-us/news/list')).text()).not.toContain(hours);
});
