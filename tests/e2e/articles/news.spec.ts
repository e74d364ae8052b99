import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';
import { categoryId } from './lookup';

test('the news list in Chinese: cards, paging, a category and a search', async ({ page, request }) => {
  const response = await page.goto('/news/list');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('最新消息');
  const list = page.getByRole('main').locator('[data-article-list]');
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await expect(list.getByRole('listitem').first()).toContainText('置頂');
  await expectAccessible(page);

  // The card view keeps the page.
  await page.getByRole('navigation', { name: '顯示方式' }).getByRole('link', { name: '卡片' }).click();
  await expect(page).toHaveURL('/news/card');
  await expect(page.locator('[data-article-list="card"] img').first()).toBeVisible();
  await expectAccessible(page);

  // The next page.
  await page.getByRole('navigation', { name: '分頁' }).getByRole('link', { name: '第 2 頁' }).click();
  await expect(page).toHaveURL('/news/card?page=2');
  await expect(page.getByRole('link', { name: '第 2 頁，目前頁面' })).toHaveAttribute('aria-current', 'page');

  // A category chip.
  const about = await categoryId(request, 'About the society');
  await page.getByRole('navigation', { name: '分類' }).getByRole('link', { name: '關於學會' }).click();
  await expect(page).toHaveURL(`/article/card/${about}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('關於學會');
  await expect(page.getByRole('navigation', { name: '分類' }).getByRole('link', { name: '關於學會' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('main')).toContainText('學會沿革');
  await expect(page.getByRole('main')).not.toContainText('2027 年度常年會費繳費通知');

  // A search, in the category, that finds one article.
  await page.getByRole('searchbox', { name: '搜尋' }).fill('沿革');
  await page.getByRole('button', { name: '搜尋' }).click();
  await expect(page).toHaveURL(new RegExp(`/article/card/${about}\\?keyword=`));
  await expect(page.locator('[data-article-list] > li')).toHaveCount(1);
  await expect(page.getByRole('status')).toContainText('1');
  await expectAccessible(page);
});

test('the news list in English: search with no result, clearing it, and a page past the last', async ({ page }) => {
  await page.goto('/en-us/news/list');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News');
  await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'All' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('searchbox', { name: 'Search' }).fill('dues');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/en-us/news/list?keyword=dues');
  await expect(page.getByRole('main').getByRole('link', { name: 'Annual membership dues for 2027' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill('no such words anywhere');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('main')).toContainText('Nothing matches. Try other keywords.');
  await expectAccessible(page);
  await page.getByRole('main').getByRole('link', { name: 'Clear search' }).first().click();
  await expect(page).toHaveURL('/en-us/news/list');
  await expect(page.locator('[data-article-list] > li')).toHaveCount(10);

  await page.goto('/en-us/news/card?page=40');
  await expect(page.getByRole('main')).toContainText('There is nothing on this page.');
  await page.getByRole('link', { name: 'Back to the first page' }).click();
  await expect(page).toHaveURL('/en-us/news/card');
  await expect(page.locator('[data-article-list] > li')).toHaveCount(10);
});

test('an article title in the list opens the article', async ({ page }) => {
  await page.goto('/en-us/news/list');
  await page.getByRole('main').getByRole('link', { name: 'Annual membership dues for 2027' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Annual membership dues for 2027');
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Announcements' }),
  ).toBeVisible();
});
