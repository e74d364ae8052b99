import { expectAccessible } from '../a11y';
import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The Taipei day `days` from today. */
function day(days: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

test('an organisation uploads a held course’s roster and the attendee’s certificate page shows the new points', async ({
  page,
  browser,
}) => {
  test.slow();
  // The demo's course held three days ago, accredited: the organisation opens it (in Chinese).
  await signInPage(page, 'organ@example.org', 'Organ2026demo', 'organ');
  await page.goto('/organ/center');
  await page.getByRole('link', { name: /查看申請.*醫師執業執照繼續教育/ }).click();
  await page.getByRole('row').filter({ hasText: '醫療倫理與醫病溝通工作坊' }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 2, name: '出席紀錄' })).toBeVisible();
  await expect(page.getByText(/請於 .+ 前上傳出席名單及簽到表/)).toBeVisible();

  // Sent without files: both are named, nothing is sent.
  const upload = page.getByRole('button', { name: '上傳出席名單' });
  await upload.click();
  await expect(page.locator('#doc-roster-error')).toHaveText('請上傳所有必備文件');
  await expect(page.locator('#doc-signedSheet-error')).toHaveText('請上傳所有必備文件');
  await expect(page.locator('#doc-roster')).toBeFocused();

  // The demo reviewer (national ID and name) was there all day; one line matches nobody.
  const held = day(-3);
  const roster =
    '身分證字號,姓名,簽到時間,簽退時間\n' +
    `H246801307,張惠雯,${held} 08:55,${held} 15:35\n` +
    `Z123456780,王小明,${held} 09:00,${held} 12:00\n`;
  await page.getByLabel('出席名單（CSV 或 Excel）').setInputFiles({
    name: 'roster.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(roster),
  });
  await expect(page.getByText('已上傳：roster.csv')).toBeVisible();
  await page
    .getByLabel('簽到表掃描檔（PDF、JPG 或 PNG）')
    .setInputFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('已上傳：signed.pdf')).toBeVisible();
  await upload.click();
  await expect(page.getByRole('heading', { level: 3, name: '目前的名單' })).toBeVisible();
  await expect(page.getByText('共 2 行；1 位出席者獲得積分。')).toBeVisible();
  await expect(page.getByRole('cell', { name: '未能比對：請核對身分證字號與姓名' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Z12*****80' })).toBeVisible();
  await expectAccessible(page);

  // In English, the same report.
  await page.goto(`/en-us${new URL(page.url()).pathname}`);
  await expect(page.getByText('2 lines; 1 attendees earned points.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Not matched: check the national ID and the name' })).toBeVisible();

  // The attendee's licence shows both sessions among the counted points, in both languages.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInPage(member, 'reviewer@example.org', 'Reviewer2026demo');
  await member.goto('/member/center');
  await member.getByRole('link', { name: '醫師執業執照繼續教育' }).click();
  const ethics = member.getByRole('row').filter({ hasText: '醫療倫理與醫病溝通工作坊：臨床倫理案例討論' });
  await expect(ethics).toBeVisible();
  await expect(ethics.getByRole('cell', { name: '3', exact: true }).first()).toBeVisible();
  await expect(
    member.getByRole('row').filter({ hasText: '醫療倫理與醫病溝通工作坊：醫病共享決策與溝通' }),
  ).toBeVisible();
  await expectAccessible(member);
  await member.goto(`/en-us${new URL(member.url()).pathname}`);
  await expect(
    member
      .getByRole('row')
      .filter({ hasText: '醫療倫理與醫病溝通工作坊: 臨床倫理案例討論' })
      .filter({ hasText: 'Professional ethics' }),
  ).toBeVisible();
  await memberContext.close();
});

test('a member sees the accredited courses coming up and what each would add to their licence', async ({ page }) => {
  await signInPage(page, 'member@example.org', 'Member2026demo');
  await page.goto('/member/center');
  await page.getByRole('link', { name: '近期課程與活動' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '近期課程與活動' })).toBeVisible();
  const course = page.getByRole('listitem').filter({ hasText: '醫療法規與性別議題研習會' });
  await expect(course.getByText(/可為您的證書 醫執字第 0987654 號 增加 3 點/)).toBeVisible();
  await course.getByText('場次 (2)').click();
  await expect(course.getByText(/醫療法及醫師法修正重點/)).toBeVisible();
  await expectAccessible(page);
  await page.goto('/en-us/eventHorizon');
  await expect(page.getByRole('heading', { level: 2, name: 'Accredited courses' })).toBeVisible();
  await expect(page.getByText(/Would add 3 points to your certificate/)).toBeVisible();
  await expectAccessible(page);
});
