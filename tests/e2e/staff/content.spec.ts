import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';

/**
 * An editor writes an article in the console and publishes it (DESIGN.md §19, Content): the home
 * page's news shows it at once, though the page cache held the home page before. Each language
 * writes an article of its own.
 */
for (const { lang, prefix, words } of [
  {
    lang: 'zh-tw',
    prefix: '',
    words: { new: '新增文章', titleZh: '標題（中文）', publish: '發布', done: '已發布，網站上已可看到。' },
  },
  {
    lang: 'en-us',
    prefix: '/en-us',
    words: {
      new: 'New article',
      titleZh: 'Title (Chinese)',
      publish: 'Publish',
      done: 'Published: it is on the site now.',
    },
  },
]) {
  test(`an editor publishes an article that is on the home page at once (${lang})`, async ({ page, request }) => {
    const stamp = Date.now();
    const title = lang === 'zh-tw' ? `學會公告 ${stamp}` : `Society notice ${stamp}`;
    // The home page is in the page cache before the article is published.
    await request.get(`${prefix}/`);
    expect((await request.get(`${prefix}/`)).headers()['x-cache']).toBe('hit');

    await signInPage(page, 'admin@example.org', 'Admin2026demo');
    await page.goto(`${prefix}/staff/content/articles`);
    await page.getByRole('link', { name: words.new }).click();
    await page.getByLabel(words.titleZh).fill(lang === 'zh-tw' ? title : `學會公告 ${stamp}`);
    if (lang === 'en-us') await page.getByLabel('Title (English)').fill(title);
    await page.getByLabel(lang === 'zh-tw' ? '內文（中文，HTML）' : 'Text (Chinese, HTML)').fill('<p>內文</p>');
    await page.getByRole('button', { name: words.publish, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: words.done })).toBeVisible();

    const home = await request.get(`${prefix}/`);
    expect(await home.text()).toContain(title);
  });
}
