import { describe, expect, it } from 'vitest';
import { page, previewToken } from './helpers';
import { draftEventId, DRAFT_TITLE, eventTitled, MALICIOUS_TITLE } from './events-fixtures';

const PREFIXES = [
  ['', 'zh-Hant-TW', '學術活動總覽'],
  ['/zh-tw', 'zh-Hant-TW', '學術活動總覽'],
  ['/en-us', 'en-US', 'Academic events overview'],
] as const;

describe('event pages', () => {
  it.each(PREFIXES)(
    'answers the list, cards, calendar and a detail at %s/… in its language, cached publicly',
    async (prefix, lang, title) => {
      const { eventId } = await eventTitled('15th General Assembly and Scientific Meeting');
      for (const path of ['/event/list', '/event/card', '/event/calendar', `/event/detail/${eventId}`]) {
        const res = await page(`${prefix}${path}`);
        expect(res.status, path).toBe(200);
        expect(res.html).toContain(`<html lang="${lang}"`);
        expect(res.html).toMatch(new RegExp(`<title>[^<]*${title}[^<]*</title>`));
        expect(res.headers.get('cache-control')).toMatch(/^public/);
      }
    },
  );

  it('shows upcoming events by default and past ones with ?when=past', async () => {
    const upcoming = await page('/en-us/event/list');
    expect(upcoming.html).toContain('15th General Assembly and Scientific Meeting');
    expect(upcoming.html).not.toContain('Critical appraisal workshop');
    const past = await page('/en-us/event/list?when=past');
    expect(past.html).toContain('Critical appraisal workshop');
    expect(past.html).not.toContain('15th General Assembly and Scientific Meeting');
  });

  it('keeps a chosen page size in its page, style and past-events links', async () => {
    const { html } = await page('/en-us/event/list?pageSize=5');
    expect(html).toContain('href="/en-us/event/list?pageSize=5&amp;page=2"');
    expect(html).toContain('href="/en-us/event/card?pageSize=5"');
    expect(html).toContain('href="/en-us/event/list?when=past&amp;pageSize=5"');
  });

  it('lists one category, finds by keyword and says when nothing matches', async () => {
    const { eventCategoryId } = await eventTitled('Writing a case report (webinar)');
    const webinars = await page(`/en-us/event/list/${eventCategoryId}`);
    expect(webinars.status).toBe(200);
    expect(webinars.html).toContain('Writing a case report (webinar)');
    expect(webinars.html).not.toContain('15th General Assembly and Scientific Meeting');
    const found = await page('/en-us/event/card?keyword=ultrasound');
    expect(found.html).toContain('Point-of-care ultrasound hands-on workshop');
    const none = await page('/en-us/event/list?keyword=zzzz-nothing');
    expect(none.html).toContain('Nothing matches. Try other keywords.');
    // In Chinese too (the browser test searches in English).
    const foundZh = await page(`/event/list?keyword=${encodeURIComponent('超音波')}`);
    expect(foundZh.html).toContain('床邊超音波實作工作坊');
    expect(foundZh.html).toMatch(/<button type="submit"[^>]*>搜尋<\/button>/);
  });

  it('shows a detail page with fees, credits, the registration button, the .ics link and og tags', async () => {
    const { eventId } = await eventTitled('15th General Assembly and Scientific Meeting');
    const { html } = await page(`/en-us/event/detail/${eventId}`);
    expect(html).toMatch(/<h1[^>]*>15th General Assembly and Scientific Meeting<\/h1>/);
    expect(html).toContain('NT$1,500');
    expect(html).toContain('Free');
    expect(html).toContain('Register');
    expect(html).toContain(`/api/amsw0302/ics?eventId=${eventId}&amp;lang=en-us`);
    expect(html).toMatch(/<meta property="og:type" content="article"/);
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/api\/amsw1002\?fileId=\d+"/);
    expect(html).toContain(
      '<meta name="description" content="A full day of keynotes, oral presentations and posters."',
    );
  });

  it('says registration is closed when it is', async () => {
    const { eventId } = await eventTitled('Point-of-care ultrasound hands-on workshop');
    const { html } = await page(`/event/detail/${eventId}`);
    expect(html).toContain('報名已截止');
    expect(html).not.toContain('data-registration="open"');
  });

  it('shows stored HTML sanitised: no script, handler or javascript: link reaches the page', async () => {
    const { eventId } = await eventTitled(MALICIOUS_TITLE);
    const { html } = await page(`/en-us/event/detail/${eventId}`);
    expect(html).toContain('Speaker: Chen Chih-ming');
    expect(html).not.toMatch(/__eventXss|onerror=|javascript:/);
  });

  it('shows a month of the calendar as a table with today marked and month links', async () => {
    const { html } = await page('/en-us/event/calendar?month=2026-11');
    expect(html).toContain('November 2026');
    expect(html).toMatch(/<table[^>]*data-calendar/);
    expect(html).toMatch(/<th[^>]*scope="col"[^>]*>Sun<\/th>/);
    expect(html).toContain('href="/en-us/event/calendar?month=2026-10"');
    expect(html).toContain('href="/en-us/event/calendar?month=2026-12"');
    const today = await page('/en-us/event/calendar');
    expect(today.html).toContain('aria-current="date"');
    // In Chinese too (the browser test moves between months in English).
    const zh = await page('/event/calendar?month=2026-11');
    expect(zh.html).toMatch(/<h1[^>]*>活動行事曆<\/h1>/);
    for (const text of ['2026年11月', '上個月', '下個月', '本月']) expect(zh.html).toContain(text);
  });
});

describe('event pages that do not exist', () => {
  it.each([
    '/event/grid',
    '/event/list/abc',
    '/event/list/1/2',
    '/event/detail/abc',
    '/event/detail/0',
    '/en-us/event/detail/1.5',
    '/event/list?page=0',
    '/event/list?pageSize=500',
    '/event/list?when=soon',
    '/event/calendar?month=2026-13',
    '/event/calendar?month=1969-12',
    '/preview/event/abc',
  ])('answers %s as a route validation failure', async (path) => {
    const res = await page(path);
    expect(res.status).toBe(404);
    expect(res.html).toContain(`Page Not Found: ${path.split('?')[0]}`);
  });

  it('answers an unknown event, an unknown category and a draft as "Page not found"', async () => {
    const draft = await draftEventId();
    for (const path of ['/event/detail/999999', '/en-us/event/list/999999', `/event/detail/${draft}`]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.html).toContain(`Page not found: ${path}`);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('event preview', () => {
  it('shows a draft with a valid token: banner, no caching, no indexing, the complete layout', async () => {
    const id = await draftEventId();
    for (const [prefix, title] of [
      ['', DRAFT_TITLE['zh-tw']],
      ['/en-us', DRAFT_TITLE['en-us']],
    ] as const) {
      const res = await page(`${prefix}/preview/event/${id}?token=${previewToken('event', id)}`);
      expect(res.status).toBe(200);
      expect(res.html).toContain(title);
      expect(res.html).toContain('role="status"');
      expect(res.html).toContain('<meta name="robots" content="noindex, nofollow"');
      expect(res.headers.get('cache-control')).toBe('no-store');
      // The complete layout has no site navigation.
      expect(res.html).not.toContain('id="mobile-nav"');
    }
  });

  it('answers the same explanatory 404 for a missing, wrong, expired or another object’s token', async () => {
    const id = await draftEventId();
    const expired = previewToken('event', id, -1000);
    const otherKind = previewToken('article', id);
    const otherId = previewToken('event', id + 1000);
    for (const query of [
      '',
      '?token=',
      '?token=abc',
      `?token=${expired}`,
      `?token=${otherKind}`,
      `?token=${otherId}`,
    ]) {
      const res = await page(`/en-us/preview/event/${id}${query}`);
      expect(res.status, query).toBe(404);
      expect(res.html).toContain('This preview link is invalid or has expired.');
      expect(res.html).not.toContain(DRAFT_TITLE['en-us']);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // An unknown event looks just the same, even with a valid token for it.
    const unknown = await page(`/en-us/preview/event/999999?token=${previewToken('event', 999999)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('This preview link is invalid or has expired.');
  });
});
