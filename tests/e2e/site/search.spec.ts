import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';

/**
 * Site search from the header: typed into the header's field (on a phone, opened by its search
 * icon), answered by the results page with marked matches, and a result followed to its page.
 */
const texts = {
  'zh-tw': {
    prefix: '',
    field: '搜尋網站',
    open: '開啟網站搜尋',
    go: '查找',
    heading: '搜尋',
    count: /^找到 \d+ 筆結果$/,
    results: '搜尋結果',
  },
  'en-us': {
    prefix: '/en-us',
    field: 'Search the site',
    open: 'Open site search',
    go: 'Go',
    heading: 'Search',
    count: /^\d+ results?$/,
    results: 'Search results',
  },
} as const;

for (const width of [390, 1280]) {
  for (const [locale, x] of Object.entries(texts)) {
    test(`${locale} at ${width} px: search from the header, see marked results, follow one`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${x.prefix}/news/list`);
      const header = page.getByRole('banner');
      if (width < 1280) {
        // On a phone the field waits behind the search icon (no script: a disclosure).
        await expect(header.getByRole('textbox', { name: x.field })).toBeHidden();
        await header.locator('summary', { hasText: x.open }).click();
      }
      const field = header.getByRole('textbox', { name: x.field });
      await expect(field).toBeVisible();
      // Nothing in the header spills past a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await field.fill('OSCE');
      await header.getByRole('button', { name: x.go, exact: true }).click();

      await expect(page).toHaveURL(new RegExp(`^[^?]*${x.prefix}/search\\?q=OSCE$`));
      await expect(page.getByRole('heading', { level: 1, name: x.heading })).toBeVisible();
      await expect(page.getByText(x.count)).toBeVisible();
      const results = page.getByRole('list', { name: x.results });
      await expect(results.locator('mark').first()).toHaveText(/^OSCE/i);
      await expect(page.getByRole('searchbox')).toHaveValue('OSCE');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);

      const first = results.getByRole('heading', { level: 2 }).first().getByRole('link');
      const title = (await first.textContent())!.trim();
      await first.click();
      await expect(page).not.toHaveURL(/\/search\?/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(title.slice(0, 10));
    });
  }
}
