import { describe, expect, it } from 'vitest';
import { api, page } from './helpers';
import { journals, latestIssue, mainJournal } from './journals-helpers';

const LOCALES = [
  { prefix: '', lang: 'zh-Hant-TW', locale: 'zh-tw' },
  { prefix: '/zh-tw', lang: 'zh-Hant-TW', locale: 'zh-tw' },
  { prefix: '/en-us', lang: 'en-US', locale: 'en-us' },
] as const;

const TEXT = {
  'zh-tw': { eJournal: '電子期刊', journal: '臨床繼續教育期刊', contents: '目錄', calls: '論文徵稿' },
  'en-us': {
    eJournal: 'E-journals',
    journal: 'Journal of Continuing Clinical Education',
    contents: 'Contents',
    calls: 'Calls for papers',
  },
} as const;

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
/** The page's own h1 headings (the hidden maintenance screen after the page has one of its own). */
const headings = (html: string) => html.split('id="maintenance-screen"')[0]!.match(/<h1\b/g) ?? [];

describe('the journal page /journals/{journalListId}', () => {
  it.each(LOCALES)('answers $prefix/journals/{id} in its language with volumes and issue links', async (l) => {
    const journal = await mainJournal(l.locale);
    const res = await page(`${l.prefix}/journals/${journal.journalListId}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain(`<html lang="${l.lang}"`);
    expect(titleOf(res.html)).toContain(TEXT[l.locale].journal);
    expect(titleOf(res.html)).toContain(TEXT[l.locale].eJournal);
    expect(res.html).toMatch(/<h1[^>]*>[^<]*<\/h1>/);
    expect(headings(res.html)).toHaveLength(1);
    expect(res.html).toContain('ISSN 2958-4638');
    const link = l.locale === 'en-us' ? '/en-us/journals/' : '/journals/';
    for (const volume of journal.volumeList) {
      for (const issue of volume.numberList) {
        expect(res.html).toContain(`href="${link}${volume.journalVolumeId}/${issue.journalNumberId}"`);
      }
    }
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    expect(res.html).toMatch(/<meta property="og:image" content="[^"]+amsw1002\?fileId=\d+"/);
  });

  it('links to the other journal with the current one marked', async () => {
    const [first, second] = await journals('en-us');
    const { html } = await page(`/en-us/journals/${second!.journalListId}`);
    expect(html).toMatch(
      new RegExp(`href="/en-us/journals/${second!.journalListId}"[^>]*aria-current="page"[^>]*>\\s*Society Newsletter`),
    );
    expect(html).toContain(`href="/en-us/journals/${first!.journalListId}"`);
  });

  it('answers a malformed id as a route validation failure, an unknown one as not found', async () => {
    const bad = await page('/journals/abc');
    expect(bad.status).toBe(404);
    expect(bad.html).toContain('Page Not Found: /journals/abc');
    const zero = await page('/en-us/journals/0');
    expect(zero.html).toContain('Page Not Found: /en-us/journals/0');
    const unknown = await page('/journals/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Page not found: /journals/999999');
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the issue page /journals/{journalVolumeId}/{journalNumberId}', () => {
  it.each(LOCALES)('answers $prefix/journals/{v}/{n} with its table of contents', async (l) => {
    const issue = await latestIssue(l.locale);
    const res = await page(`${l.prefix}/journals/${issue.journalVolumeId}/${issue.journalNumberId}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain(`<html lang="${l.lang}"`);
    expect(titleOf(res.html)).toContain(TEXT[l.locale].eJournal);
    expect(titleOf(res.html)).toContain(TEXT[l.locale].journal);
    expect(res.html).toContain(TEXT[l.locale].contents);
    expect(headings(res.html)).toHaveLength(1);
    for (const paper of issue.paperList) {
      expect(res.html).toContain(paper.title.replace(/&/g, '&amp;').replace(/'/g, '&#39;'));
      expect(res.html).toContain(`href="https://doi.org/${paper.doi}"`);
      expect(res.html).toContain(`href="/api/amsw1002?fileId=${paper.pdfFileId}"`);
    }
    expect(res.html).toContain('<details');
    // The breadcrumb leads back to the journal.
    const journalHref = `${l.locale === 'en-us' ? '/en-us' : ''}/journals/${issue.journalListId}`;
    expect(res.html).toContain(`href="${journalHref}"`);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
  });

  it('names the sections and the previous issue in English', async () => {
    const issue = await latestIssue('en-us');
    const { html } = await page(`/en-us/journals/${issue.journalVolumeId}/${issue.journalNumberId}`);
    expect(html).toContain('Original articles');
    expect(html).toContain('Case reports');
    expect(html).toContain('Read the full abstract');
    expect(html).toContain(
      `href="/en-us/journals/${issue.previousNumber!.journalVolumeId}/${issue.previousNumber!.journalNumberId}"`,
    );
  });

  it('answers an issue of another volume, a scheduled issue and unknown ids as not found', async () => {
    const journal = await mainJournal();
    const [newer, older] = journal.volumeList;
    const wrong = `/journals/${older!.journalVolumeId}/${newer!.numberList[0]!.journalNumberId}`;
    const res = await page(wrong);
    expect(res.status).toBe(404);
    expect(res.html).toContain(`Page not found: ${wrong}`);
    // The seed adds the scheduled fourth issue right after the third of the newest volume.
    const scheduled = `/journals/${newer!.journalVolumeId}/${newer!.numberList.at(-1)!.journalNumberId + 1}`;
    expect((await page(scheduled)).html).toContain(`Page not found: ${scheduled}`);
    expect((await page('/journals/999999/999999')).html).toContain('Page not found: /journals/999999/999999');
  });

  it('answers malformed ids as a route validation failure', async () => {
    for (const path of ['/journals/abc/1', '/journals/1/abc', '/en-us/journals/1/0']) {
      const res = await page(path);
      expect(res.status).toBe(404);
      expect(res.html).toContain(`Page Not Found: ${path}`);
    }
  });
});

describe("the header's E-journals link", () => {
  it('leads to the first journal in the reader’s language', async () => {
    const [first] = await journals();
    const zh = await page('/');
    expect(zh.html).toMatch(new RegExp(`href="/journals/${first!.journalListId}"[^>]*>\\s*電子期刊\\s*<`));
    const en = await page('/en-us/');
    expect(en.html).toMatch(new RegExp(`href="/en-us/journals/${first!.journalListId}"[^>]*>\\s*E-journals\\s*<`));
  });

  it('is marked current on journal pages', async () => {
    const issue = await latestIssue();
    const { html } = await page(`/journals/${issue.journalVolumeId}/${issue.journalNumberId}`);
    expect(html).toMatch(
      new RegExp(`href="/journals/${issue.journalListId}"[^>]*aria-current="page"[^>]*>\\s*電子期刊`),
    );
  });
});

describe('the calls for papers page /externalPost', () => {
  it.each(LOCALES)('answers $prefix/externalPost with the calls and how to submit', async (l) => {
    const posts = await api<{ postList: { name: string }[] }>('/api/amsw0305', { lang: l.locale });
    const res = await page(`${l.prefix}/externalPost`);
    expect(res.status).toBe(200);
    expect(res.html).toContain(`<html lang="${l.lang}"`);
    expect(titleOf(res.html)).toContain(TEXT[l.locale].calls);
    for (const post of posts.body.data.postList) expect(res.html).toContain(post.name);
    const base = l.locale === 'en-us' ? '/en-us' : '';
    expect(res.html).toContain(`href="${base}/login?redirect=%2FwebUser%2Fpost%2Fentrance"`);
    expect(res.html).toContain(`href="${base}/webUser/createAccount"`);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
  });

  it('has its own small header (logo, name, language switch) and no site navigation', async () => {
    const { html } = await page('/en-us/externalPost');
    expect(html).toContain('Taiwan Society for Continuing Clinical Education – Home');
    expect(html).toContain('href="/zh-tw/externalPost"');
    expect(html).not.toContain('id="mobile-nav"');
    expect(html).not.toContain('<footer');
    expect(html).not.toMatch(/closed\)/);
  });
});

describe('the image-link page /imageLink/{indexPartId}', () => {
  async function linkPart(lang: 'zh-tw' | 'en-us') {
    const res = await api<{ indexPartList: { indexPartId: number; indexPartType: string; title: string }[] }>(
      '/api/amsw0202',
      { lang },
    );
    return res.body.data.indexPartList;
  }

  it.each(LOCALES)('answers $prefix/imageLink/{id} with every entry of the block', async (l) => {
    const part = (await linkPart(l.locale)).find((p) => p.indexPartType === 'link')!;
    const items = await api<{ imageLinkList: { imageFileId: number; title: string }[] }>(
      `/api/amsw0202/imageLink?indexPartId=${part.indexPartId}`,
      { lang: l.locale },
    );
    const res = await page(`${l.prefix}/imageLink/${part.indexPartId}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain(`<html lang="${l.lang}"`);
    expect(titleOf(res.html)).toContain(part.title);
    expect(res.html).toMatch(new RegExp(`<h1[^>]*>\\s*${part.title}\\s*</h1>`));
    for (const item of items.body.data.imageLinkList) {
      expect(res.html).toContain(`src="/api/amsw1002?fileId=${item.imageFileId}"`);
    }
    expect(res.html).toMatch(/<img[^>]+width="\d+"[^>]+height="\d+"[^>]+loading="lazy"/);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
  });

  it('answers a block of another type and an unknown id as not found, a malformed id as invalid', async () => {
    const card = (await linkPart('zh-tw')).find((p) => p.indexPartType === 'card')!;
    const other = await page(`/imageLink/${card.indexPartId}`);
    expect(other.status).toBe(404);
    expect(other.html).toContain(`Page not found: /imageLink/${card.indexPartId}`);
    expect((await page('/en-us/imageLink/999999')).html).toContain('Page not found: /en-us/imageLink/999999');
    const bad = await page('/en-us/imageLink/1x');
    expect(bad.status).toBe(404);
    expect(bad.html).toContain('Page Not Found: /en-us/imageLink/1x');
  });
});
