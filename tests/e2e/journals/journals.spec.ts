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

const LOCALES = [
  {
    prefix: '',
    lang: 'zh-Hant-TW',
    nav: '電子期刊',
    journal: '臨床繼續教育期刊',
    volume: /^第 13 卷（\d{4} 年）$/,
    contents: '目錄',
    breadcrumb: '頁面路徑',
    original: '原著論文',
    fullAbstract: '閱讀完整摘要',
    calls: '論文徵稿',
    openCalls: '開放投稿中',
    upcoming: '即將開放',
    signIn: '登入投稿',
    open: '開啟',
    download: '下載',
    expired: '預覽連結無效或已過期。',
  },
  {
    prefix: '/en-us',
    lang: 'en-US',
    nav: 'E-journals',
    journal: 'Journal of Continuing Clinical Education',
    volume: /^Volume 13 \(\d{4}\)$/,
    contents: 'Contents',
    breadcrumb: 'Breadcrumb',
    original: 'Original articles',
    fullAbstract: 'Read the full abstract',
    calls: 'Calls for papers',
    openCalls: 'Open for submissions',
    upcoming: 'Opening soon',
    signIn: 'Sign in to submit',
    open: 'Open',
    download: 'Download',
    expired: 'This preview link is invalid or has expired.',
  },
] as const;

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

for (const l of LOCALES) {
  test(`${l.prefix || '/'}: the header leads to the journal, an issue and a paper's PDF`, async ({ page, request }) => {
    await page.goto(`${l.prefix}/`);
    await page.getByRole('banner').getByRole('link', { name: l.nav, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(l.journal);
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    await expect(page).toHaveTitle(new RegExp(l.nav));
    await expect(page.getByRole('banner').getByRole('link', { name: l.nav, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const volume = page.getByRole('region', { name: l.volume });
    await expect(volume).toBeVisible();
    await expectAccessible(page);

    const issueLink = volume.getByRole('link').first();
    await issueLink.click();
    await expect(page).toHaveURL(/\/journals\/\d+\/\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: l.contents })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: l.original })).toBeVisible();
    await expect(page.getByRole('navigation', { name: l.breadcrumb })).toContainText(l.journal);

    // The full abstract opens on demand, with the keyboard too.
    const details = page.locator('details').first();
    const summary = details.locator('summary');
    await expect(summary).toHaveText(l.fullAbstract);
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

  test(`${l.prefix || '/'}: the calls for papers page shows the calls and how to submit`, async ({ page }) => {
    const response = await page.goto(`${l.prefix}/externalPost`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(l.calls);
    await expect(page.getByRole('heading', { level: 2, name: l.openCalls })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: l.upcoming })).toBeVisible();
    // Complete layout: no site navigation, but the way home and the language switch.
    await expect(page.locator('#mobile-nav')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Taiwan Society|臺灣臨床繼續教育醫學會/ }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: l.signIn })).toHaveAttribute(
      'href',
      `${l.prefix}/login?redirect=%2FwebUser%2Fpost%2Fentrance`,
    );
    await expectAccessible(page);
  });

  test(`${l.prefix || '/'}: the image-link page lists every link of the block`, async ({ page, request }) => {
    const home = await (await request.get('/api/amsw0202', { headers: { Lang: l.prefix ? 'en-us' : 'zh-tw' } })).json();
    const part = home.data.indexPartList.find((p: { indexPartType: string }) => p.indexPartType === 'link');
    const response = await page.goto(`${l.prefix}/imageLink/${part.indexPartId}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(part.title);
    const images = page.getByRole('main').locator('li img');
    expect(await images.count()).toBeGreaterThan(0);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('width', /\d+/);
      await expect(image).toHaveAttribute('alt', /\S/);
    }
    await expectAccessible(page);
  });

  test(`${l.prefix || '/'}: a file preview link shows the file; a bad one explains itself`, async ({
    page,
    request,
  }) => {
    const fileId = await firstPdfFileId(request);
    const response = await page.goto(`${l.prefix}/preview/file/${fileId}?token=${previewToken(fileId)}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    await expect(page.getByRole('status')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\.pdf$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('link', { name: l.open, exact: true })).toHaveAttribute(
      'href',
      `/api/amsw1002?fileId=${fileId}`,
    );
    await expect(page.getByRole('link', { name: l.download, exact: true })).toBeVisible();
    await expectAccessible(page);

    const expired = await page.goto(`${l.prefix}/preview/file/${fileId}?token=${previewToken(fileId, -60_000)}`);
    expect(expired?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(l.expired);
    await expect(page.getByRole('link', { name: l.download, exact: true })).toHaveCount(0);
    await expectAccessible(page);
  });
}
