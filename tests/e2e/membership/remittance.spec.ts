import { expectAccessible } from '../a11y';
import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';
import { newStudentApplicant } from './helpers';

/** Today in Taipei, as a date input takes it. */
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Taipei' });

// Once, in English: the Chinese payments page, its transfer form and the finance office's queue are
// checked by the integration tests (membership-remittance).
const texts = {
  instead: 'Pay by bank transfer instead',
  account: 'Bank of Taiwan, Gongguan Branch',
  date: 'Transfer date',
  amount: 'Amount transferred (NT$)',
  last5: 'Last five digits of the paying account',
  submit: 'Report the transfer',
  fiveDigits: 'Please enter exactly five digits',
  waiting: 'It is awaiting confirmation by the finance office',
  confirm: 'Confirm',
  ok: 'OK',
  confirmed: /Confirmed: order O\d{4}-\d{6} is paid/,
  nothingDue: 'Nothing is due.',
  paid: 'Paid',
  method: 'Bank transfer',
  queue: 'Reported transfers',
  waitingLine: /Waiting for the finance office: (\d+) reported transfers/,
};

test('a member reports a bank transfer and finance confirms it (en-us)', async ({ page, browser }) => {
  test.slow();
  const { email, password, order, request } = await newStudentApplicant();
  await request.dispose();
  await signInPage(page, email, password);
  await page.goto('/en-us/member/payment');
  await page.getByText(texts.instead).click();
  await expect(page.getByText(texts.account)).toBeVisible();
  await expect(page.getByText(order.number).first()).toBeVisible();
  await expectAccessible(page);

  // Sent from the keyboard with the day missing and four characters, the form says what is wrong
  // and puts the focus on the first field.
  await page.getByLabel(texts.last5).fill('12a');
  await page.getByLabel(texts.last5).press('Enter');
  await expect(page.getByLabel(texts.date)).toBeFocused();
  await expect(page.getByText(texts.fiveDigits)).toBeVisible();
  await expect(page.getByLabel(texts.amount)).toHaveValue(String(order.amount));
  await page.getByLabel(texts.date).fill(today());
  await page.getByLabel(texts.last5).fill('24680');
  // A double click sends one report.
  const reports: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/amsw0501/remittance')) reports.push(r.url());
  });
  await page.getByRole('button', { name: texts.submit }).dblclick();
  await expect(page.getByText(texts.waiting)).toBeVisible();
  expect(reports).toHaveLength(1);
  await expectAccessible(page);

  // The finance office confirms it on its queue, in its own browser.
  const financeContext = await browser.newContext();
  const finance = await financeContext.newPage();
  await signInPage(finance, 'finance@example.org', 'Finance2026demo');
  await finance.goto('/en-us/member/remittances');
  const entry = finance.getByRole('listitem').filter({ hasText: order.number });
  await expect(entry).toContainText('24680');
  await expectAccessible(finance);
  // The counts of what waits go down as soon as it is decided, without a reload.
  const badge = finance.getByRole('heading', { name: texts.queue }).locator('.badge');
  const waiting = Number(await badge.textContent());
  expect(waiting).toBeGreaterThan(0);
  const line = finance.locator('#finance-waiting');
  await expect(line).toHaveText(texts.waitingLine);
  await entry.getByRole('button', { name: texts.confirm, exact: true }).click();
  await finance.getByRole('dialog').getByRole('button', { name: texts.ok, exact: true }).click();
  await expect(entry.getByRole('status')).toHaveText(texts.confirmed);
  await expect(badge).toHaveText(String(waiting - 1));
  expect(texts.waitingLine.exec((await line.textContent())!)![1]).toBe(String(waiting - 1));
  await financeContext.close();

  // The member's payments page shows it paid, by bank transfer.
  await page.reload();
  await expect(page.getByText(texts.nothingDue)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: order.number });
  await expect(row.getByRole('cell', { name: texts.paid, exact: true })).toBeVisible();
  await expect(row).toContainText(texts.method);
});
