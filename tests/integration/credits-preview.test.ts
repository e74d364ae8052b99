import { describe, expect, it } from 'vitest';
import { page, previewToken } from './helpers';

/** The id of the demo's certification not published yet (the ultrasound draft), found through its preview page. */
async function draftId(): Promise<number> {
  for (let id = 1; id <= 10; id++) {
    const res = await page(`/en-us/preview/credit/${id}?token=${previewToken('credit', id)}`);
    if (res.html.includes('Abdominal ultrasound certification')) return id;
  }
  throw new Error('no draft certification in the demo');
}

describe('a certification’s page before it is published (/preview/credit/{id})', () => {
  it('shows its rules to holders of its signed link, never cached or indexed, and nowhere else', async () => {
    const id = await draftId();
    const zh = await page(`/preview/credit/${id}?token=${previewToken('credit', id)}`);
    expect(zh.status).toBe(200);
    for (const text of ['腹部超音波專科認證（新制）', '180', '此認證尚未公開，目前僅能以本連結預覽。', 'noindex'])
      expect(zh.html).toContain(text);
    expect(zh.headers.get('cache-control')).toBe('no-store');
    // Not published: the public overview and the list of certifications leave it out.
    expect((await page('/credit/overview')).html).not.toContain('腹部超音波');
    const list = JSON.parse((await page('/api/amsw0602')).html) as {
      data: { certificationList: { certificationId: number }[] };
    };
    expect(list.data.certificationList.map((c) => c.certificationId)).not.toContain(id);
  });

  it('says a published certification is on the public page', async () => {
    const en = await page(`/en-us/preview/credit/1?token=${previewToken('credit', 1)}`);
    expect(en.status).toBe(200);
    expect(en.html).toContain('This certification is published');
    expect(en.html).toContain('href="/en-us/credit/overview"');
  });

  it('answers the same 404 without a token, with one for another certification or kind, or an expired one', async () => {
    const id = await draftId();
    for (const path of [
      `/preview/credit/${id}`,
      `/preview/credit/${id}?token=${previewToken('credit', id + 1)}`,
      `/preview/credit/${id}?token=${previewToken('signin', id)}`,
      `/preview/credit/${id}?token=${previewToken('credit', id, -1000)}`,
      `/preview/credit/999999?token=${previewToken('credit', 999_999)}`,
    ]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.html, path).not.toContain('腹部超音波');
    }
    expect((await page('/preview/credit/abc')).status).toBe(404);
  });
});
