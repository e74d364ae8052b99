import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../a11y';
import { post, signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';
import { newStudentApplicant } from '../membership/helpers';

/**
 * On a phone (390 px) the member, organisation, review and finance tables stack each row as a
 * card: every value inside the screen's width and under its column's name; at 1280 px they are
 * ordinary tables again.
 */

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

/** The element lies within the 390 px wide viewport (nothing cut off or scrolled sideways). */
async function expectWithinWidth(element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const box = (await element.boundingBox())!;
  expect(box.x, await element.innerText()).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, await element.innerText()).toBeLessThanOrEqual(PHONE.width);
}

/** The page itself does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/**
 * Each row of the table is a card whose every cell lies within the screen and shows, above its
 * value, the name of its column as the table's header gives it; screen readers still find the
 * table's rows and column headers.
 */
async function expectStacked(table: Locator): Promise<void> {
  await expect(table.locator('tbody > tr').first()).toBeVisible();
  const headers = await table.locator('thead th').allInnerTexts();
  expect(headers.length).toBeGreaterThan(1);
  await expect(table.getByRole('columnheader')).toHaveCount(headers.length);
  const rows = table.locator('tbody > tr');
  expect(await rows.count()).toBeGreaterThan(0);
  for (const row of await rows.all()) {
    const cells = row.locator(':scope > td, :scope > th');
    await expect(cells).toHaveCount(headers.length);
    for (const [i, cell] of (await cells.all()).entries()) {
      await expectWithinWidth(cell);
      const shown = await cell.evaluate((el) => getComputedStyle(el, '::before').content);
      expect(shown).toContain(`"${headers[i]!.trim()}"`);
    }
  }
}

/** At desktop width the table is a table again: one header row in view, no name above the values. */
async function expectTableAtDesktop(page: Page, table: Locator): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(table.locator('thead th').first()).toBeVisible();
  const cell = table.locator('tbody td').first();
  expect(await cell.evaluate((el) => getComputedStyle(el).display)).toBe('table-cell');
  expect(await cell.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('none');
  await page.setViewportSize(PHONE);
}

// Each table once, alternating the languages; the tables' other language is checked by the
// integration tests (membership-payments, credits-certification, membership-review-pages,
// credits-courses, membership-remittance, papers).

test('on a phone a member’s payments show status, paid time and the receipt link under their names (zh-tw)', async ({
  page,
}) => {
  await signInPage(page, 'member@example.org', 'Member2026demo');
  const names = ['狀態', '付款時間', '收據編號'];
  await page.goto('/member/payment');
  const table = page.getByRole('table');
  await expectStacked(table);
  await expectNoSidewaysScroll(page);
  // A paid order: its status, when it was paid and its receipt's download link, all in view.
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('link') })
    .first();
  for (const name of names) await expectWithinWidth(row.locator(`[data-label="${name}"]`));
  await expect(row.locator(`[data-label="${names[0]}"]`)).toContainText('已繳費');
  await expect(row.locator(`[data-label="${names[1]}"]`)).toContainText(/\d{4}/);
  await expectWithinWidth(row.getByRole('link'));
  await expectAccessible(page);
  await expectTableAtDesktop(page, page.getByRole('table'));
});

test('on a phone the credit ledger gives the course its whole width and names each value (en-us)', async ({ page }) => {
  await signInPage(page, 'member@example.org', 'Member2026demo');
  await page.goto('/member/center');
  await page.getByRole('link', { name: '醫師執業執照繼續教育' }).click();
  await expect(page).toHaveURL(/\/member\/certification\/\d+$/);
  const path = new URL(page.url()).pathname;
  await page.goto(`/en-us${path}`);
  const table = page.getByRole('table');
  await expectStacked(table);
  await expectNoSidewaysScroll(page);
  // The course's cell spans the card, not a column a few characters wide.
  const course = table.locator('tbody td[data-label="Course or activity"]').first();
  expect((await course.boundingBox())!.width).toBeGreaterThan(PHONE.width * 0.6);
  await expectAccessible(page);
  await expectTableAtDesktop(page, page.getByRole('table'));
});

test('on a phone a reviewer’s queue shows each application’s number, due time and part as cards (zh-tw)', async ({
  page,
}) => {
  await signInPage(page, 'reviewer@example.org', 'Reviewer2026demo');
  await page.goto('/member/review');
  const tables = page.getByRole('table');
  expect(await tables.count()).toBeGreaterThan(0);
  for (const table of await tables.all()) await expectStacked(table);
  await expectNoSidewaysScroll(page);
  await expectWithinWidth(tables.first().locator('tbody td[data-label="審查期限"]').first());
  await expectWithinWidth(tables.first().locator('tbody td').first().getByRole('link'));
  await expectAccessible(page);
  await expectTableAtDesktop(page, page.getByRole('table').first());
});

test('on a phone an organisation’s course applications are cards with their state and fee (en-us)', async ({
  page,
}) => {
  // Pages scanned with axe after an organisation's sign-in: on two cores shared with the other test
  // runs, this has taken past one minute.
  test.slow();
  await signInPage(page, 'organ@example.org', 'Organ2026demo', 'organ');
  await page.goto('/organ/center');
  await page.getByRole('link', { name: /查看申請.*醫師執業執照繼續教育/ }).click();
  await expect(page).toHaveURL(/\/organ\/center\/contiEdu\/\d+$/);
  const path = new URL(page.url()).pathname;
  await page.goto(`/en-us${path}`);
  const table = page.getByRole('table');
  await expectStacked(table);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  // A course's page: its sessions stack the same way.
  await table.locator('tbody td').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/detail\/\d+$/);
  await expectStacked(page.getByRole('table').first());
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('on a phone the finance office’s transfer queue fits the screen with each value named (zh-tw)', async ({
  page,
}) => {
  // A new applicant reports a bank transfer for the joining fee: the queue has an entry.
  const { order, request } = await newStudentApplicant();
  await post(request, '/api/amsw0501/remittance', {
    orderId: order.orderId,
    transferDate: new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Taipei' }),
    amount: order.amount,
    accountLast5: '13579',
  });
  await request.dispose();
  await signInPage(page, 'finance@example.org', 'Finance2026demo');
  await page.goto('/member/remittances');
  await expectNoSidewaysScroll(page);
  const entries = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  expect(await entries.count()).toBeGreaterThan(0);
  for (const entry of await entries.all()) {
    await expectWithinWidth(entry);
    await expect(entry.getByRole('term').first()).toBeVisible();
  }
  const first = entries.first();
  await expectWithinWidth(first.getByRole('term').filter({ hasText: '應繳金額' }));
  for (const value of await first.getByRole('definition').all()) await expectWithinWidth(value);
  await expectAccessible(page);
});

test('on a phone an editor’s paper page shows its reviewers and its history as cards (en-us)', async ({ page }) => {
  await signInPage(page, 'editor@example.org', 'Editor2026demo');
  await page.goto('/en-us/member/review');
  await page.getByRole('link', { name: /^P\d{4}-0001$/ }).click();
  await expect(page).toHaveURL(/\/member\/paperReview\/\d+$/);
  const reviewers = page.getByRole('region', { name: /^Reviewers of round 1$/ }).getByRole('table');
  await expectStacked(reviewers);
  await expectStacked(page.getByRole('region', { name: /^History$/ }).getByRole('table'));
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await expectTableAtDesktop(page, page.getByRole('region', { name: /^History$/ }).getByRole('table'));
});
