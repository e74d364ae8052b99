import { expectAccessible } from '../a11y';
import { signInPage, signUpIndividual } from '../account/helpers';
import { expect, test } from '../fixtures';
import { apiContext } from '../membership/helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('a member claims points for a paper, a reviewer grants them, and they land in the ledger', async ({
  page,
  browser,
}) => {
  test.slow();
  const request = await apiContext();
  const { email, password } = await signUpIndividual(request);
  await request.dispose();

  // The claimant goes from the credits page to the claim's own page and fills it, with the paper as evidence.
  await signInPage(page, email, password);
  await page.goto('/credit/overview');
  await expect(page.getByRole('heading', { level: 1, name: '積分查詢' })).toBeVisible();
  await expect(page.getByText('您尚未申請積分認定。')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('main').getByRole('link', { name: '申請積分認定' }).click();
  await expect(page).toHaveURL(/\/credit\/claim$/);
  await expect(page.getByRole('heading', { level: 1, name: '申請積分認定' })).toBeVisible();
  await expectAccessible(page);
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: '送出申請' }) });
  await form.getByRole('button', { name: '送出申請' }).click();
  await expect(page.locator('#field-title-error')).toBeVisible();
  await form.getByLabel('證書').selectOption({ label: '醫師執業執照繼續教育' });
  await form.getByLabel('方式').selectOption('paper');
  await form.getByLabel('類別').selectOption({ label: '專業課程' });
  await form.getByLabel('論文、授課或課程名稱').fill('基層糖尿病照護品質');
  await form.getByLabel('期刊、主辦單位或地點').fill('臺灣醫學雜誌');
  await form.getByLabel('日期').fill('2026-05-01');
  await form.getByLabel('申請點數').fill('3');
  await form.getByLabel('證明文件 1').setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('已上傳：paper.pdf')).toBeVisible();
  await form.getByRole('button', { name: '送出申請' }).click();
  await expect(page).toHaveURL(/\/credit\/detail\/\d+$/);
  await expect(page.getByText('已收到您的申請，將由本會審查。')).toBeVisible();
  await expectAccessible(page);
  const claimPath = new URL(page.url()).pathname;
  const number = /A\d{4}-\d{6}/.exec(await page.locator('main').innerText())![0];

  // The reviewer grants 2 of the 3 points, in English.
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await signInPage(reviewer, 'reviewer@example.org', 'Reviewer2026demo');
  await reviewer.goto('/en-us/member/review');
  await expect(reviewer.getByText('基層糖尿病照護品質')).toBeVisible();
  await reviewer.getByRole('link', { name: number }).click();
  await expect(reviewer).toHaveURL(/\/en-us\/member\/creditReview\/\d+$/);
  await reviewer.getByRole('button', { name: 'I have no conflict of interest' }).click();
  await expect(reviewer.getByText('臺灣醫學雜誌')).toBeVisible();
  await expect(reviewer.getByRole('link', { name: /Evidence 1: paper\.pdf/ })).toBeVisible();
  await expectAccessible(reviewer);
  await reviewer.getByRole('radio', { name: /^Approve/ }).check();
  await reviewer.getByLabel('Points granted').fill('2');
  await reviewer.getByRole('button', { name: 'Record the decision' }).click();
  await reviewer.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(reviewer.getByRole('status').filter({ hasText: 'Your decision is recorded' })).toBeVisible();
  await reviewerContext.close();

  // Free for the licence: the points are in the ledger at once.
  await page.goto(`/en-us${claimPath}`);
  await expect(page.getByText('2 points were granted and recorded in your ledger.')).toBeVisible();
  await page.getByRole('link', { name: 'See where I stand' }).click();
  await expect(page.getByRole('cell', { name: /基層糖尿病照護品質/ })).toBeVisible();
});
