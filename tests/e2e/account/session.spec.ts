import { expect, test } from '../fixtures';
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

  test('a wrong password is announced on the form and the captcha is renewed', async ({ page }) => {
    await signInThroughPage(page, 'member@example.org', 'Wrong2026pass');
    await expect(page.getByRole('alert').filter({ hasText: '帳號或密碼錯誤' })).toBeVisible();
    await expect(page.locator('#field-captchaAnswer')).toHaveValue('');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an organisation signs in in English and lands in its area', async ({ page }) => {
    await signInThroughPage(page, '04595257', 'Organ2026demo', { locale: '/en-us', organ: true });
    await expect(page).toHaveURL(/\/en-us\/organ\/center$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Organisation area' })).toBeVisible();
    await expect(page.getByText('Clinical teaching')).toBeVisible();
  });

  test('sign-in goes back to the page that asked for it', async ({ page }) => {
    await page.goto('/member/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmember%2Fprofile$/);
    await page.locator('#field-account').fill('member@example.org');
    await page.locator('#field-password').fill('Member2026demo');
    const { answerCaptcha } = await import('./sign-in');
    await answerCaptcha(page);
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

test('sign-in is blocked after repeated failures, and says for how long', async ({ page, request }) => {
  const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  const account = `blocked.${Date.now()}@example.org`;
  for (let i = 0; i < 5; i++) {
    const captcha = await (await request.get('/api/amsw0102/image?mode=text', { headers: { Lang: 'en-us' } })).json();
    const [, a, b] = /What is (\w+) plus (\w+)\?/.exec(captcha.data.question)!;
    const answer = String(words.indexOf(a!) + words.indexOf(b!));
    const res = await request.post('/api/amsw0101/login', {
      data: { account, password: `Wrong${i}pass2026`, captchaId: captcha.data.captchaId, captchaAnswer: answer },
    });
    expect((await res.json()).code).toBe(-10);
  }
  await signInThroughPage(page, account, 'Whatever2026x');
  await expect(page.getByRole('alert').filter({ hasText: '登入失敗次數過多，請於 15 分鐘後再試' })).toBeVisible();
});
