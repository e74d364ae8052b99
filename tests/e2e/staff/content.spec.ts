import sharp from 'sharp';
import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';
import { expectCached } from '../page-cache';

/**
 * An editor writes an article in the console and publishes it (DESIGN.md §19, Content): the home
 * page's news shows it at once, though the page cache held the home page before, and the desk's
 * list finds it by a word of its text. Once, in English
 * (its Chinese and English titles); the Chinese desk and form are checked by the integration tests
 * (staff-content).
 */
// Each test here changes public content, which empties the page cache the others count on: one
// after another, in one worker.
test.describe.configure({ mode: 'default' });

const words = {
  new: 'New article',
  titleZh: 'Title (Chinese)',
  titleEn: 'Title (English)',
  bodyZh: 'Text (Chinese)',
  publish: 'Publish',
  done: 'Published: it is on the site now.',
  words: 'Words (title, summary or text)',
};

test('an editor publishes an article that is on the home page at once (en-us)', async ({ page, request }) => {
  const stamp = Date.now();
  const title = `Society notice ${stamp}`;
  // The home page is in the page cache before the article is published.
  await expectCached(request, '/en-us/');

  await signInPage(page, 'admin@example.org', 'Admin2026demo');
  await page.goto('/en-us/staff/content/articles');
  await page.getByRole('link', { name: words.new }).click();
  await page.getByLabel(words.titleZh).fill(`學會公告 ${stamp}`);
  await page.getByLabel(words.titleEn).fill(title);
  await page.getByRole('textbox', { name: words.bodyZh }).fill('腎臟移植的追蹤');
  await page.getByRole('button', { name: words.publish, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: words.done })).toBeVisible();

  const home = await request.get('/en-us/');
  expect(await home.text()).toContain(title);

  // The desk's list finds it by words of its text (simplified for traditional).
  await page.goto('/en-us/staff/content/articles');
  await page.getByRole('searchbox', { name: words.words }).fill(`肾脏 ${stamp}`);
  await page.getByRole('searchbox', { name: words.words }).press('Enter');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});

/**
 * The console's home page and files desks (DESIGN.md §19, Content): an editor moves a home block
 * with the keyboard, focus stays on the button and the new place is announced, and the public
 * home page (cached before) shows the new order at once; a wide picture uploads with a progress
 * bar and comes back scaled down.
 */
test('an editor moves a home block with the keyboard and uploads a picture that is scaled down', async ({
  page,
  request,
}) => {
  await expectCached(request, '/');
  const headings = async () =>
    [...(await (await request.get('/')).text()).matchAll(/<h2[^>]*id="part-\d+"[^>]*>\s*([^<]*?)\s*</g)].map(
      (m) => m[1],
    );
  const before = await headings();
  expect(before.indexOf('相關連結')).toBeGreaterThan(before.indexOf('會員服務'));

  await signInPage(page, 'admin@example.org', 'Admin2026demo');
  await page.goto('/staff/content/home');
  const up = page.getByRole('button', { name: '將「相關連結」上移' });
  await expect(up).toBeEnabled();
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '「相關連結」已移至第 4 位。' })).toBeAttached();
  await expect(up).toBeFocused();
  const after = await headings();
  expect(after.indexOf('相關連結')).toBeLessThan(after.indexOf('會員服務'));
  // And back, with the other button.
  await page.getByRole('button', { name: '將「相關連結」下移' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '「相關連結」已移至第 5 位。' })).toBeAttached();

  await page.goto('/staff/content/files');
  const wide = await sharp({ create: { width: 2500, height: 100, channels: 3, background: '#2c7ad5' } })
    .png()
    .toBuffer();
  await expect(page.getByLabel('選擇檔案')).toBeEnabled();
  await page.getByLabel('選擇檔案').setInputFiles({ name: 'wide-banner.png', mimeType: 'image/png', buffer: wide });
  await expect(page.getByText('已上傳「wide-banner.png」。 圖片已由 2500 × 100 縮小為 2000 × 80 像素。')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: '上傳進度' })).toHaveAttribute('value', '100');
  await expect(page.getByRole('row', { name: /wide-banner\.png/ })).toContainText('2000 × 80');
});
