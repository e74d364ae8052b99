import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';

const LOCALES = [
  {
    prefix: '',
    lang: 'zh-Hant-TW',
    heading: '學術活動總覽',
    cards: '卡片',
    list: '列表',
    past: '已結束',
    next: '下一頁',
    search: '搜尋',
    assembly: '第十五屆會員大會暨學術研討會',
    pastEvent: '文獻評讀工作坊',
    keyword: '超音波',
    found: '床邊超音波實作工作坊',
  },
  {
    prefix: '/en-us',
    lang: 'en-US',
    heading: 'Academic events overview',
    cards: 'Cards',
    list: 'List',
    past: 'Past',
    next: 'Next page',
    search: 'Search',
    assembly: '15th General Assembly and Scientific Meeting',
    pastEvent: 'Critical appraisal workshop',
    keyword: 'ultrasound',
    found: 'Point-of-care ultrasound hands-on workshop',
  },
] as const;

for (const l of LOCALES) {
  test.describe(`event list ${l.prefix || '/'}`, () => {
    test('shows upcoming events, switches to cards and to past events, and pages', async ({ page }) => {
      await page.goto(`${l.prefix}/event/list`);
      await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
      await expect(page.getByRole('heading', { level: 1, name: l.heading })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: l.assembly })).toBeVisible();
      await expect(main.locator('[data-event-list="list"]')).toBeVisible();
      await expectAccessible(page);

      await main.getByRole('link', { name: l.cards, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/event/card$`));
      await expect(main.locator('[data-event-list="card"]')).toBeVisible();
      await expect(main.getByRole('link', { name: l.cards, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(main.locator('[data-event-list="card"] img').first()).toHaveAttribute('loading', 'lazy');
      await expectAccessible(page);

      await main.getByRole('link', { name: l.past, exact: true }).click();
      await expect(page).toHaveURL(/\/event\/card\?when=past$/);
      await expect(main.getByRole('link', { name: l.pastEvent })).toBeVisible();
      await expect(main.getByRole('link', { name: l.assembly })).toHaveCount(0);

      await main.getByRole('link', { name: l.next }).click();
      await expect(page).toHaveURL(/when=past&page=2$/);
      await expect(main.locator('a[rel="prev"]')).toBeVisible();
      await expect(main.getByRole('link', { name: l.pastEvent })).toHaveCount(0);
      await expectAccessible(page);

      await main.getByRole('link', { name: l.list, exact: true }).click();
      await expect(page).toHaveURL(/\/event\/list\?when=past&page=2$/);
      await expect(main.locator('[data-event-list="list"]')).toBeVisible();
    });

    test('finds events by keyword and opens one', async ({ page }) => {
      await page.goto(`${l.prefix}/event/list`);
      const main = page.getByRole('main');
      await main.getByRole('searchbox').fill(l.keyword);
      await main.getByRole('button', { name: l.search, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(l.keyword)}`));
      await expect(main.locator('[data-event-list] > li')).toHaveCount(1);
      await expectAccessible(page);
      await main.getByRole('link', { name: l.found }).click();
      await expect(page).toHaveURL(/\/event\/detail\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: l.found })).toBeVisible();
    });
  });
}

test('a category chip keeps that category only', async ({ page }) => {
  await page.goto('/en-us/event/list');
  const main = page.getByRole('main');
  const chips = main.getByRole('navigation', { name: 'Categories' });
  await chips.getByRole('link', { name: 'Online webinars' }).click();
  await expect(page).toHaveURL(/\/en-us\/event\/list\/\d+$/);
  await expect(chips.getByRole('link', { name: 'Online webinars' })).toHaveAttribute('aria-current', 'page');
  const titles = await main.locator('[data-event-list] h2').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(title).toMatch(/webinar/i);
  await expectAccessible(page);
});

test('an empty search says so and offers to clear it', async ({ page }) => {
  await page.goto('/event/list?keyword=zzzz-nothing');
  const main = page.getByRole('main');
  await expect(main.getByText('找不到符合的資料，請換個關鍵字試試。')).toBeVisible();
  await expectAccessible(page);
});
