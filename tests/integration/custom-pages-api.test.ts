import { describe, expect, it } from 'vitest';
import { api } from './helpers';

interface CustomPage {
  slug: string;
  title: string;
  summary: string;
  contentType: string;
  content: Record<string, unknown[]>;
  links: { label: string; url: string }[];
}

const get = (slug: string, lang: 'zh-tw' | 'en-us' = 'en-us') =>
  api<CustomPage>(`/api/amsw0304?slug=${encodeURIComponent(slug)}`, { lang });

describe('GET /api/amsw0304', () => {
  it('answers a published page by its slug in the reader’s language, for a short public cache', async () => {
    const en = await get('about');
    expect(en.body.code).toBe(0);
    expect(en.headers.get('cache-control')).toBe('public, max-age=30');
    expect(en.body.data).toMatchObject({ slug: 'about', title: 'About the society', contentType: 'html' });
    expect(en.body.data.links.map((l) => l.url)).toEqual(['/about/board', '/about/history']);
    const zh = await get('about', 'zh-tw');
    expect(zh.body.data.title).toBe('學會簡介');
    const html = (zh.body.data.content.htmlList as string[]).join('');
    expect(html).toContain('<table>');
    expect(html).toMatch(/<img src="\/api\/amsw1002\?fileId=\d+" alt="[^"]+" width="1600" height="600" loading="lazy"/);
  });

  it.each([
    ['about/board', 'committee', 'committeeList'],
    ['about/history', 'timeline', 'timelineList'],
    ['membership/fees', 'tab', 'tabList'],
  ])('answers %s as %s', async (slug, type, key) => {
    const res = await get(slug);
    expect(res.body.code).toBe(0);
    expect(res.body.data.contentType).toBe(type);
    expect(res.body.data.content[key]!.length).toBeGreaterThan(0);
  });

  it('answers -6 for an unknown page and for a draft', async () => {
    expect((await get('about/nothing-here')).body.code).toBe(-6);
    expect((await get('about/charter-draft')).body.code).toBe(-6);
  });

  it('answers -2 without a slug and -10 for a malformed one', async () => {
    expect((await api('/api/amsw0304')).body).toMatchObject({ code: -2, data: { fields: ['slug'] } });
    for (const bad of ['About', '/about', 'about/', 'a//b', 'about us', '../etc/passwd', 'about_us', 'a'.repeat(201)]) {
      expect((await get(bad)).body, bad).toMatchObject({ code: -10, data: { fields: ['slug'] } });
    }
  });

  it('answers -4 to another method', async () => {
    expect((await api('/api/amsw0304?slug=about', { method: 'POST' })).body.code).toBe(-4);
  });
});
