import { describe, expect, it } from 'vitest';
import { page, previewToken } from './helpers';

/** The id of the demo's class not open for joining (overseas), found through its preview page. */
async function closedClassId(): Promise<number> {
  for (let id = 1; id <= 20; id++) {
    const res = await page(`/en-us/preview/signin/${id}?token=${previewToken('signin', id)}`);
    if (res.html.includes('Overseas member')) return id;
  }
  throw new Error('no overseas class in the demo');
}

describe('the join page of a class before it opens (/preview/signin/{id})', () => {
  it('shows the class to holders of its signed link, never cached or indexed', async () => {
    const id = await closedClassId();
    const zh = await page(`/preview/signin/${id}?token=${previewToken('signin', id)}`);
    expect(zh.status).toBe(200);
    expect(zh.html).toContain('海外會員');
    expect(zh.html).toContain('尚未訂定開放日期');
    expect(zh.html).toContain('noindex');
    expect(zh.headers.get('cache-control')).toBe('no-store');
    // The class is not open: joining it is refused all the same, and the public list leaves it out.
    const classes = JSON.parse((await page('/api/amsw0401/classes')).html) as {
      data: { classList: { memberClassId: number }[] };
    };
    expect(classes.data.classList.map((c) => c.memberClassId)).not.toContain(id);
  });

  it('points to the application when the class is open already', async () => {
    const en = await page(`/en-us/preview/signin/1?token=${previewToken('signin', 1)}`);
    expect(en.status).toBe(200);
    expect(en.html).toContain('This class takes applications now.');
    expect(en.html).toContain('/en-us/signin?memberClassId=1');
  });

  it('answers the same 404 without a token, with one for another class or kind, or an expired one', async () => {
    const id = await closedClassId();
    for (const path of [
      `/preview/signin/${id}`,
      `/preview/signin/${id}?token=${previewToken('signin', id + 1)}`,
      `/preview/signin/${id}?token=${previewToken('event', id)}`,
      `/preview/signin/${id}?token=${previewToken('signin', id, -1000)}`,
      `/preview/signin/999999?token=${previewToken('signin', 999_999)}`,
    ]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.html, path).not.toContain('海外會員');
    }
    expect((await page('/preview/signin/abc')).status).toBe(404);
  });
});
