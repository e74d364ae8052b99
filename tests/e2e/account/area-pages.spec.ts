import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';
import { newStudentMember } from '../membership/helpers';
import { signInPage } from './helpers';

test('a result or return page reloaded without its address’s query leads to where the items are listed, saying why', async ({
  page,
}) => {
  await signInPage(page, 'member@example.org', 'Member2026demo');

  // A bookmark of a change-of-class result page, its application id lost.
  await page.goto('/member/upgradeResult');
  await expect(page).toHaveURL('/member/center?notice=noApplication');
  await expect(
    page.getByRole('status').filter({ hasText: '該網址未指明要顯示的申請案，您的申請案列於此處。' }),
  ).toBeVisible();

  // A renewal's return page from the gateway, reloaded without its order.
  await page.goto('/en-us/member/extension/return');
  await expect(page).toHaveURL('/en-us/member/payment?notice=noOrder');
  await expect(
    page.getByRole('status').filter({
      hasText: 'That address does not say which payment to show. Your orders and payments are listed here.',
    }),
  ).toBeVisible();
});

test('a web user reloading the join result and return pages is sent to their own centre and payments', async ({
  page,
}) => {
  await signInPage(page, 'webuser@example.org', 'Webuser2026demo');
  await page.goto('/en-us/signinResult');
  await expect(page).toHaveURL('/en-us/webUser/center?notice=noApplication');
  await expect(page.getByRole('status').filter({ hasText: 'Your applications are listed here.' })).toBeVisible();
  // Its application is there to open.
  await expect(page.getByRole('link', { name: /Application to join/ }).first()).toBeVisible();
  await page.goto('/signinReturn');
  await expect(page).toHaveURL('/member/payment?notice=noOrder');
  await expect(page.getByRole('status').filter({ hasText: '您的訂單與付款紀錄列於此處。' })).toBeVisible();
});

test.describe('the finance office’s queue', () => {
  // The refusal answers 403, which the browser logs.
  test.use({ allowedConsoleErrors: [{ text: /status of 403/ }] });

  test('tells an account without the finance role why it cannot open it, as the review pages do', async ({ page }) => {
    await signInPage(page, 'member@example.org', 'Member2026demo');
    const zh = await page.goto('/member/remittances');
    expect(zh!.status()).toBe(403);
    await expect(page).toHaveURL('/member/remittances');
    await expect(page.getByRole('alert')).toHaveText('此頁面僅供財務人員使用。');
    const en = await page.goto('/en-us/member/remittances');
    expect(en!.status()).toBe(403);
    await expect(page.getByRole('alert')).toHaveText('This page is for the finance office.');
    await expect(page.getByRole('heading', { name: 'Reported transfers' })).toHaveCount(0);
  });
});

test('each kind of account finds its own area named for it in the header and on the page', async ({ page }) => {
  await signInPage(page, 'organ@example.org', 'Organ2026demo', 'organ');
  await page.goto('/en-us/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Organisation area' }).first()).toHaveAttribute(
    'href',
    '/en-us/organ/center',
  );
  await expect(page.getByRole('banner').getByRole('link', { name: 'Member area' })).toHaveCount(0);

  await page.context().clearCookies();
  await signInPage(page, 'webuser@example.org', 'Webuser2026demo');
  await page.goto('/webUser/center');
  // A web user is not a member yet: "my account", and no physician's licence to follow.
  await expect(page.getByRole('heading', { level: 1, name: '個人專區' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: '個人專區' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '繼續教育積分' })).toHaveCount(0);

  // A member holding the licence and the specialist certificate follows both.
  await page.context().clearCookies();
  await signInPage(page, 'member@example.org', 'Member2026demo');
  await page.goto('/en-us/member/center');
  await expect(page.getByRole('heading', { level: 1, name: 'Member area' })).toBeVisible();
  const credits = page.getByRole('region', { name: 'Continuing education credits' });
  await expect(credits.getByRole('link')).toHaveCount(2);
});

test('a student member is not shown the physician’s licence among their credits', async ({ page }) => {
  test.slow();
  const { email, password } = await newStudentMember();
  await signInPage(page, email, password);
  await page.goto('/member/center');
  await expect(page.getByText('學生會員')).toBeVisible();
  await expect(page.getByRole('heading', { name: '繼續教育積分' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '醫師執業執照繼續教育' })).toHaveCount(0);
});

test('a paused member who has asked to resume sees the request in progress, not the offer to ask again', async ({
  page,
}) => {
  await signInPage(page, 'paused@example.org', 'Paused2026demo');
  await page.goto('/member/center');
  const inProgress = page.locator('div').filter({ has: page.getByRole('heading', { name: '處理中的申請' }) });
  await expect(inProgress.getByRole('link', { name: '會籍恢復申請' })).toBeVisible();
  await expect(page.getByRole('link', { name: '恢復會籍', exact: true })).toHaveCount(0);
});

test('a credit claim under review shows one submission date: when it was sent', async ({ page }) => {
  await signInPage(page, 'reviewer@example.org', 'Reviewer2026demo');
  await page.goto('/en-us/member/review');
  await page.getByRole('row').filter({ hasText: '院內感染管制教育訓練：手部衛生' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/en-us\/member\/creditReview\/\d+$/);
  const declare = page.getByRole('button', { name: 'I have no conflict of interest' });
  if (await declare.isVisible()) await declare.click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText('Sent');
  const sent = await page.locator('dt:text-is("Submitted") + dd').first().innerText();
  await expect(history.locator('time').first()).toHaveText(sent);
});

test('a member’s changes on a phone are links large enough to tap, in both languages', async ({ page }) => {
  test.slow();
  // The list of changes wraps on a phone; rows of 16 px links touched and failed WCAG 2.5.8 in English.
  await page.setViewportSize({ width: 390, height: 844 });
  const { email, password } = await newStudentMember();
  await signInPage(page, email, password);
  for (const address of ['/en-us/member/center', '/member/center']) {
    await page.goto(address);
    await expect(page.getByRole('navigation', { name: /Change your membership|會籍異動/ })).toBeVisible();
    await expectAccessible(page);
  }
});
