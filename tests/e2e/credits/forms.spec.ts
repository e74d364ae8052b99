import { expectAccessible } from '../a11y';
import { post, signInPage, signUpIndividual } from '../account/helpers';
import { expect, test } from '../fixtures';
import { apiContext, signInApi, uploadDocument } from '../membership/helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A Taipei day `days` from today, as a date field takes it. */
function day(days: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

test('the claim has its own page, and its summary counts the fields marked and goes as they are fixed', async ({
  page,
}) => {
  test.slow();
  const request = await apiContext();
  const { email, password } = await signUpIndividual(request);
  await request.dispose();
  await signInPage(page, email, password);

  // The menu, the page's title and its heading give the claim one name.
  await page.goto('/credit/claim');
  await expect(page.getByRole('heading', { level: 1, name: '申請積分認定' })).toBeVisible();
  await expect(page).toHaveTitle(/^申請積分認定/);
  await expect(page.getByRole('navigation').getByRole('link', { name: '申請積分認定' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: '送出申請' }) });
  await expect(form.getByText('以「點」為單位，最多一位小數（如 2 或 1.5），至多 100 點')).toBeVisible();

  // Sent empty: five fields are marked, and the summary says five; the empty points are missing.
  await form.getByRole('button', { name: '送出申請' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toHaveText('表單有 5 個欄位需要修正');
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(5);
  await expect(page.locator('#field-points-error')).toHaveText('請填寫申請點數');
  await expect(page.locator('#field-title')).toBeFocused();

  // Each field fixed takes one off the summary, until it goes.
  await form.getByLabel('論文、授課或課程名稱').fill('基層糖尿病照護品質');
  await expect(summary).toHaveText('表單有 4 個欄位需要修正');
  await form.getByLabel('期刊、主辦單位或地點').fill('臺灣醫學雜誌');
  await form.getByLabel('日期').fill(day(-10));
  await form.getByLabel('申請點數').fill('2');
  await expect(summary).toHaveText('表單有 1 個欄位需要修正');
  await form.getByLabel('證明文件 1').setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('已上傳：paper.pdf')).toBeVisible();
  await expect(summary).toHaveCount(0);
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expectAccessible(page);

  // Two points asked are two points.
  await form.getByRole('button', { name: '送出申請' }).click();
  await expect(page).toHaveURL(/\/credit\/detail\/\d+$/);
  await page.goto('/credit/overview');
  await expect(page.getByRole('listitem').filter({ hasText: '基層糖尿病照護品質' })).toContainText('2 點');

  // In English, the same name on the credits page, in the menu, the title and the heading.
  await page.goto('/en-us/credit/overview');
  await page.getByRole('main').getByRole('link', { name: 'Claim points' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Claim points' })).toBeVisible();
  await expect(page).toHaveTitle(/^Claim points/);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Claim points' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('button', { name: 'Send the claim' }).click();
  await expect(page.getByRole('alert')).toHaveText('5 fields need your attention');
  await expect(page.locator('#field-points-error')).toHaveText('Please fill in Points claimed');
});

test('the demo member’s lecture of two hours is claimed as two points', async ({ page }) => {
  await signInPage(page, 'member@example.org', 'Member2026demo');
  await page.goto('/credit/overview');
  await expect(page.getByRole('listitem').filter({ hasText: '院內感染管制教育訓練：手部衛生' })).toContainText('2 點');
});

test('the review decision’s summary goes once the missing comment is given', async ({ page }) => {
  test.slow();
  // A claim sent through the API by a new member.
  const member = await apiContext();
  await signUpIndividual(member).then(({ email, password }) => signInApi(member, email, password));
  const licence = (await (await member.get('/api/amsw0602')).json()).data.certificationList.find(
    (c: { name: string }) => c.name === '醫師執業執照繼續教育',
  ).certificationId as number;
  const title = `跨院病例討論會 ${Date.now()}`;
  const claim = await post<{ applicationId: number }>(member, '/api/amsw0602/claim', {
    certificationId: licence,
    method: 'lecture',
    category: 'professional',
    creditClass: 'A',
    title,
    provider: '仁愛綜合醫院',
    earnedOn: day(-5),
    points: 1,
    description: '',
    documents: [{ key: 'evidence1', fileId: await uploadDocument(member) }],
  });
  await member.dispose();

  // The reviewer returns it without a comment: the comment is marked, and the summary says so.
  await signInPage(page, 'reviewer@example.org', 'Reviewer2026demo');
  const items = (await (await page.request.get('/api/amsw0601/items?queue=credit')).json()).data.itemList as {
    reviewId: number;
    subjectId: number;
  }[];
  const reviewId = items.find((i) => i.subjectId === claim.applicationId)!.reviewId;
  await page.goto(`/en-us/member/creditReview/${reviewId}`);
  await page.getByRole('button', { name: 'I have no conflict of interest' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('radio', { name: /^Return/ }).check();
  await page.getByRole('button', { name: 'Record the decision' }).click();
  await expect(page.getByRole('alert')).toHaveText('1 field needs your attention');
  await page.getByLabel(/^Comment/).fill('Please attach the programme with your lecture on it.');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a roster field says its own types, and a refused file leaves no earlier name beside it', async ({ page }) => {
  test.slow();
  await signInPage(page, 'organ@example.org', 'Organ2026demo', 'organ');
  await page.goto('/organ/center');
  await page.getByRole('link', { name: /查看申請.*醫師執業執照繼續教育/ }).click();
  await page.getByRole('row').filter({ hasText: '醫療倫理與醫病溝通工作坊' }).getByRole('link').click();
  const roster = page.getByLabel('出席名單（CSV 或 Excel）');
  await roster.setInputFiles({
    name: 'roster.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('身分證字號,姓名,簽到時間,簽退時間\n'),
  });
  await expect(page.getByText('已上傳：roster.csv')).toBeVisible();

  // A PDF chosen instead is refused with the roster's own types, and the earlier file is gone.
  await roster.setInputFiles({ name: 'sheet.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.locator('#doc-roster-error')).toHaveText(
    '檔案格式不符，出席名單請上傳 CSV（UTF-8）或 Excel（.xlsx）檔',
  );
  await expect(page.getByText('已上傳：roster.csv')).toHaveCount(0);
  await expect(roster).toHaveValue('');

  // Sent so, both files are missing and the summary counts two; the signed sheet takes one off.
  await page.getByRole('button', { name: '上傳出席名單' }).click();
  await expect(page.getByRole('alert')).toHaveText('表單有 2 個欄位需要修正');
  await expect(page.locator('#doc-roster-error')).toHaveText('請上傳所有必備文件');
  await page
    .getByLabel('簽到表掃描檔（PDF、JPG 或 PNG）')
    .setInputFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('已上傳：signed.pdf')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('表單有 1 個欄位需要修正');

  // In English the refusal names the roster's types too.
  await page.goto(`/en-us${new URL(page.url()).pathname}`);
  await page
    .getByLabel('Roster (CSV or Excel)')
    .setInputFiles({ name: 'sheet.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.locator('#doc-roster-error')).toHaveText(
    'This kind of file is not accepted; upload the roster as CSV (UTF-8) or Excel (.xlsx)',
  );
});

test('a session asking for more points than its hours allow is marked with the rule, by the form and the server', async ({
  page,
}) => {
  test.slow();
  await signInPage(page, 'organ@example.org', 'Organ2026demo', 'organ');
  await page.goto('/organ/center');
  await page.getByRole('link', { name: /查看申請.*醫師執業執照繼續教育/ }).click();
  await page.getByRole('link', { name: '申請課程認證' }).first().click();
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: '送出申請' }) });
  // The rule is on the form.
  await expect(form.getByText(/每場次依時數每小時至多 1 點/)).toBeVisible();
  const first = form.getByRole('group', { name: '第 1 場' });
  await expect(first.getByText('以「點」為單位，最多一位小數（如 2 或 1.5）；依場次時數每小時至多 1 點')).toBeVisible();
  await first.getByLabel('日期').fill(day(40));
  await first.getByLabel('開始').fill('09:00');
  await first.getByLabel('結束').fill('11:00');
  await first.getByLabel('申請點數').fill('3');
  await form.getByRole('button', { name: '送出申請' }).click();
  await expect(page.locator('[id="field-sessions.0.points-error"]')).toHaveText(
    '本場次至多 2 點：依時數每小時至多 1 點',
  );
  await first.getByLabel('申請點數').fill('2');
  await expect(page.locator('[id="field-sessions.0.points-error"]')).toHaveCount(0);

  // The server refuses the same, naming the session's points field and the rule.
  const licence = (await (await page.request.get('/api/amsw0602')).json()).data.certificationList.find(
    (c: { name: string }) => c.name === '醫師執業執照繼續教育',
  ).certificationId as number;
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/amsw0603/course', {
    headers: { Origin: origin },
    data: {
      certificationId: licence,
      title: '傷口照護研習',
      place: '仁愛綜合醫院',
      audience: '醫師',
      open: true,
      declaration: true,
      documents: [
        { key: 'agenda', fileId: await uploadDocument(page.request, 'agenda.pdf') },
        { key: 'speakersCv', fileId: await uploadDocument(page.request, 'cv.pdf') },
      ],
      sessions: [
        {
          title: '慢性傷口評估',
          speaker: '陳醫師',
          day: day(40),
          start: '09:00',
          end: '11:00',
          category: 'professional',
          creditClass: 'A',
          points: 3,
        },
      ],
    },
  });
  const body = (await res.json()) as { code: number; data: { fields?: string[] }; message: string };
  expect(body.data.fields).toEqual(['sessions.0.points']);
  expect(body.message).toBe('課程場次申請的點數超過時數所允許：每小時最多 1 點');
});
