import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';

// Each journey runs once, in one language: browsing in Chinese (the unprefixed address), the search
// in English. The lists' other language is checked by the integration tests (events-pages).
const zh = {
  lang: 'zh-Hant-TW',
  heading: '學術活動總覽',
  cards: '卡片',
  list: '列表',
  past: '已結束',
  next: '下一頁',
  assembly: '第十五屆會員大會暨學術研討會',
  pastEvent: '文獻評讀工作坊',
};

const en = {
  search: 'Search',
  keyword: 'point-of-care',
  found: 'Point-of-care ultrasound hands-on workshop',
};

test('the event list shows upcoming events, switches to cards and to past events, and pages (zh-tw)', async ({
  page,
}) => {
  await page.goto('/event/list');
  await expect(page.locator('html')).toHaveAttribute('lang', zh.lang);
  await expect(page.getByRole('heading', { level: 1, name: zh.heading })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: zh.assembly })).toBeVisible();
  await expect(main.locator('[data-event-list="list"]')).toBeVisible();
  await expectAccessible(page);

  await main.getByRole('link', { name: zh.cards, exact: true }).click();
  await expect(page).toHaveURL(/\/event\/card$/);
  await expect(main.locator('[data-event-list="card"]')).toBeVisible();
  await expect(main.getByRole('link', { name: zh.cards, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(main.locator('[data-event-list="card"] img').first()).toHaveAttribute('loading', 'lazy');
  await expectAccessible(page);

  await main.getByRole('link', { name: zh.past, exact: true }).click();
  await expect(page).toHaveURL(/\/event\/card\?when=past$/);
  await expect(main.getByRole('link', { name: zh.pastEvent })).toBeVisible();
  await expect(main.getByRole('link', { name: zh.assembly })).toHaveCount(0);

  await main.getByRole('link', { name: zh.next }).click();
  await expect(page).toHaveURL(/when=past&page=2$/);
  await expect(main.locator('a[rel="prev"]')).toBeVisible();
  await expect(main.getByRole('link', { name: zh.pastEvent })).toHaveCount(0);
  await expectAccessible(page);

  await main.getByRole('link', { name: zh.list, exact: true }).click();
  await expect(page).toHaveURL(/\/event\/list\?when=past&page=2$/);
  await expect(main.locator('[data-event-list="list"]')).toBeVisible();
});

test('the event list finds events by keyword and opens one (en-us)', async ({ page }) => {
  await page.goto('/en-us/event/list');
  const main = page.getByRole('main');
  await main.getByRole('searchbox').fill(en.keyword);
  await main.getByRole('button', { name: en.search, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(en.keyword)}`));
  await expect(main.locator('[data-event-list] > li')).toHaveCount(1);
  await expectAccessible(page);
  await main.getByRole('link', { name: en.found }).click();
  await expect(page).toHaveURL(/\/event\/detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: en.found })).toBeVisible();
});

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
