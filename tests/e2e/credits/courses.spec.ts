import { expectAccessible } from '../a11y';
import { post, signInPage } from '../account/helpers';
import { apiContext, signInApi, uploadDocument } from '../membership/helpers';
import { expect, test } from '../fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A Taipei day `days` from today, as a date field takes it. */
function dayAhead(days: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

test('an organisation applies for a course, a reviewer approves it with a code, and the organisation pays', async ({
  page,
  browser,
}) => {
  test.slow();
  const title = `傷口照護研習 ${Date.now()}`;
  const code = `CE-E2E-${String(Date.now()).slice(-6)}`;

  // The organisation opens the licence's course applications from its centre and applies (in Chinese).
  await signInPage(page, 'organ@example.org', 'Organ2026demo', 'organ');
  await page.goto('/organ/center');
  await page.getByRole('link', { name: /查看申請.*醫師執業執照繼續教育/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '課程認證申請' })).toBeVisible();
  await page.getByRole('link', { name: '申請課程認證' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: '申請課程認證' })).toBeVisible();
  await expect(page.getByRole('button', { name: '新增場次' })).toBeEnabled();
  // The review fee and the days it changes on are shown before anything is chosen.
  const fee = page.getByRole('region', { name: '審查費' });
  await expect(fee).toContainText('首場日期在');
  await expect(fee).toContainText('急件處理費 新臺幣 1,000 元');
  await expect(fee.getByRole('status')).toHaveText('選擇場次日期後，即顯示本課程的費用。');
  await expectAccessible(page);

  const form = page.locator('form').filter({ has: page.getByRole('button', { name: '送出申請' }) });
  // Sent empty: every missing field is named, and nothing is sent.
  await form.getByRole('button', { name: '送出申請' }).click();
  await expect(page.locator('#field-title-error')).toBeVisible();
  // The unticked declaration is asked for, not called malformed.
  await expect(page.locator('#field-declaration-error')).toHaveText('送出前請確認機構聲明');
  await form.getByLabel('課程名稱').fill(title);
  await form.getByLabel('地點').fill('仁愛綜合醫院 第三會議室');
  await form.getByLabel('對象').fill('醫師、護理師');
  const first = form.getByRole('group', { name: '第 1 場' });
  await first.getByLabel('場次主題').fill('慢性傷口評估');
  await first.getByLabel('講師').fill('陳醫師');
  // The fee follows the first day as it is chosen: urgent inside the shorter window, then on time.
  await first.getByLabel('日期').fill(dayAhead(20));
  await expect(fee.getByRole('status')).toHaveText(
    /^本課程（首場 .+）為急件：新臺幣 3,000 元（審查費 新臺幣 2,000 元 ＋ 急件處理費 新臺幣 1,000 元）。$/,
  );
  await first.getByLabel('日期').fill(dayAhead(40));
  await expect(fee.getByRole('status')).toHaveText(/^本課程（首場 .+）：新臺幣 2,000 元。$/);
  await first.getByLabel('開始').fill('09:00');
  await first.getByLabel('結束').fill('11:00');
  await first.getByLabel('申請點數').fill('2');
  await form.getByRole('button', { name: '新增場次' }).click();
  const second = form.getByRole('group', { name: '第 2 場' });
  await second.getByLabel('場次主題').fill('傷口感染管制');
  await second.getByLabel('講師').fill('林醫師');
  await second.getByLabel('開始').fill('13:00');
  await second.getByLabel('結束').fill('14:00');
  await second.getByLabel('類別').selectOption({ label: '專業品質' });
  await second.getByLabel('含感染管制課程').check();
  await second.getByLabel('申請點數').fill('1');
  await form.getByLabel('課程議程表').setInputFiles({ name: 'agenda.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('已上傳：agenda.pdf')).toBeVisible();
  await form.getByLabel('講師簡歷').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('已上傳：cv.pdf')).toBeVisible();
  await form.getByLabel('本機構已閱讀並同意機構聲明').check();
  await form.getByRole('button', { name: '送出申請' }).click();
  await expect(page).toHaveURL(/\/organ\/center\/contiEdu\/\d+\/detail\/\d+$/);
  await expect(page.getByText('已收到申請，將由本會審查。')).toBeVisible();
  await expectAccessible(page);
  const coursePath = new URL(page.url()).pathname;
  const number = /A\d{4}-\d{6}/.exec(await page.locator('main').innerText())![0];

  // The course reviewer approves it in English with a score, a code and each session's points.
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await signInPage(reviewer, 'status-reviewer@example.org', 'Status2026demo');
  await reviewer.goto('/en-us/member/review');
  await reviewer.getByRole('link', { name: number }).click();
  await expect(reviewer).toHaveURL(/\/en-us\/member\/continueEducationReview\/\d+$/);
  await reviewer.getByRole('button', { name: 'I have no conflict of interest' }).click();
  await expect(reviewer.getByText('傷口感染管制', { exact: true })).toBeVisible();
  await expect(reviewer.getByRole('link', { name: /Agenda: agenda\.pdf/ })).toBeVisible();
  await expectAccessible(reviewer);
  // What an approval needs is there with the choices, the code proposed by the society's pattern.
  await expect(reviewer.getByText('Needed to approve: what the approval grants')).toBeVisible();
  await expect(reviewer.getByLabel('Score')).toBeVisible();
  await expect(reviewer.getByLabel('Course code')).toHaveValue(/^CE-\d{4}-\d{4}$/);
  await reviewer.getByRole('radio', { name: /^Approve/ }).check();
  await reviewer.getByLabel('Score').fill('88');
  // The reviewer may give another code.
  await reviewer.getByLabel('Course code').fill(code);
  await reviewer.getByLabel('Comment to the applicant').fill('Well prepared; keep the sign-in sheets.');
  await reviewer.getByLabel('Points for “傷口感染管制”').fill('0.5');
  await reviewer.getByRole('button', { name: 'Record the decision' }).click();
  await reviewer.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(reviewer.getByRole('status').filter({ hasText: 'Your decision is recorded' })).toBeVisible();
  await reviewerContext.close();

  // The organisation sees the code and the fee, and pays by card in the simulator.
  await page.goto(coursePath);
  await expect(page.getByText(`已審查通過，課程代碼 ${code.toUpperCase()}`)).toBeVisible();
  // The reviewer's comment is on the page, not only in the history.
  await expect(page.locator('.alert', { hasText: '審查意見' })).toContainText(
    'Well prepared; keep the sign-in sheets.',
  );
  await expectAccessible(page);
  await page.getByRole('button', { name: '前往付款' }).click();
  await expect(page).toHaveURL(/\/payment\/simulator$/);
  await page.getByRole('button', { name: '信用卡付款成功', exact: true }).click();
  await expect(page).toHaveURL(/\/organ\/center\/contiEdu\/\d+\/detail\/\d+\?orderId=\d+&attempt=\w+$/);
  await expect(page.getByText(`課程已完成認證，課程代碼 ${code.toUpperCase()}。`)).toBeVisible();
  await expect(page.getByRole('cell', { name: '0.5' })).toBeVisible();
  await expectAccessible(page);
});

test('an organisation pays its course’s review fee by bank transfer and finance confirms it', async ({
  page,
  browser,
}) => {
  test.slow();
  // Set up through the API: a course sent by the organisation and approved by the course reviewer.
  await signInPage(page, 'organ@example.org', 'Organ2026demo', 'organ');
  const request = page.request;
  const licence = (await (await request.get('/api/amsw0602')).json()).data.certificationList.find(
    (c: { name: string }) => c.name === '醫師執業執照繼續教育',
  ).certificationId as number;
  const documents = [];
  for (const key of ['agenda', 'speakersCv'])
    documents.push({ key, fileId: await uploadDocument(request, `${key}.pdf`) });
  const title = `轉帳繳費課程 ${Date.now()}`;
  const course = await post<{ applicationId: number }>(request, '/api/amsw0603/course', {
    certificationId: licence,
    title,
    place: '仁愛綜合醫院 第二會議室',
    audience: '醫師',
    open: false,
    sessions: [
      {
        title: '壓力性損傷預防',
        speaker: '陳醫師',
        day: dayAhead(50),
        start: '09:00',
        end: '10:00',
        category: 'professional',
        creditClass: 'A',
        points: 1,
      },
    ],
    documents,
    declaration: true,
  });
  const reviewerContext = await apiContext();
  await signInApi(reviewerContext, 'status-reviewer@example.org', 'Status2026demo');
  const items = (await (await reviewerContext.get('/api/amsw0601/items?queue=contiEdu')).json()).data.itemList as {
    reviewId: number;
    subjectId: number;
  }[];
  const reviewId = items.find((i) => i.subjectId === course.applicationId)!.reviewId;
  await post(reviewerContext, '/api/amsw0601/declare', { reviewId, declaration: 'none' });
  await post(reviewerContext, '/api/amsw0601/decide', {
    reviewId,
    decision: 'approve',
    score: 80,
    courseCode: `CE-TR-${String(Date.now()).slice(-6)}`,
    sessionPoints: [1],
  });
  await reviewerContext.dispose();

  // The organisation reports the transfer on the course's page, in English.
  const coursePath = `/en-us/organ/center/contiEdu/${licence}/detail/${course.applicationId}`;
  await page.goto(coursePath);
  await page.getByText('Pay by bank transfer instead').click();
  await expect(page.getByText('Bank of Taiwan, Gongguan Branch')).toBeVisible();
  const number = /O\d{4}-\d{6}/.exec(await page.locator('main').innerText())![0];
  await page.getByLabel('Transfer date').fill(new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Taipei' }));
  await page.getByLabel('Last five digits of the paying account').fill('13579');
  await page.getByRole('button', { name: 'Report the transfer' }).click();
  await expect(page).toHaveURL(new RegExp(`${coursePath}$`));
  await expect(page.getByText('It is awaiting confirmation by the finance office')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  // No longer asked to pay by a date: the course's state says the transfer waits for finance.
  await expect(
    page.getByRole('status').filter({ hasText: 'Your bank transfer for the review fee is reported' }),
  ).toBeVisible();
  await expect(page.getByText(/pay the review fee by/)).toHaveCount(0);
  await expectAccessible(page);

  // Finance sees it is the organisation's and confirms it, in Chinese.
  const financeContext = await browser.newContext();
  const finance = await financeContext.newPage();
  await signInPage(finance, 'finance@example.org', 'Finance2026demo');
  await finance.goto('/member/remittances');
  const entry = finance.getByRole('listitem').filter({ hasText: number });
  await expect(entry).toContainText('機構');
  await expect(entry).toContainText('仁愛醫療財團法人仁愛綜合醫院');
  await entry.getByRole('button', { name: '確認入帳', exact: true }).click();
  await finance.getByRole('dialog').getByRole('button', { name: '確定', exact: true }).click();
  await expect(entry.getByRole('status')).toHaveText(/已確認：訂單 O\d{4}-\d{6} 已繳清/);
  await financeContext.close();

  // The course is accredited, and its receipt is there to download.
  await page.reload();
  await expect(page.getByText(/The course is accredited/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download receipt' })).toBeVisible();
});
