import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';
import { ASSEMBLY, eventTitled, taipeiMonth } from './data';

const monthName = (month: string, locale: 'zh-TW' | 'en-US') =>
  new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: 'long' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
const shift = (month: string, by: number) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
};

for (const l of [
  { prefix: '', intl: 'zh-TW', next: '下個月', previous: '上個月', today: '本月', title: '活動行事曆' },
  {
    prefix: '/en-us',
    intl: 'en-US',
    next: 'Next month',
    previous: 'Previous month',
    today: 'This month',
    title: 'Event calendar',
  },
] as const) {
  test(`calendar ${l.prefix || '/'} shows this month, today marked, and moves between months`, async ({ page }) => {
    const now = taipeiMonth(new Date().toISOString());
    await page.goto(`${l.prefix}/event/calendar`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: l.title })).toBeVisible();
    await expect(main.getByText(monthName(now, l.intl), { exact: true })).toBeVisible();
    const grid = main.getByRole('table');
    await expect(grid.getByRole('columnheader')).toHaveCount(7);
    await expect(grid.locator('td[aria-current="date"]')).toHaveCount(1);
    await expectAccessible(page);

    await main.getByRole('link', { name: l.next }).click();
    await expect(page).toHaveURL(new RegExp(`month=${shift(now, 1)}$`));
    await expect(main.getByText(monthName(shift(now, 1), l.intl), { exact: true })).toBeVisible();
    await expect(grid.locator('td[aria-current="date"]')).toHaveCount(0);
    await main.getByRole('link', { name: l.previous }).click();
    await main.getByRole('link', { name: l.previous }).click();
    await expect(page).toHaveURL(new RegExp(`month=${shift(now, -1)}$`));
    await expectAccessible(page);
    await main.getByRole('link', { name: l.today, exact: true }).click();
    await expect(main.getByText(monthName(now, l.intl), { exact: true })).toBeVisible();
  });
}

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
