import { readFileSync } from 'node:fs';
import { expectAccessible } from '../a11y';
import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';

test('a member sees what their licence still needs, filters the ledger and downloads a transcript, in both languages', async ({
  page,
}) => {
  await signInPage(page, 'member@example.org', 'Member2026demo');
  await page.goto('/member/center');
  await page.getByRole('link', { name: '醫師執業執照繼續教育' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '醫師執業執照繼續教育' })).toBeVisible();
  await expect(page.getByText('總積分還差 16 點')).toBeVisible();
  await expect(page.getByText('專業品質、倫理及法規還差 3 點')).toBeVisible();
  await expect(page.getByText('總積分 104 / 120 點')).toBeVisible();
  await expectAccessible(page);

  // The filters are a form: choose, apply, and the address keeps them.
  await page.getByLabel('方式').selectOption('online');
  await page.getByRole('button', { name: '套用篩選' }).click();
  await expect(page).toHaveURL(/method=online/);
  await expect(page.getByText('顯示 2 筆，共 12 筆')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByRole('link', { name: '清除篩選' }).click();
  await expect(page.getByText('顯示 12 筆，共 12 筆')).toBeVisible();

  const path = new URL(page.url()).pathname;
  await page.goto(`/en-us${path}`);
  await expect(page.getByText('16 more points in all')).toBeVisible();
  await expect(page.getByText('3 more points of Quality, ethics and law')).toBeVisible();
  await expectAccessible(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the credit transcript (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transcript-T\d{4}-\d{6}\.pdf$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const code = /\/verify\/([3-9A-Y]{5}-[3-9A-Y]{5})/.exec(bytes.toString('latin1'))?.[1] ?? '';
  expect(code).not.toBe('');

  await page.goto(`/en-us/verify/${code}`);
  await expect(page.getByText('Credit transcript')).toBeVisible();
  await expect(page.getByText('Valid', { exact: true })).toBeVisible();
});
