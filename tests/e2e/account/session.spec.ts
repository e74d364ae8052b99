import { expect, test } from '../fixtures';
import { expectCaptchaVerified, signUpIndividual, solvedCaptcha } from './helpers';
import { signInThroughPage } from './sign-in';

test.describe('signing in and out', () => {
  test('the demo member signs in, sees the member area, and signs out with a toast', async ({ page }) => {
    await signInThroughPage(page, 'member@example.org', 'Member2026demo');
    await expect(page).toHaveURL(/\/member\/center$/);
    await expect(page.getByRole('heading', { level: 1, name: '會員專區' })).toBeVisible();
    await expect(page.getByText('M2015-0042')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: '會員專區' }).first()).toBeVisible();
    await page.getByRole('button', { name: '登出' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('登出成功')).toBeVisible();
    await page.goto('/member/center');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmember%2Fcenter$/);
  });

  test('signs in with the keyboard alone and no puzzle: the browser check runs by itself', async ({ page }) => {
    await page.goto('/en-us/login');
    await expect(page.getByRole('status').filter({ hasText: /^(Checking this browser…|Verified)$/ })).toBeVisible();
    // Typed once the form is live (disabled until its island has hydrated), or the keys are lost.
    await expect(page.getByRole('textbox', { name: 'Account', exact: true })).toBeEnabled();
    await page.getByRole('textbox', { name: 'Account', exact: true }).focus();
    await page.keyboard.type('member@example.org');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Member2026demo');
    await page.keyboard.press('Enter');
    // The browser check may still be working when Enter is pressed (slower on a loaded machine):
    // the form waits for it, then signs in.
    await expect(page).toHaveURL(/\/en-us\/member\/center$/, { timeout: 20_000 });
  });

  test('a wrong password is announced on the form and a new captcha is solved', async ({ page }) => {
    await signInThroughPage(page, 'member@example.org', 'Wrong2026pass');
    await expect(page.getByRole('alert').filter({ hasText: '帳號或密碼錯誤' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expectCaptchaVerified(page);
    // The new one works: the right password now signs in.
    await page.locator('#field-password').fill('Member2026demo');
    await page.locator('#field-password').press('Enter');
    await expect(page).toHaveURL(/\/member\/center$/);
  });

  test('an organisation signs in in English and lands in its area', async ({ page }) => {
    await signInThroughPage(page, '04595257', 'Organ2026demo', { locale: '/en-us', organ: true });
    await expect(page).toHaveURL(/\/en-us\/organ\/center$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Organisation area' })).toBeVisible();
    await expect(page.getByText('Clinical teaching')).toBeVisible();
  });

  test('an account failing from many addresses still signs in: the page solves a harder check by itself', async ({
    page,
    request,
  }) => {
    const { email, password } = await signUpIndividual(request);
    for (let i = 0; i < 10; i++) {
      const res = await request.post('/api/amsw0101/login', {
        data: { account: email, password: `Spread${i}pass2026`, ...(await solvedCaptcha(request)) },
        headers: { 'X-Forwarded-For': `198.18.40.${i + 1}` },
      });
      expect((await res.json()).code).toBe(-10);
    }
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/amsw0102/image?level=2')) asked += 1;
    });
    await signInThroughPage(page, email, password);
    await expect(page).toHaveURL(/\/webUser\/center$/);
    expect(asked).toBe(1);
  });

  test('sign-in goes back to the page that asked for it', async ({ page }) => {
    await page.goto('/member/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmember%2Fprofile$/);
    await page.locator('#field-account').fill('member@example.org');
    await page.locator('#field-password').fill('Member2026demo');
    await page.getByRole('button', { name: '登入' }).click();
    await expect(page).toHaveURL(/\/member\/profile$/);
  });
});

test.describe('remember me', () => {
  /** A browser restart: cookies without an expiry (browser-session cookies) are gone. */
  async function restart(
    browser: import('@playwright/test').Browser,
    context: import('@playwright/test').BrowserContext,
  ) {
    const state = await context.storageState();
    return browser.newContext({ storageState: { ...state, cookies: state.cookies.filter((c) => c.expires > 0) } });
  }

  test('a remembered session survives a browser restart', async ({ page, browser, context, baseURL }) => {
    await signInThroughPage(page, 'member@example.org', 'Member2026demo', { remember: true });
    await expect(page).toHaveURL(/\/member\/center$/);
    const restarted = await restart(browser, context);
    const again = await restarted.newPage();
    await again.goto(`${baseURL}/member/center`);
    await expect(again).toHaveURL(/\/member\/center$/);
    await restarted.close();
  });

  test('a session without remember me ends with the browser', async ({ page, browser, context, baseURL }) => {
    await signInThroughPage(page, 'member@example.org', 'Member2026demo');
    await expect(page).toHaveURL(/\/member\/center$/);
    const restarted = await restart(browser, context);
    const again = await restarted.newPage();
    await again.goto(`${baseURL}/member/center`);
    await expect(again).toHaveURL(/\/login\?redirect=/);
    await restarted.close();
  });
});

test('an expired session shows the toast and lands on the sign-in page', async ({ page, context, baseURL }) => {
  await signInThroughPage(page, 'member@example.org', 'Member2026demo');
  await expect(page).toHaveURL(/\/member\/center$/);
  await page.goto('/member/edit');
  await expect(page.locator('#field-mobile')).toBeVisible();
  // The session ends on the server (expiry, or signed out elsewhere) while the page is open.
  await context.addCookies([
    { name: 'ams-session', value: 'expired-session-token-0123456789abcdefABCDEF', url: baseURL! },
  ]);
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByRole('region', { name: '通知' }).getByText('登入身份已失效，請重新登入')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a tab that shows a signed-out account goes home when it is looked at again', async ({ page, context }) => {
  await signInThroughPage(page, 'member@example.org', 'Member2026demo');
  await expect(page).toHaveURL(/\/member\/center$/);
  const other = await context.newPage();
  await other.goto('/member/center');
  await other.getByRole('button', { name: '登出' }).click();
  await expect(other).toHaveURL(/\/login$/);
  await page.bringToFront();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page).toHaveURL(/\/$/);
});

test('sign-in is blocked after repeated failures, says for how long, and works again when the block ends', async ({
  page,
  request,
  clientAddress,
}) => {
  // The e2e server runs with loginBlockMinute = 1 (playwright.config.ts), so the end comes within the test.
  test.setTimeout(120_000);
  const { email, password } = await signUpIndividual(request);
  // The failures come from the browser's own address: the block is for this account from there.
  for (let i = 0; i < 5; i++) {
    const res = await request.post('/api/amsw0101/login', {
      data: { account: email, password: `Wrong${i}pass2026`, ...(await solvedCaptcha(request)) },
      headers: { 'X-Forwarded-For': clientAddress },
    });
    expect((await res.json()).code).toBe(-10);
  }
  const lastFailure = Date.now();
  await signInThroughPage(page, email, password);
  await expect(page.getByRole('alert').filter({ hasText: '登入失敗次數過多，請於 1 分鐘後再試' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The block lasts loginBlockMinute from the failure that started it.
  await page.waitForTimeout(Math.max(0, lastFailure + 62_000 - Date.now()));
  await signInThroughPage(page, email, password);
  await expect(page).toHaveURL(/\/webUser\/center$/);
});
