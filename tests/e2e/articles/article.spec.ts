import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';
import { articleId } from './lookup';

test('an html article: breadcrumb, cover, rich text with a table and an image, accessible', async ({
  page,
  request,
}) => {
  const id = await articleId(request, 'Getting to the 15th General Assembly');
  await page.goto(`/en-us/article/detail/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting to the 15th General Assembly');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en-us/');
  await expect(crumbs.getByRole('link', { name: 'News' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Timetable of the day' })).toBeVisible();
  const figure = page.getByRole('img', { name: 'Key visual of the meeting' });
  await expect(figure).toHaveAttribute('loading', 'lazy');
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expectAccessible(page);
});

test('tabs: the keyboard moves between them, and one panel shows at a time', async ({ page, request }) => {
  const id = await articleId(request, 'Membership fees and rules');
  await page.goto(`/article/detail/${id}`);
  const tablist = page.getByRole('tablist', { name: '內容分頁' });
  await expect(tablist).toBeVisible();
  const tabs = tablist.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
  await expect(page.getByRole('tabpanel', { name: '入會資格' })).toBeVisible();
  await expectAccessible(page);

  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: '會費' }).getByRole('table')).toBeVisible();
  await page.keyboard.press('End');
  await expect(tabs.nth(3)).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: '停權與退會' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.first()).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(3)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  // Tab moves from the tab list into the shown panel.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: '入會資格' })).toBeFocused();
  await tabs.nth(2).click();
  await expect(page.getByRole('tabpanel', { name: '權利與義務' })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('tabs show every section under its heading', async ({ page, request }) => {
    const id = await articleId(request, 'Membership fees and rules');
    await page.goto(`/en-us/article/detail/${id}`);
    await expect(page.getByRole('tablist')).toBeHidden();
    for (const title of ['Eligibility', 'Fees', 'Rights and duties', 'Suspension and withdrawal']) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
  });
});

test('a timeline lists the dated milestones in order', async ({ page, request }) => {
  const id = await articleId(request, 'Society history');
  await page.goto(`/en-us/article/detail/${id}`);
  const entries = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(entries.first()).toContainText('1998');
  await expect(entries.first()).toContainText('The society is founded');
  await expect(entries.last()).toContainText('2026');
  await expectAccessible(page);
});

test('committee cards show portraits or initials; the _no_image type is a table', async ({ page, request }) => {
  await page.goto(`/article/detail/${await articleId(request, 'Board of directors 2026–2028')}`);
  await expect(page.getByRole('heading', { level: 2, name: '理事長與副理事長' })).toBeVisible();
  const chair = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '陳文雄' }) });
  await expect(chair).toContainText('理事長');
  await expect(chair.locator('img')).toHaveAttribute('width', '96');
  const withoutPortrait = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '李建宏' }) });
  await expect(withoutPortrait.locator('img')).toHaveCount(0);
  await expect(withoutPortrait).toContainText('李');
  await expectAccessible(page);

  await page.goto(`/en-us/article/detail/${await articleId(request, 'Register of the 8th board')}`);
  const table = page.getByRole('table').first();
  await expect(table.getByRole('columnheader', { name: 'Role' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Chen Wen-Hsiung' })).toBeVisible();
  await expect(page.getByRole('main').locator('img')).toHaveCount(0);
  await expectAccessible(page);
});

test('the doctor map: a region index that jumps, phone links and websites', async ({ page, request }) => {
  await page.goto(`/en-us/article/detail/${await articleId(request, 'Certified clinical teachers by region')}`);
  const index = page.getByRole('navigation', { name: 'Regions' });
  await expect(index.getByRole('link')).toHaveCount(4);
  await index.getByRole('link', { name: /East/ }).click();
  await expect(page).toHaveURL(/#region-4$/);
  await expect(page.getByRole('heading', { level: 2, name: 'East' })).toBeInViewport();
  const liu = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Liu Yi-Chun' }) });
  await expect(liu.getByRole('link', { name: '03-856-1825' })).toHaveAttribute('href', 'tel:038561825');
  await expect(liu.getByRole('link', { name: 'hlm.tzuchi.com.tw (opens in a new tab)' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expectAccessible(page);

  await page.goto(`/article/detail/${await articleId(request, 'Certified clinical teachers: contact list')}`);
  await expect(page.getByRole('navigation', { name: '地區索引' })).toBeVisible();
  await expect(page.getByRole('main').locator('article img')).toHaveCount(0);
  await expectAccessible(page);
});

test('downloads say what they are and link buttons take their size', async ({ page, request }) => {
  await page.goto(`/en-us/article/detail/${await articleId(request, 'Education credit application forms for 2027')}`);
  const downloads = page.getByRole('region', { name: 'Downloads' });
  const form = downloads.getByRole('link', { name: /Credit application form \(PDF, \d+ bytes\)/ });
  await expect(form).toHaveAttribute('href', /\/api\/amsw1002\?fileId=\d+/);
  await expect(
    page.getByRole('region', { name: 'Related links' }).getByRole('link', { name: 'Claim points' }),
  ).toHaveClass(/btn-lg/);
  await expectAccessible(page);
});
