import { readFileSync } from 'node:fs';
import { expectAccessible } from '../a11y';
import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';

test('the demo member downloads a receipt from the payments page in both languages, and verifies it', async ({
  page,
}) => {
  await signInPage(page, 'member@example.org', 'Member2026demo');
  let code = '';
  for (const [path, name] of [
    ['/member/payment', /下載收據 R\d{4}-\d{6}/],
    ['/en-us/member/payment', /Download receipt R\d{4}-\d{6}/],
  ] as const) {
    await page.goto(path);
    const link = page.getByRole('link', { name }).first();
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^receipt-R\d{4}-\d{6}\.pdf$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The QR code links to the verification page; the link carries the short code.
    code = /\/verify\/([3-9A-Y]{5}-[3-9A-Y]{5})/.exec(bytes.toString('latin1'))?.[1] ?? '';
    expect(code).not.toBe('');
  }

  await page.goto(`/en-us/verify/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Document verification' })).toBeVisible();
  await expect(page.getByText('Valid', { exact: true })).toBeVisible();
  await expect(page.getByText('L** M*******')).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/verify/${code}`);
  await expect(page.getByText('林○玲')).toBeVisible();
  await expectAccessible(page);
});

test('the member centre offers the membership certificate', async ({ page }) => {
  await signInPage(page, 'member@example.org', 'Member2026demo');
  await page.goto('/en-us/member/center');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download membership certificate (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^certificate-M\d{4}-\d{4}-\d+\.pdf$/);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
});

test.describe('a document that cannot be drawn', () => {
  // The page answers 404 (the document is not there), which the browser logs.
  test.use({ allowedConsoleErrors: [{ text: /status of 404/, url: /\/documentUnavailable\?/ }] });

  test('a lapsed member is offered no certificate, and an old link shows why, with the way back (390 px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInPage(page, 'lapsed@example.org', 'Lapsed2026demo');
    for (const [centre, linkName, title, why, back] of [
      [
        '/en-us/member/center',
        'Download membership certificate (PDF)',
        'This document cannot be downloaded',
        'You have no current membership',
        'Back to the previous page',
      ],
      ['/member/center', '下載會員證書（PDF）', '無法下載此文件', '您目前沒有有效的會籍', '回到上一頁'],
    ] as const) {
      await page.goto(centre);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: linkName })).toHaveCount(0);
      // The link as it was (a bookmark, a page left open): a page in the reader's language, not a file.
      const lang = centre.startsWith('/en-us') ? 'en-us' : 'zh-tw';
      await page.evaluate((href) => {
        const a = document.createElement('a');
        a.href = href;
        a.textContent = 'old link';
        document.body.append(a);
        a.click();
      }, `/api/amsw0101/certificate?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: why })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: back }).click();
      await expect(page).toHaveURL(new RegExp(`${centre}$`));
    }
  });
});
