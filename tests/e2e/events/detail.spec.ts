import { readFile } from 'node:fs/promises';
import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';
import { ASSEMBLY, eventTitled, MALICIOUS } from './data';

// Once, in Chinese (the unprefixed address): the English detail page is checked by the integration
// tests (events-pages).
const texts = {
  title: '第十五屆會員大會暨學術研討會',
  register: '報名',
  ics: '加入行事曆（.ics）',
  fee: '免費',
  programme: '大會議程',
} as const;

test('event detail (zh-tw): facts, registration, downloads and the .ics file', async ({ page, request }) => {
  const { eventId } = await eventTitled(request, ASSEMBLY);
  await page.goto(`/event/detail/${eventId}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '頁面路徑' })).toBeVisible();
  const facts = main.getByRole('complementary');
  await expect(facts.getByRole('table').first().getByRole('cell', { name: texts.fee })).toBeVisible();
  await expect(facts.getByText('NT$1,500')).toBeVisible();
  const register = facts.getByRole('link', { name: new RegExp(`^${texts.register}`) });
  await expect(register).toHaveAttribute('href', /^https:\/\/example\.org\/register\//);
  await expect(register).toHaveAttribute('target', '_blank');
  await expect(main.getByRole('link', { name: new RegExp(texts.programme) })).toHaveAttribute(
    'href',
    /\/api\/amsw1002\?fileId=\d+/,
  );
  await expect(main.locator('img').first()).toHaveAttribute('loading', 'lazy');
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await facts.getByRole('link', { name: texts.ics }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`event-${eventId}.ics`);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
  expect(text.replace(/\r\n /g, '')).toContain(`SUMMARY:${texts.title}`);
});

test('an event whose registration has closed says so, with no register button', async ({ page, request }) => {
  const { eventId } = await eventTitled(request, 'Point-of-care ultrasound hands-on workshop');
  await page.goto(`/en-us/event/detail/${eventId}`);
  const facts = page.getByRole('main').getByRole('complementary');
  await expect(facts.getByText('Registration closed')).toBeVisible();
  await expect(facts.getByRole('link', { name: /^Register/ })).toHaveCount(0);
  await expectAccessible(page);
});

test('a script in an event’s stored description never runs', async ({ page, request }) => {
  const { eventId } = await eventTitled(request, MALICIOUS);
  await page.goto(`/en-us/event/detail/${eventId}`);
  const body = page.locator('.rich-text');
  await expect(body).toContainText('Speaker: Chen Chih-ming');
  await expect(body.locator('script')).toHaveCount(0);
  await expect(body.locator('[onerror]')).toHaveCount(0);
  await expect(body.locator('a[href^="javascript:"]')).toHaveCount(0);
  // The link text stays; clicking it does nothing.
  await body.getByText('Download the handout').click();
  const ran = await page.evaluate(() => (window as unknown as { __eventXss?: boolean }).__eventXss);
  expect(ran).toBeUndefined();
  await expect(page).not.toHaveTitle('hacked');
  await expectAccessible(page);
});

test.describe('not found', () => {
  test.use({
    allowedConsoleErrors: [
      {
        text: /^Failed to load resource: the server responded with a status of 404\b/,
        url: /\/event\/detail\/999999$/,
      },
    ],
  });

  test('an unknown event is "Page not found"', async ({ page }) => {
    const response = await page.goto('/en-us/event/detail/999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found: /en-us/event/detail/999999');
  });
});
