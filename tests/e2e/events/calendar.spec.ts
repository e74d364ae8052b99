import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';
import { ASSEMBLY, eventTitled, taipeiMonth } from './data';

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
const shift = (month: string, by: number) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
};

// Once, in English: the Chinese calendar is checked by the integration tests (events-pages).
const texts = {
  next: 'Next month',
  previous: 'Previous month',
  today: 'This month',
  title: 'Event calendar',
} as const;

test('the calendar shows this month, today marked, and moves between months (en-us)', async ({ page }) => {
  const now = taipeiMonth(new Date().toISOString());
  await page.goto('/en-us/event/calendar');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  await expect(main.getByText(monthName(now), { exact: true })).toBeVisible();
  const grid = main.getByRole('table');
  await expect(grid.getByRole('columnheader')).toHaveCount(7);
  await expect(grid.locator('td[aria-current="date"]')).toHaveCount(1);
  await expectAccessible(page);

  await main.getByRole('link', { name: texts.next }).click();
  await expect(page).toHaveURL(new RegExp(`month=${shift(now, 1)}$`));
  await expect(main.getByText(monthName(shift(now, 1)), { exact: true })).toBeVisible();
  await expect(grid.locator('td[aria-current="date"]')).toHaveCount(0);
  await main.getByRole('link', { name: texts.previous }).click();
  await main.getByRole('link', { name: texts.previous }).click();
  await expect(page).toHaveURL(new RegExp(`month=${shift(now, -1)}$`));
  await expectAccessible(page);
  await main.getByRole('link', { name: texts.today, exact: true }).click();
  await expect(main.getByText(monthName(now), { exact: true })).toBeVisible();
});

test('an event in the grid is reached with Tab and opened with Enter; arrow keys move between days', async ({
  page,
  request,
}) => {
  const assembly = await eventTitled(request, ASSEMBLY);
  await page.goto(`/en-us/event/calendar?month=${taipeiMonth(assembly.startsAt)}`);
  const grid = page.getByRole('main').getByRole('table');
  await page.getByRole('main').getByRole('link', { name: 'Next month' }).focus();
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => !!document.activeElement?.closest('table[data-calendar] a'));
  }
  expect(reached, 'Tab reaches an event in the month grid').toBe(true);

  // Arrow keys move to the neighbouring day (its first event, or the day itself).
  const dayOf = () =>
    page.evaluate(() => Number(document.activeElement?.closest<HTMLElement>('td[data-day]')?.dataset.day));
  const start = await dayOf();
  await page.keyboard.press(start < 28 ? 'ArrowDown' : 'ArrowUp');
  expect(await dayOf()).toBe(start < 28 ? start + 7 : start - 7);
  await page.keyboard.press(start < 28 ? 'ArrowUp' : 'ArrowDown');
  expect(await dayOf()).toBe(start);

  // Tab on to the General Assembly and open it with Enter.
  const target = grid.getByRole('link', { name: ASSEMBLY });
  for (let i = 0; i < 40 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/en-us/event/detail/${assembly.eventId}$`));
  await expect(page.getByRole('heading', { level: 1, name: ASSEMBLY })).toBeVisible();
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the month as an agenda list instead of the grid', async ({ page, request }) => {
    const assembly = await eventTitled(request, ASSEMBLY);
    await page.goto(`/event/calendar?month=${taipeiMonth(assembly.startsAt)}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('table')).toBeHidden();
    const agenda = main.locator('[data-agenda]');
    await expect(agenda.getByRole('link', { name: '第十五屆會員大會暨學術研討會' })).toBeVisible();
    const hasOverflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(hasOverflow).toBe(false);
    await expectAccessible(page);
  });
});
