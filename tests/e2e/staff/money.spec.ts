import { writeFileSync } from 'node:fs';
import { expectAccessible } from '../a11y';
import { post, signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';
import { newStudentApplicant, payByCard } from '../membership/helpers';

/** Today in Taipei, as the bank's statement and the report give it. */
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Taipei' });

/**
 * Finance matches a bank statement line to a reported transfer (DESIGN.md §9, §19): it uploads the
 * bank's statement, the line is proposed and ticked, finance confirms, the transfer leaves the
 * waiting list and the member's order is paid. Once, in Chinese (the unprefixed address): the English
 * statement page is checked by the integration tests (staff-money), its payments and transfer pages
 * by membership-remittance and membership-payments.
 */
const words = {
  file: '銀行對帳單檔案',
  read: '讀取並比對',
  confirm: /確認勾選的匯款（1 筆）/,
  paid: /訂單 O\d{4}-\d{6} 已付款/,
  noMatch: '沒有相符的匯款回報',
  nothingDue: '目前沒有待繳款項。',
  paidCell: '已繳費',
};

test('finance matches a bank statement line to a remittance (zh-tw)', async ({ page, browser }) => {
  test.slow();
  const last5 = String(10_000 + Math.floor(Math.random() * 90_000));
  const { email, password, order, request } = await newStudentApplicant();
  await post(request, '/api/amsw0501/remittance', {
    orderId: order.orderId,
    transferDate: today(),
    amount: order.amount,
    accountLast5: last5,
  });
  await request.dispose();

  const file = test.info().outputPath('statement.csv');
  writeFileSync(
    file,
    [
      'Date,Amount,Payer account,Memo',
      `${today()},${order.amount},0081234${last5},transfer`,
      `${today()},${order.amount + 7},0000000${last5},not ours`,
    ].join('\n'),
  );

  await signInPage(page, 'finance@example.org', 'Finance2026demo');
  await page.goto('/staff/money/statement');
  await page.getByLabel(words.file).setInputFiles(file);
  await page.getByRole('button', { name: words.read }).click();
  const matched = page.getByRole('row').filter({ hasText: order.number });
  await expect(matched.getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('row').filter({ hasText: 'not ours' })).toContainText(words.noMatch);
  await expectAccessible(page);

  await page.getByRole('button', { name: words.confirm }).click();
  await page.getByRole('dialog').getByRole('button', { name: words.confirm }).click();
  await expect(page.getByRole('status').filter({ hasText: order.number })).toContainText(words.paid);

  // The transfer has left the finance desk's waiting list.
  await page.goto('/member/remittances');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByText(order.number)).toHaveCount(0);

  // The member's order is paid.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInPage(member, email, password);
  await member.goto('/member/payment');
  await expect(member.getByText(words.nothingDue)).toBeVisible();
  const row = member.getByRole('row').filter({ hasText: order.number });
  await expect(row.getByRole('cell', { name: words.paidCell, exact: true })).toBeVisible();
  await memberContext.close();
});

test('finance voids a paid order’s receipt with a reason and re-issues it', async ({ page }) => {
  const { order, request } = await newStudentApplicant();
  await payByCard(request, order.orderId);
  await request.dispose();
  await signInPage(page, 'finance@example.org', 'Finance2026demo');
  await page.goto(`/en-us/staff/money?q=${order.number}`);
  const voidButton = page.getByRole('button', { name: /^Void receipt R\d{4}-\d{6}$/ });
  const voided = ((await voidButton.getAttribute('aria-label')) ?? '').replace('Void receipt ', '');
  // The row's island wakes when it is seen: refunds due listed above may push it below the fold.
  await voidButton.scrollIntoViewIfNeeded();
  await voidButton.click();
  const dialog = page.getByRole('dialog');
  // The reason is required: the dialog says so and stays.
  await dialog.getByRole('button', { name: 'Void receipt' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please give the reason for voiding');
  await dialog.getByLabel('Reason for voiding').fill('Wrong payer name');
  await dialog.getByRole('button', { name: 'Void receipt' }).click();
  await expect(page.getByText('Voided: Wrong payer name')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: `Re-issue receipt ${voided}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Re-issue receipt' }).click();
  await expect(page.getByText(`Replaces voided receipt ${voided}`)).toBeVisible();
  await expect(page.getByText('Voided: Wrong payer name')).toHaveCount(0);
  await page.getByRole('link', { name: 'Verification page' }).click();
  // The public page says voided and what replaces it, never the reason finance wrote.
  await expect(page.getByRole('main')).toContainText('Voided');
  await expect(page.getByRole('main')).toContainText('Replaced by receipt');
  await expect(page.getByRole('main')).not.toContainText('Wrong payer name');
});

test('finance keeps a statement line with no order and applies it to a member’s order by its number', async ({
  page,
  browser,
}) => {
  test.slow();
  const { email, password, order, request } = await newStudentApplicant();
  await request.dispose();
  const payer = `Chen ${Math.floor(Math.random() * 1_000_000)}`;
  const file = test.info().outputPath('statement.csv');
  writeFileSync(file, ['Date,Amount,Payer account,Memo', `${today()},${order.amount},0081277777,${payer}`].join('\n'));

  await signInPage(page, 'finance@example.org', 'Finance2026demo');
  await page.goto('/en-us/staff/money/statement');
  await page.getByLabel('Bank statement file').setInputFiles(file);
  await page.getByRole('button', { name: 'Read and match' }).click();
  await expect(page.getByRole('row').filter({ hasText: payer }).first()).toContainText('No reported transfer matches');
  // The statement is kept: its line, undecided, is kept as money received with a note.
  await page.reload();
  const line = page.getByRole('row').filter({ hasText: payer });
  // Its choices wake when the row is seen (`client:visible`), as a reader scrolls to it.
  await line.scrollIntoViewIfNeeded();
  await line.getByRole('button', { name: /Keep line 2 as money received/ }).click();
  await page.getByRole('dialog').getByLabel('Note').fill('Chen says it is his entrance fee');
  await page.getByRole('dialog').getByRole('button', { name: 'Keep as not applied' }).click();
  await expect(line).toContainText('Kept: received, not applied');
  await page.reload();
  await page
    .getByRole('row')
    .filter({ hasText: payer })
    .getByRole('link', { name: 'Settle it in money not applied' })
    .click();

  // On the list of money not applied, finance types the member's order number and applies it.
  const item = page.getByRole('listitem').filter({ hasText: payer });
  await expect(item).toContainText('Received on the statement, no order');
  await expectAccessible(page);
  await item.getByLabel('Number of the order it pays').fill(order.number);
  await item.getByRole('button', { name: 'Record' }).click();
  await expect(item.getByRole('dialog')).toContainText(`to order ${order.number}`);
  await item.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(item.getByRole('status')).toHaveText(`Recorded: order ${order.number} is paid with this money.`);

  // The statement shows what became of the line, and the member's order is paid.
  await page.goto('/en-us/staff/money/statement');
  await expect(page.getByRole('row').filter({ hasText: payer })).toContainText(`Applied to order ${order.number}`);
  await expectAccessible(page);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInPage(member, email, password);
  await member.goto('/member/payment');
  const row = member.getByRole('row').filter({ hasText: order.number });
  await expect(row.getByRole('cell', { name: words.paidCell, exact: true })).toBeVisible();
  await memberContext.close();
});
