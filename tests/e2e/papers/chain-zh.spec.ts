import type { Page } from '@playwright/test';
import { signInPage } from '../account/helpers';
import { newestMail } from '../account/mail';
import { expect, test } from '../fixtures';

/** A small PDF made here: a page with a line of text. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function scoreAll(page: Page, value: string) {
  const selects = page.locator('select[id^="field-scores."]');
  await expect(selects.first()).toBeVisible();
  for (const select of await selects.all()) await select.selectOption(value);
}

// The whole way of a paper in Chinese, each person in a browser of their own: the author sends it
// with its manuscript and the signed authorisation, the editor assigns a reviewer, the reviewer
// opens the mailed link without signing in and reviews, the editor accepts, and the author reads it.
test('a paper from the notice to its decision, in Chinese', async ({ page, browser }) => {
  test.slow();
  await signInPage(page, 'student@example.org', 'Student2026demo');
  await page.goto('/member/post/notice/entrance');
  const card = page.getByRole('article').filter({ hasText: '學會期刊第 13 卷投稿' });
  await card.getByRole('link', { name: '閱讀徵稿說明' }).click();
  await expect(page.getByText('審查人可見作者資料；作者不會得知審查人身分。')).toBeVisible();
  await page.getByRole('button', { name: '開始投稿' }).click();
  await expect(page).toHaveURL(/\/member\/post\/notice\/applyForm\?paperId=\d+$/);
  const paperId = new URL(page.url()).searchParams.get('paperId')!;
  const form = page.locator('form');
  await form.getByLabel('中文題目').fill('住院醫師值班時數與睡眠品質');
  await form.getByLabel('英文題目').fill('Residents’ duty hours and sleep');
  await form.getByLabel('中文摘要').fill('我們調查了住院醫師的值班時數。');
  await form.getByLabel('英文摘要').fill('We surveyed residents’ duty hours.');
  await form.getByLabel('投稿類別').selectOption({ label: '原著論文' });
  const keywords = form.getByLabel('關鍵字', { exact: true });
  await keywords.fill('睡眠');
  await keywords.press('Enter');
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/amsw0701/paper') &&
      r.request().method() === 'PUT' &&
      (r.request().postDataJSON() as { manuscriptFileId: number | null }).manuscriptFileId !== null,
  );
  await form
    .getByLabel('論文全文（PDF）')
    .setInputFiles({ name: '初稿.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByRole('progressbar', { name: '上傳進度' })).toHaveAttribute('value', '100');
  await saved;
  await form.getByRole('button', { name: '下一步：簽署授權書' }).click();
  await expect(page).toHaveURL(new RegExp(`/member/post/detail/authorization\\?paperId=${paperId}$`));
  await page.getByLabel('本人已詳閱並代表全體作者同意上述授權書內容').check();
  await page.getByLabel('請輸入您的全名作為簽名').fill('李佳蓉');
  await page.getByRole('button', { name: '簽署並送出' }).click();
  await expect(page).toHaveURL(new RegExp(`/member/post/detail/${paperId}\\?notice=paperSubmitted$`));
  const facts = page.locator('section[aria-labelledby="paper"]');
  await expect(facts.locator('.badge').first()).toHaveText('已投稿');

  // The editor assigns the member-status reviewer, who is mailed a link in Chinese.
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await signInPage(editor, 'editor@example.org', 'Editor2026demo');
  await editor.goto(`/member/paperReview/${paperId}`);
  await expect(editor.getByText('住院醫師值班時數與睡眠品質').first()).toBeVisible();
  await editor.getByRole('radio', { name: /劉家豪/ }).check();
  const since = Date.now() - 1000;
  await editor.getByRole('button', { name: '指派並寄出連結' }).click();
  await expect(editor.getByText('已指派審查人並寄出連結。')).toBeVisible();

  const mail = await newestMail('status-reviewer@example.org', { since });
  expect(mail.subject).toContain('論文審查邀請');
  const claimPath = /https?:\/\/[^\s/]+(\/\S*emailClaim\?token=[\w-]+)/.exec(mail.text ?? '')![1]!;
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await reviewer.goto(claimPath);
  await expect(reviewer.getByRole('heading', { level: 1, name: '論文審查邀請' })).toBeVisible();
  await reviewer.getByRole('radio', { name: '本人與本論文無利益衝突' }).check();
  await reviewer.getByRole('button', { name: '確認並開啟論文' }).click();
  await expect(reviewer).toHaveURL(new RegExp(`/member/paperReview/${paperId}$`));
  await expect(reviewer.getByText('您正透過寄給您的連結審查。')).toBeVisible();
  await scoreAll(reviewer, '9');
  await reviewer.getByRole('radio', { name: '接受', exact: true }).check();
  await reviewer.getByLabel('給作者的意見').fill('結果清楚，建議補充問卷回收率。');
  await reviewer.getByLabel('給主編的意見').fill('值得刊登。');
  await reviewer.getByRole('button', { name: '送交主編' }).click();
  await reviewer.getByRole('dialog').getByRole('button', { name: '送交主編' }).click();
  await expect(reviewer.getByText('您的審查意見已送交主編，謝謝您。')).toBeVisible();
  await reviewerContext.close();

  // The editor accepts.
  await editor.reload();
  await expect(editor.getByText('值得刊登。')).toBeVisible();
  await editor.getByRole('radio', { name: /^接受/ }).check();
  await editor.getByRole('button', { name: '送出決定' }).click();
  await editor.getByRole('dialog').getByRole('button', { name: '接受' }).click();
  await expect(editor.getByText('已記錄您的決定並通知作者。')).toBeVisible();
  await editorContext.close();

  // The author reads the decision, with the reviewer's comment to the authors and nothing more.
  const decided = await newestMail('student@example.org', { since, subject: '您的論文已獲接受' });
  expect(decided.text).toContain('結果清楚，建議補充問卷回收率。');
  expect(decided.text).not.toContain('值得刊登');
  expect(decided.text).not.toContain('劉家豪');
  await page.goto(`/member/post/detail/${paperId}`);
  await expect(facts.locator('.badge').first()).toHaveText('已接受');
  await expect(page.getByText('結果清楚，建議補充問卷回收率。')).toBeVisible();
  await expect(page.getByText('劉家豪')).toHaveCount(0);
  await expect(page.getByText('值得刊登。')).toHaveCount(0);
});
