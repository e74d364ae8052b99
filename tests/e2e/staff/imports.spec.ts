import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';

/**
 * The import desk's dry run (DESIGN.md §18, §19) says what it found: asked to check without a file
 * it asks for one, and stops asking once one is chosen; a file whose only line is refused is not
 * called a file that matches what is stored. Once, in Chinese, and the English sentence of the same
 * run. The file is discarded at the end, so the desk is free again.
 */
const HEADER = '會員編號,姓名,英文姓名,身分證字號,電子郵件,電話/手機,會員類別,會員狀態,會籍起日,會籍迄日';

test('the dry run of a file whose only line is refused says so (zh-tw, en-us)', async ({ page }) => {
  await signInPage(page, 'admin@example.org', 'Admin2026demo');
  await page.goto('/staff/people/import');
  const check = page.getByRole('button', { name: '上傳並試算' });
  await expect(async () => {
    await check.click();
    await expect(page.getByRole('alert')).toHaveText('請先選擇檔案', { timeout: 1000 });
  }).toPass();
  await page.getByLabel('檔案', { exact: true }).setInputFiles({
    name: 'one-refused.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${HEADER}\r\nM1990-0001,彭小芬,,A100000001,not-an-email,,regular,,2026-01-01,2026-12-31\r\n`),
  });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await check.click();

  await expect(page.getByText('沒有可匯入的資料：1 行遭退回。請依下表更正後重新上傳。')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('檔案與系統中的資料相同')).toHaveCount(0);
  await page.goto('/en-us/staff/people/import');
  await expect(
    page.getByText('Nothing to import: 1 line was refused. Correct it as listed below and upload the file again.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('button', { name: 'Upload and check' })).toBeVisible();
});
