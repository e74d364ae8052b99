import type { Page } from '@playwright/test';
import { expectAccessible } from '../a11y';
import { signInPage } from '../account/helpers';
import { newestMail } from '../account/mail';
import { expect, test } from '../fixtures';

/** The address of the review link in a mail, in `locale` (the mail speaks the reviewer's language). */
function linkIn(text: string, locale: '' | '/en-us'): string {
  const found = /https?:\/\/[^\s/]+(\/\S*emailClaim\?token=[\w-]+)/.exec(text)?.[1];
  if (!found) throw new Error(`No review link in the mail:\n${text}`);
  return locale + found.replace(/^\/(zh-tw|en-us)(?=\/)/, '');
}

/** Every score of the report form set to `value`. */
async function scoreAll(page: Page, value: string) {
  const selects = page.locator('select[id^="field-scores."]');
  await expect(selects.first()).toBeVisible();
  for (const select of await selects.all()) await select.selectOption(value);
}

test('the editor assigns a reviewer by mail, the reviewer reviews through the link, the editor asks for a revision (en)', async ({
  page,
  browser,
}) => {
  test.slow();
  await signInPage(page, 'editor@example.org', 'Editor2026demo');
  await page.goto('/en-us/member/review');
  await expect(page.getByRole('heading', { level: 2, name: 'Papers' })).toBeVisible();
  const link = page.getByRole('link', { name: /^P\d{4}-0002$/ });
  const number = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/en-us\/member\/paperReview\/\d+$/);
  const paperPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 2, name: 'Improving diabetes care in rural clinics' })).toBeVisible();
  await expect(page.getByText('Chen Yi-Chun')).toBeVisible();
  await expect(page.getByText('No reviewer is assigned to this round yet.')).toBeVisible();
  await expectAccessible(page);

  // Assigning asks for a reviewer first.
  await page.getByRole('button', { name: 'Assign and mail the link' }).click();
  await expect(page.getByText('Please choose a reviewer').first()).toBeVisible();
  await page.getByRole('radio', { name: /Chang Hui-Wen/ }).check();
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Due date').fill(due);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Assign and mail the link' }).click();
  await expect(page.getByText('The reviewer is assigned and has been mailed their link.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Chang Hui-Wen' })).toBeVisible();
  await expect(page.getByText('Waiting for the declaration')).toBeVisible();

  // The reviewer opens the mailed link in a browser of their own, without signing in.
  const mail = await newestMail('reviewer@example.org', { since });
  const claimPath = linkIn(mail.text ?? '', '/en-us');
  const reviewer = await browser.newContext();
  const other = await reviewer.newPage();
  const response = await other.goto(claimPath);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(other.getByRole('heading', { level: 1, name: 'Review invitation' })).toBeVisible();
  await expect(other.getByText('Improving diabetes care in rural clinics')).toBeVisible();
  await expect(other.getByText(number)).toBeVisible();
  await expect(other.getByText('Chen Yi-Chun')).toHaveCount(0);
  expect(await other.content()).not.toContain(claimPath.split('token=')[1]!);
  await expectAccessible(other);
  // The language switch keeps the link (the browser adds it: the page's markup never holds it).
  await other.getByRole('link', { name: /繁體中文/ }).click();
  await expect(other.getByRole('heading', { level: 1, name: '論文審查邀請' })).toBeVisible();
  await other.getByRole('link', { name: /English/ }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Review invitation' })).toBeVisible();
  await other.getByRole('radio', { name: 'I have no conflict of interest with this paper' }).check();
  await other.getByRole('button', { name: 'Confirm and open the paper' }).click();
  await expect(other).toHaveURL(new RegExp(`${paperPath}$`));
  await expect(other.getByText('You are reviewing through the link mailed to you.')).toBeVisible();
  await expect(other.getByRole('link', { name: /Manuscript, round 1/ })).toBeVisible();

  // Sending needs every score, a recommendation and comments to the authors.
  await other.getByRole('button', { name: 'Send to the editor' }).click();
  await expect(other.getByText('Please write your comments to the authors')).toBeVisible();
  await scoreAll(other, '8');
  await other.getByRole('radio', { name: 'Accept after minor revision' }).check();
  await other.getByLabel('Comments to the authors').fill('Please report the clinics’ baseline more fully.');
  await other.getByLabel('Comments to the editor').fill('A sound small study.');
  await expectAccessible(other);
  await other.getByRole('button', { name: 'Send to the editor' }).click();
  const confirm = other.getByRole('dialog');
  await expect(confirm).toContainText('It cannot be changed after.');
  await confirm.getByRole('button', { name: 'Send to the editor' }).click();
  await expect(other.getByText('Your report has been sent to the editor. Thank you.')).toBeVisible();
  await expect(other.getByText('Please report the clinics’ baseline more fully.')).toBeVisible();

  // The link works once.
  await other.goto(claimPath);
  await expect(other.getByRole('heading', { level: 1, name: 'This link has been used' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Sign in to continue' })).toHaveAttribute(
    'href',
    `/en-us/login?redirect=${encodeURIComponent(paperPath)}`,
  );
  await reviewer.close();

  // The editor reads the report and asks for a revision of the abstract.
  await page.goto(paperPath);
  const report = page.getByRole('article', { name: 'Chang Hui-Wen' });
  await expect(report).toContainText('16 / 20');
  await expect(report).toContainText('Accept after minor revision');
  await expect(report).toContainText('A sound small study.');
  await expect(page.getByText('Report sent')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: /^Ask for a revision/ }).check();
  await page.getByRole('button', { name: 'Record the decision' }).click();
  await expect(page.getByText('Please choose what the author may change').first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Abstract' }).check();
  await page.getByLabel('Comment to the authors').fill('Please describe the clinics before the reminders.');
  await page.getByRole('button', { name: 'Record the decision' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ask for a revision' }).click();
  await expect(page.getByText('Your decision is recorded and the authors have been told.')).toBeVisible();
  await expect(page.locator('#paper-title').locator('..')).toContainText('Revision requested');
  await expect(page.getByText('Please describe the clinics before the reminders.').first()).toBeVisible();

  // The decision reaches the author: by mail in their language, and on their paper's page, with
  // the reviewer's comments to the authors and never the reviewer or their note to the editor.
  const decided = await newestMail('webuser@example.org', { since, subject: '您的論文需要修改' });
  expect(decided.text).toContain('Please report the clinics’ baseline more fully.');
  expect(decided.text).not.toContain('Chang Hui-Wen');
  expect(decided.text).not.toContain('A sound small study.');
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  await signInPage(author, 'webuser@example.org', 'Webuser2026demo');
  await author.goto(`/en-us/member/post/detail/${paperPath.split('/').pop()}`);
  await expect(author.getByText('Revision requested').first()).toBeVisible();
  await expect(author.getByText('Please report the clinics’ baseline more fully.')).toBeVisible();
  await expect(author.getByText('Please describe the clinics before the reminders.').first()).toBeVisible();
  await expect(author.getByText('Chang Hui-Wen')).toHaveCount(0);
  await expect(author.getByText('A sound small study.')).toHaveCount(0);
  await authorContext.close();
});

test('a signed-in reviewer opens a paper from the desk, declares and keeps a draft report (zh-tw)', async ({
  page,
}) => {
  await signInPage(page, 'reviewer@example.org', 'Reviewer2026demo');
  await page.goto('/member/review');
  await page.getByRole('link', { name: /^P\d{4}-0001$/ }).click();
  await expect(page).toHaveURL(/\/member\/paperReview\/\d+$/);
  await expect(page.getByText('作者已隱藏：匿名審查')).toBeVisible();
  await expect(page.getByText('王小明')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '摘要', exact: true })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: '本人與本論文無利益衝突' }).click();
  await expect(page.getByText('謝謝您，論文內容如下。')).toBeVisible();
  await expect(page.getByRole('heading', { name: '摘要', exact: true })).toBeVisible();
  await scoreAll(page, '4');
  await page.getByRole('radio', { name: '小幅修改後接受' }).check();
  await page.getByLabel('給作者的意見').fill('評分者訓練的方式請再說明。');
  await page.getByRole('button', { name: '儲存草稿' }).click();
  await expect(page.getByText(/草稿已於 .+ 儲存/)).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByLabel('給作者的意見')).toHaveValue('評分者訓練的方式請再說明。');
  await expect(page.getByRole('radio', { name: '小幅修改後接受' })).toBeChecked();
  await expect(page.locator('select[id^="field-scores."]').first()).toHaveValue('4');
});

test.describe('who may read a paper', () => {
  // The refusals answer 401, 403 and 404, which the browser reports on its console.
  test.use({ allowedConsoleErrors: [{ text: /status of 40[134]/, url: /\/member\/paperReview\/\d+$/ }] });

  test('the review page tells a stranger how in, and a reader who may not see a paper why', async ({ page }) => {
    // No login step (the mailed link opens it): a stranger is told how in, and nothing of the paper.
    const stranger = await page.goto('/en-us/member/paperReview/1');
    expect(stranger?.status()).toBe(401);
    await expect(page.getByRole('alert')).toHaveText(
      'This page opens with the review link mailed to you; reviewers and editors can also sign in to see it.',
    );
    await expect(page.getByRole('link', { name: 'Sign in', exact: true }).last()).toHaveAttribute(
      'href',
      '/en-us/login?redirect=%2Fen-us%2Fmember%2FpaperReview%2F1',
    );

    await signInPage(page, 'status-reviewer@example.org', 'Status2026demo');
    const refused = await page.goto('/en-us/member/paperReview/1');
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole('alert')).toHaveText('This paper is not assigned to you for review.');
    const unknown = await page.goto('/member/paperReview/999999');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText('查無此待審論文。');

    // An author never reviews their own paper.
    await signInPage(page, 'member@example.org', 'Member2026demo');
    const own = await page.goto('/en-us/member/paperReview/1');
    expect(own?.status()).toBe(403);
    await expect(page.getByRole('alert')).toHaveText('This is your own application: another reviewer decides it.');
  });
});
