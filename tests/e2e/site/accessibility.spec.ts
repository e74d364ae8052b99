import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';

// The site-wide public pages; each area's own specs scan its pages the same way.
const PAGES = [
  { path: '/', heading: /臺灣臨床繼續教育醫學會/ },
  { path: '/login', heading: /登入/ },
  { path: '/webUser/createAccount', heading: /註冊|建立/ },
  { path: '/organ/createAccount', heading: /註冊|建立|機構/ },
  { path: '/password/forget', heading: /密碼/ },
  { path: '/no/such/page', heading: /Page not found/ },
];

// The 404 page's own status is logged by the browser as a failed resource.
test.use({ allowedConsoleErrors: [{ text: /status of 404/, url: /\/no\/such\/page$/ }] });

for (const { path, heading } of PAGES) {
  for (const prefix of ['', '/en-us']) {
    test(`${prefix}${path} has no serious accessibility violation`, async ({ page }) => {
      await page.goto(`${prefix}${path}`);
      if (!prefix) await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
      else await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectAccessible(page);
    });
  }
}
