import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';
import { articleId } from './lookup';

test('a script planted in stored HTML never runs', async ({ page, request }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const id = await articleId(request, 'Clinical rotation schedule, second half of the year');
  for (const path of [`/article/detail/${id}`, `/en-us/article/detail/${id}`]) {
    await page.goto(path);
    const link = page.getByRole('main').getByText(/點此下載輪訓表|Download the schedule/);
    await expect(link).toBeVisible();
    // The javascript: link lost its address: clicking it does nothing.
    await link.click();
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__xss)).toBeUndefined();
    expect(await page.locator('main script').count()).toBe(0);
    expect(await page.locator('main [onerror], main [onclick], main a[href^="javascript:"]').count()).toBe(0);
    await expectAccessible(page);
  }
  expect(dialogs).toEqual([]);
});
