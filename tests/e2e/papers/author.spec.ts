import { expectAccessible } from '../a11y';
import { post, signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';

/** A small PDF made here: a page with a line of text. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('a member submits a paper in English: the form keeps what was typed, the authorisation sends it', async ({
  page,
}) => {
  test.slow();
  await signInPage(page, 'member@example.org', 'Member2026demo');
  // How many papers the centre counts in the call before (the demo member has one under review).
  await page.goto('/en-us/member/center');
  const before = Number(
    /(\d+) papers? of mine/.exec(
      (await page.getByRole('listitem').filter({ hasText: 'Call for abstracts: 2027 annual meeting' }).textContent()) ??
        '',
    )?.[1] ?? 0,
  );

  // The entrance lists the calls; the annual meeting's is open and read from its card.
  await page.goto('/en-us/member/post/notice/entrance');
  await expect(page.getByRole('heading', { level: 1, name: 'Paper submissions' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Paper submissions' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const card = page.getByRole('article').filter({ hasText: 'Call for abstracts: 2027 annual meeting' });
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  await card.getByRole('link', { name: 'Read the call' }).click();
  await expect(page).toHaveURL(/\/en-us\/member\/post\/notice\?postId=\d+$/);
  await expect(page.getByRole('heading', { name: 'Call for abstracts: 2027 annual meeting' })).toBeVisible();
  await expect(page.getByText('The manuscript: one PDF file of at most 20 MB.')).toBeVisible();
  await expect(page.getByText(/^Blind review: reviewers are not told who the authors are/)).toBeVisible();
  await expectAccessible(page);

  // Started once, the paper's form opens with the member as its first author.
  await page.getByRole('button', { name: 'Start a paper' }).click();
  await expect(page).toHaveURL(/\/en-us\/member\/post\/notice\/applyForm\?paperId=\d+$/);
  const paperId = new URL(page.url()).searchParams.get('paperId');
  const form = page.locator('form');
  await expect(form.getByLabel('Title in Chinese')).toBeEnabled();
  await expect(page.locator('#field-authors-0-email')).toHaveValue('member@example.org');

  await form.getByLabel('Title in Chinese').fill('模擬教學對住院醫師臨床推理之影響');
  await form.getByLabel('Title in English').fill('Simulation teaching and residents’ clinical reasoning');
  await form.getByLabel('Abstract in Chinese').fill('本研究探討模擬教學。');
  await expect(page.getByText('10 of 3000 characters')).toBeVisible();
  await form.getByLabel('Abstract in English').fill('We studied simulation teaching in residency.');
  await form.getByLabel('Topic').selectOption({ label: 'Medical education' });
  const keywords = form.getByLabel('Keywords', { exact: true });
  await keywords.fill('simulation');
  await keywords.press('Enter');
  await keywords.pressSequentially('clinical reasoning,');
  const chips = form.getByRole('list', { name: 'Keywords chosen' }).getByRole('listitem');
  await expect(chips).toHaveText([/^simulation/, /^clinical reasoning/]);

  // A second author, moved to the top by keyboard: the focus stays on their button, and it is said.
  await form.getByRole('button', { name: 'Add an author' }).click();
  await expect(page.locator('#field-authors-1-nameZh')).toBeFocused();
  await page.locator('#field-authors-1-nameZh').fill('林怡君');
  await page.locator('#field-authors-1-nameEn').fill('Lin Yi-Chun');
  await page.locator('#field-authors-1-email').fill('lin@example.org');
  await page.locator('#field-authors-1-affiliation').fill('National Taiwan University Hospital');
  await form.getByRole('button', { name: 'Move up (Author 2)' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Author 2 moved to position 1')).toBeAttached();
  await expect(form.getByRole('button', { name: 'Move up (Author 1)' })).toBeFocused();
  await expect(page.locator('#field-authors-0-nameZh')).toHaveValue('林怡君');

  // The manuscript uploads with its progress shown to the end.
  const savedWithManuscript = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/amsw0701/paper') &&
      r.request().method() === 'PUT' &&
      (r.request().postDataJSON() as { manuscriptFileId: number | null }).manuscriptFileId !== null,
  );
  await form
    .getByLabel('Manuscript (PDF)')
    .setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: PDF });
  const progress = form.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('value', '100');
  await expect(form.getByText('Uploaded: paper.pdf')).toBeVisible();
  await expect(form.getByRole('link', { name: 'paper.pdf' })).toBeVisible();

  // Saved as typed: after a reload everything is there, from the server.
  await savedWithManuscript;
  await expect(page.getByText(/^Saved \d\d:\d\d$/)).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(form.getByLabel('Title in English')).toHaveValue(
    'Simulation teaching and residents’ clinical reasoning',
  );
  await expect(form.getByLabel('Abstract in Chinese')).toHaveValue('本研究探討模擬教學。');
  await expect(form.getByLabel('Topic')).toHaveValue('education');
  await expect(chips).toHaveText([/^simulation/, /^clinical reasoning/]);
  await expect(page.locator('#field-authors-0-nameZh')).toHaveValue('林怡君');
  await expect(page.locator('#field-authors-1-email')).toHaveValue('member@example.org');
  await expect(form.getByRole('link', { name: 'paper.pdf' })).toBeVisible();

  // On to the authorisation, signed and sent.
  await form.getByRole('button', { name: 'Continue to the authorisation' }).click();
  await expect(page).toHaveURL(new RegExp(`/en-us/member/post/detail/authorization\\?paperId=${paperId}$`));
  await expect(page.getByRole('heading', { name: 'The paper authorisation' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('I have read and agree to the authorisation above, on behalf of all authors').check();
  await page.getByLabel('Your full name, as your signature').fill('Chen Wei-Ting');
  await page.getByRole('button', { name: 'Sign and submit' }).click();

  await expect(page).toHaveURL(new RegExp(`/en-us/member/post/detail/${paperId}\\?notice=paperSubmitted$`));
  await expect(page.getByText('Your paper has been submitted.', { exact: false })).toBeVisible();
  const facts = page.locator('section[aria-labelledby="paper"]');
  await expect(facts.locator('.badge').first()).toHaveText('Submitted');
  await expect(facts.locator('dd.font-mono')).toHaveText(/\S+/);
  await expect(page.getByText(/^Signed by Chen Wei-Ting on /)).toBeVisible();
  const pdfLink = page.getByRole('link', { name: 'The signed authorisation (PDF)' });
  const href = await pdfLink.getAttribute('href');
  expect(href).toBe(`/api/amsw0701/authorization?paperId=${paperId}&lang=en-us`);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(page);
  // Its verification code leads to the public verification page, which knows it.
  await page.getByRole('link', { name: /^[A-Z0-9]{5}-[A-Z0-9]{5}$/ }).click();
  await expect(page.getByText('Paper authorisation', { exact: true })).toBeVisible();

  // The member's centre counts the paper in its call, and lists it there.
  await page.goto('/en-us/member/center');
  const call = page.getByRole('listitem').filter({ hasText: 'Call for abstracts: 2027 annual meeting' });
  await expect(call).toContainText(`${before + 1} papers of mine`);
  await call.getByRole('link', { name: 'Call for abstracts: 2027 annual meeting' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Simulation teaching and residents’ clinical reasoning' });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Submitted');
});

test('a web user in Chinese: an empty paper is marked field by field, then withdrawn', async ({ page }) => {
  test.slow();
  await signInPage(page, 'webuser@example.org', 'Webuser2026demo');

  await page.goto('/webUser/post/entrance');
  await expect(page.getByRole('heading', { level: 1, name: '論文投稿' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: '學會期刊第 13 卷投稿' });
  await card.getByRole('link', { name: '閱讀徵稿說明' }).click();
  await page.getByRole('button', { name: '開始投稿' }).click();
  await expect(page).toHaveURL(/\/member\/post\/notice\/applyForm\?paperId=\d+$/);
  const paperId = new URL(page.url()).searchParams.get('paperId');
  await expectAccessible(page);

  // Continued empty: the fields are marked in Chinese, the summary counts them, the first has the focus.
  await page.getByRole('button', { name: '下一步：簽署授權書' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^表單有 \d+ 個欄位需要修正$/);
  await expect(page.locator('#field-title-zh-error')).toHaveText('請填寫中文題目');
  await expect(page.locator('#field-abstract-en-error')).toHaveText('請填寫英文摘要');
  await expect(page.locator('#field-topicCode-error')).toHaveText('請填寫投稿類別');
  await expect(page.locator('#field-keywords-error')).toHaveText('請填寫關鍵字');
  await expect(page.locator('#field-manuscript-error')).toHaveText('請上傳論文全文');
  await expect(page.locator('#field-title-zh')).toBeFocused();
  await expect(page).toHaveURL(/applyForm/);

  // A field fixed goes from the marks.
  await page.getByLabel('中文題目').fill('病例報告');
  await expect(page.locator('#field-title-zh-error')).toHaveCount(0);

  // Leaving the tab saves at once, without waiting for the pause after typing.
  const hiddenSave = page.waitForRequest((r) => r.url().endsWith('/api/amsw0701/paper') && r.method() === 'PUT', {
    timeout: 1000,
  });
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect(((await hiddenSave).postDataJSON() as { title: { zh: string } }).title.zh).toBe('病例報告');
  await expect(page.getByText(/^已於 \d\d:\d\d 儲存$/)).toBeVisible();

  // Withdrawn from its page, after a confirmation with a reason.
  await page.goto(`/member/post/detail/${paperId}`);
  await expect(page.getByText('草稿', { exact: true }).first()).toBeVisible();
  const opener = page.getByRole('button', { name: '撤回論文' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: '確定撤回這篇論文？' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '保留論文' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await dialog.getByLabel('撤回原因（選填）').fill('改投其他期刊');
  await dialog.getByRole('button', { name: '撤回', exact: true }).click();
  await expect(page.locator('.badge', { hasText: '已撤回' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '撤回論文' })).toHaveCount(0);
  await expect(page.getByText('改投其他期刊')).toBeVisible();
});

test('a revision reopens only the parts the editor named, until it is sent again', async ({ page, browser }) => {
  test.slow();
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await signInPage(page, 'webuser@example.org', 'Webuser2026demo');
  // A paper sent through the API: the journal's call, complete, signed.
  const calls = (await (await page.request.get('/api/amsw0701')).json()) as {
    data: { callList: { postId: number; name: string; state: string }[] };
  };
  const call = calls.data.callList.find((c) => c.state === 'open' && c.name.includes('13'))!;
  const paper = await post<{ paperId: number; authors: unknown[] }>(page.request, '/api/amsw0701/paper', {
    postId: call.postId,
  });
  const upload = (await (
    await page.request.post('/api/amsw1001/upload', {
      headers: { Origin: origin },
      multipart: { purpose: 'paperManuscript', file: { name: 'case.pdf', mimeType: 'application/pdf', buffer: PDF } },
    })
  ).json()) as { data: { fileId: number } };
  const draft = {
    paperId: paper.paperId,
    title: { zh: '罕見病例報告', en: 'A rare case' },
    abstract: { zh: '病例摘要。', en: 'Case abstract.' },
    topicCode: 'case',
    keywords: ['case'],
    authors: [{ ...(paper.authors[0] as object), affiliation: 'Clinic' }],
    manuscriptFileId: upload.data.fileId,
  };
  const saved = await page.request.put('/api/amsw0701/paper', { headers: { Origin: origin }, data: draft });
  expect(((await saved.json()) as { code: number }).code).toBe(0);
  await post(page.request, '/api/amsw0701/submit', {
    paperId: paper.paperId,
    agree: true,
    signedName: 'Chen Chih-Ming',
    textVersion: '2026-1',
  });

  // The editor asks for a new title only.
  const editor = await browser.newPage({ baseURL: origin });
  await signInPage(editor, 'editor@example.org', 'Editor2026demo');
  await post(editor.request, '/api/amsw0801/decide', {
    paperId: paper.paperId,
    decision: 'revise',
    comment: 'Please make the title say what the case is.',
    reopened: ['title', 'keywords'],
    revisionDays: 14,
  });
  await editor.close();

  // The author's page says what was reopened and by when, and the editor's comment is in the history.
  await page.goto(`/en-us/member/post/detail/${paper.paperId}`);
  await expect(page.getByText(/^The editor reopened the title and the keywords; send the revision by /)).toBeVisible();
  await expect(page.getByText('Please make the title say what the case is.')).toBeVisible();
  await page.getByRole('link', { name: 'Revise the paper' }).click();
  const form = page.locator('form');
  await expect(form.getByLabel('Title in English')).toBeEnabled();
  await expect(form.getByLabel('Abstract in English')).toBeDisabled();
  await expect(form.getByLabel('Topic')).toBeDisabled();
  await expect(form.getByLabel('Manuscript (PDF)')).toBeDisabled();
  const savedTitle = page.waitForResponse(
    (r) => r.url().endsWith('/api/amsw0701/paper') && r.request().method() === 'PUT',
  );
  await form.getByLabel('Title in English').fill('A rare case of situs inversus');
  expect(((await (await savedTitle).json()) as { code: number }).code).toBe(0);
  await form.getByRole('button', { name: 'Send the revision' }).click();
  await expect(page).toHaveURL(new RegExp(`/en-us/member/post/detail/${paper.paperId}\\?notice=paperSubmitted$`));
  await expect(page.locator('section[aria-labelledby="paper"] .badge')).toHaveText('Resubmitted');
  await expect(page.getByRole('heading', { name: 'A rare case of situs inversus' })).toBeVisible();
});
