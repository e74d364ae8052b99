import { describe, expect, it } from 'vitest';
import { page, previewToken } from './helpers';
import { journals, latestIssue } from './journals-helpers';

const EXPIRED = { 'zh-tw': '預覽連結無效或已過期。', 'en-us': 'This preview link is invalid or has expired.' };

/** A paper's PDF and a journal cover (an image), looked up through the journals API. */
async function files() {
  const issue = await latestIssue();
  const [journal] = await journals();
  return { pdf: issue.paperList[0]!.pdfFileId!, image: journal!.coverFileId! };
}

describe('the file preview page /preview/file/{fileId}', () => {
  it('shows a PDF with Open and Download to the holder of a valid link, never cached nor indexed', async () => {
    const { pdf } = await files();
    const token = previewToken('file', pdf);
    const res = await page(`/en-us/preview/file/${pdf}?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain('<html lang="en-US"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(res.html).toContain('Preview: this content is not public yet');
    expect(res.html).toMatch(/<h1[^>]*>[^<]*\.pdf<\/h1>/);
    expect(res.html).toContain('application/pdf');
    expect(res.html).toMatch(new RegExp(`<a href="/api/amsw1002\\?fileId=${pdf}"[^>]*>\\s*Open\\s*</a>`));
    expect(res.html).toMatch(
      new RegExp(`<a href="/api/amsw1002\\?fileId=${pdf}"[^>]*download[^>]*>\\s*Download\\s*</a>`),
    );
    // No header navigation or footer: the complete layout.
    expect(res.html).not.toContain('id="mobile-nav"');
    expect(res.html).not.toContain('<iframe');
  });

  it('shows an image with its width and height, in Chinese by default', async () => {
    const { image } = await files();
    const res = await page(`/preview/file/${image}?token=${previewToken('file', image)}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain('<html lang="zh-Hant-TW"');
    expect(res.html).toMatch(
      new RegExp(`<img src="/api/amsw1002\\?fileId=${image}" width="800" height="500"[^>]*alt="[^"]+"`),
    );
    expect(res.html).toContain('image/svg+xml');
  });

  it.each([
    ['without a token', () => ''],
    ['with a malformed token', () => '?token=not-a-token'],
    ['with an expired token', (id: number) => `?token=${previewToken('file', id, -60_000)}`],
    ['with a token for another file', (id: number) => `?token=${previewToken('file', id + 1)}`],
    ['with a token for an article of the same id', (id: number) => `?token=${previewToken('article', id)}`],
  ])('answers 404 %s, revealing nothing about the file', async (_, query) => {
    const { pdf } = await files();
    for (const locale of ['zh-tw', 'en-us'] as const) {
      const prefix = locale === 'en-us' ? '/en-us' : '';
      const res = await page(`${prefix}/preview/file/${pdf}${query(pdf)}`);
      expect(res.status).toBe(404);
      expect(res.html).toContain(EXPIRED[locale]);
      expect(res.html).not.toContain('.pdf');
      expect(res.html).not.toContain(`fileId=${pdf}`);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers an unknown file with a valid link exactly as a bad link', async () => {
    const unknown = await page(`/en-us/preview/file/999999?token=${previewToken('file', 999999)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain(EXPIRED['en-us']);
  });

  it('answers a malformed file id as a route validation failure', async () => {
    const res = await page('/preview/file/abc?token=x');
    expect(res.status).toBe(404);
    expect(res.html).toContain('Page Not Found: /preview/file/abc');
  });
});
