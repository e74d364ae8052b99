import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { signPreviewToken } from '../../../src/server/auth/preview-tokens';
import { loadSecrets } from '../../../src/server/auth/secrets';
import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';

// A preview page answered 404 is logged by Chromium as a failed resource; only that one is allowed.
test.use({
  allowedConsoleErrors: [
    { text: /^Failed to load resource: the server responded with a status of 404\b/, url: /\/preview\/file\/\d+/ },
  ],
});

// Each journey runs once, alternating the languages: the journal and the image-link page in English,
// the calls for papers and the file preview in Chinese (the unprefixed address). The pages' other
// language is checked by the integration tests (journals-pages, preview-file).
const en = {
  lang: 'en-US',
  nav: 'E-journals',
  journal: 'Journal of Continuing Clinical Education',
  volume: /^Volume 13 \(\d{4}\)$/,
  contents: 'Contents',
  breadcrumb: 'Breadcrumb',
  original: 'Original articles',
  fullAbstract: 'Read the full abstract',
} as const;

const zh = {
  lang: 'zh-Hant-TW',
  calls: '論文徵稿',
  openCalls: '開放投稿中',
  upcoming: '即將開放',
  signIn: '登入投稿',
  open: '開啟',
  download: '下載',
  expired: '預覽連結無效或已過期。',
} as const;

async function firstPdfFileId(request: APIRequestContext): Promise<number> {
  const list = await (await request.get('/api/amsw0303')).json();
  const latest = list.data.journalList[0].latestNumber;
  const issue = await (
    await request.get(
      `/api/amsw0303/number?journalVolumeId=${latest.journalVolumeId}&journalNumberId=${latest.journalNumberId}`,
    )
  ).json();
  return issue.data.paperList[0].pdfFileId;
}

/** A preview link signed with the e2e server's own key, as `npm run preview-link` makes it. */
function previewToken(fileId: number, validMs = 3_600_000): string {
  const { signingKey } = loadSecrets({ dataDir: path.resolve(process.env.E2E_DATA_DIR!) });
  return signPreviewToken(signingKey, 'file', fileId, new Date(Date.now() + validMs));
}

test("the header leads to the journal, an issue and a paper's PDF (en-us)", async ({ page, request }) => {
  await page.goto('/en-us/');
  await page.getByRole('banner').getByRole('link', { name: en.nav, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.journal);
  await expect(page.locator('html')).toHaveAttribute('lang', en.lang);
  await expect(page).toHaveTitle(new RegExp(en.nav));
  await expect(page.getByRole('banner').getByRole('link', { name: en.nav, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const volume = page.getByRole('region', { name: en.volume });
  await expect(volume).toBeVisible();
  await expectAccessible(page);

  const issueLink = volume.getByRole('link').first();
  await issueLink.click();
  await expect(page).toHaveURL(/\/journals\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: en.contents })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: en.original })).toBeVisible();
  await expect(page.getByRole('navigation', { name: en.breadcrumb })).toContainText(en.journal);

  // The full abstract opens on demand, with the keyboard too.
  const details = page.getByRole('main').locator('details').first();
  const summary = details.locator('summary');
  await expect(summary).toHaveText(en.fullAbstract);
  await expect(details.locator('p')).toBeHidden();
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(details.locator('p')).toBeVisible();
  await expectAccessible(page);

  const pdf = page.getByRole('link', { name: /PDF/ }).first();
  const href = await pdf.getAttribute('href');
  expect(href).toMatch(/^\/api\/amsw1002\?fileId=\d+$/);
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('the calls for papers page shows the calls and how to submit (zh-tw)', async ({ page }) => {
  const response = await page.goto('/externalPost');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', zh.lang);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.calls);
  await expect(page.getByRole('heading', { level: 2, name: zh.openCalls })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: zh.upcoming })).toBeVisible();
  // Complete layout: no site navigation, but the way home and the language switch.
  await expect(page.locator('#mobile-nav')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /臺灣臨床繼續教育醫學會/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: zh.signIn })).toHaveAttribute(
    'href',
    '/login?redirect=%2FwebUser%2Fpost%2Fentrance',
  );
  await expectAccessible(page);
});

test('the image-link page lists every link of the block (en-us)', async ({ page, request }) => {
  const home = await (await request.get('/api/amsw0202', { headers: { Lang: 'en-us' } })).json();
  const part = home.data.indexPartList.find((p: { indexPartType: string }) => p.indexPartType === 'link');
  const response = await page.goto(`/en-us/imageLink/${part.indexPartId}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', en.lang);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(part.title);
  const images = page.getByRole('main').locator('li img');
  expect(await images.count()).toBeGreaterThan(0);
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute('width', /\d+/);
    await expect(image).toHaveAttribute('alt', /\S/);
  }
  await expectAccessible(page);
});

test('a file preview link shows the file; a bad one explains itself (zh-tw)', async ({ page, request }) => {
  const fileId = await firstPdfFileId(request);
  const response = await page.goto(`/preview/file/${fileId}?token=${previewToken(fileId)}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.locator('html')).toHaveAttribute('lang', zh.lang);
  await expect(page.getByRole('status')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\.pdf$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('link', { name: zh.open, exact: true })).toHaveAttribute(
    'href',
    `/api/amsw1002?fileId=${fileId}`,
  );
  await expect(page.getByRole('link', { name: zh.download, exact: true })).toBeVisible();
  await expectAccessible(page);

  const expired = await page.goto(`/preview/file/${fileId}?token=${previewToken(fileId, -60_000)}`);
  expect(expired?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.expired);
  await expect(page.getByRole('link', { name: zh.download, exact: true })).toHaveCount(0);
  await expectAccessible(page);
});
