import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';

// The site-wide public pages, each area's own specs scan its pages the same way. The home page in
// both languages, each other page once, alternating the languages; the pages' other language is
// checked by the integration tests (account-pages, signup-pages, pages).
const PAGES = [
  { path: '/', heading: /臺灣臨床繼續教育醫學會/ },
  { path: '/en-us/', heading: /Taiwan Society for Continuing Clinical Education/ },
  { path: '/en-us/login', heading: /Sign in/ },
  { path: '/webUser/createAccount', heading: /註冊|建立/ },
  { path: '/en-us/organ/createAccount', heading: /Register an organisation/ },
  { path: '/password/forget', heading: /密碼/ },
  { path: '/en-us/no/such/page', heading: /Page not found/ },
];

// The 404 page's own status is logged by the browser as a failed resource.
test.use({ allowedConsoleErrors: [{ text: /status of 404/, url: /\/no\/such\/page$/ }] });

for (const { path, heading } of PAGES) {
  test(`${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    const h1 = page.getByRole('heading', { level: 1 }).first();
    await expect(h1).toBeVisible();
    await expect(h1).toContainText(heading);
    await expectAccessible(page);
  });
}
