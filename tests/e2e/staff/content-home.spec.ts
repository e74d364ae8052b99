import sharp from 'sharp';
import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';

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
  await request.get('/');
  expect((await request.get('/')).headers()['x-cache']).toBe('hit');
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
