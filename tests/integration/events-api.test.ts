import { describe, expect, it } from 'vitest';
import { api, baseUrl } from './helpers';
import {
  allEvents,
  draftEventId,
  eventTitled,
  MALICIOUS_TITLE,
  type EventItem,
  type EventPage,
} from './events-fixtures';

interface Category {
  eventCategoryId: number;
  name: string;
}
interface Detail extends EventItem {
  organiser: string;
  descriptionHtml: string;
  fees: { label: string; amount: number; amountText: string }[];
  credits: { label: string; points: number }[];
  registrationUrl: string | null;
  registrationClosesAt: string | null;
  registrationOpen: boolean;
  attachments: { fileId: number; label: string; name: string; contentType: string; size: number }[];
  published: boolean;
}

const list = (query = '', lang: 'zh-tw' | 'en-us' = 'en-us') => api<EventPage>(`/api/amsw0302${query}`, { lang });

describe('GET /api/amsw0302/category', () => {
  it('lists the categories in each language, with public caching', async () => {
    const en = await api<{ eventCategoryList: Category[] }>('/api/amsw0302/category', { lang: 'en-us' });
    expect(en.body.code).toBe(0);
    expect(en.headers.get('cache-control')).toBe('public, max-age=30');
    const names = en.body.data.eventCategoryList.map((c) => c.name);
    expect(names).toEqual(['Scientific meetings', 'Workshops', 'Continuing-education courses', 'Online webinars']);
    const zh = await api<{ eventCategoryList: Category[] }>('/api/amsw0302/category', { lang: 'zh-tw' });
    expect(zh.body.data.eventCategoryList[0]!.name).toBe('學術研討會');
  });

  it('answers -4 to another method', async () => {
    const res = await api('/api/amsw0302/category', { method: 'POST' });
    expect(res.body.code).toBe(-4);
  });
});

describe('GET /api/amsw0302', () => {
  it('lists upcoming events by default: not yet ended, soonest first, a page at a time', async () => {
    const res = await list();
    expect(res.body.code).toBe(0);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    const data = res.body.data;
    expect(data.page).toBe(1);
    expect(data.pageSize).toBe(10);
    expect(data.list).toHaveLength(10);
    expect(data.totalPages).toBeGreaterThan(1);
    expect(data.totalPages).toBe(Math.ceil(data.total / 10));
    const starts = data.list.map((e) => Date.parse(e.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const e of data.list) expect(Date.parse(e.endsAt)).toBeGreaterThan(Date.now());

    const second = await list('?page=2');
    expect(second.body.data.page).toBe(2);
    const firstIds = new Set(data.list.map((e) => e.eventId));
    expect(second.body.data.list.some((e) => firstIds.has(e.eventId))).toBe(false);
    expect(Date.parse(second.body.data.list[0]!.startsAt)).toBeGreaterThanOrEqual(starts.at(-1)!);
  });

  it('lists past events latest first, over more than one page', async () => {
    const res = await list('?when=past');
    const data = res.body.data;
    expect(data.totalPages).toBeGreaterThan(1);
    for (const e of data.list) expect(Date.parse(e.endsAt)).toBeLessThanOrEqual(Date.now());
    const starts = data.list.map((e) => Date.parse(e.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
  });

  it('answers each language, summaries of at most 100 characters, covers with their size and credit totals', async () => {
    const zh = (await list('?pageSize=50', 'zh-tw')).body.data.list;
    const en = (await list('?pageSize=50', 'en-us')).body.data.list;
    expect(zh.map((e) => e.eventId)).toEqual(en.map((e) => e.eventId));
    expect(zh.some((e) => e.title === '第十五屆會員大會暨學術研討會')).toBe(true);
    expect(en.some((e) => e.title === '15th General Assembly and Scientific Meeting')).toBe(true);
    for (const e of en) {
      expect(Array.from(e.summary).length).toBeLessThanOrEqual(101);
      if (e.coverFileId) expect(e.coverWidth).toBeGreaterThan(0);
      else expect(e.coverWidth).toBeNull();
    }
    const assembly = en.find((e) => e.title.startsWith('15th General Assembly'))!;
    expect(assembly.creditsTotal).toBe(8);
    expect(assembly.categoryName).toBe('Scientific meetings');
  });

  it('keeps one category, and answers -6 for an unknown one', async () => {
    const categories = (await api<{ eventCategoryList: Category[] }>('/api/amsw0302/category')).body.data
      .eventCategoryList;
    const webinars = categories.find((c) => c.name === '線上講座')!;
    const res = await list(`?eventCategoryId=${webinars.eventCategoryId}&when=all&pageSize=50`);
    expect(res.body.data.total).toBeGreaterThan(0);
    for (const e of res.body.data.list) expect(e.eventCategoryId).toBe(webinars.eventCategoryId);
    expect((await list('?eventCategoryId=999999')).body.code).toBe(-6);
  });

  it('searches the title, summary and place in either language', async () => {
    const byPlace = await list('?when=all&pageSize=50&keyword=YouTube');
    expect(byPlace.body.data.total).toBeGreaterThan(1);
    for (const e of byPlace.body.data.list) expect(e.place).toContain('YouTube');
    // A Chinese keyword finds the event while the answer is in English.
    const zhKeyword = await list(`?when=all&keyword=${encodeURIComponent('床邊超音波')}`);
    expect(zhKeyword.body.data.list.map((e) => e.title)).toEqual(['Point-of-care ultrasound hands-on workshop']);
    const bySummary = await list(`?when=all&keyword=${encodeURIComponent('CARE guideline')}`);
    expect(bySummary.body.data.list.map((e) => e.title)).toEqual(['Writing a case report (webinar)']);
    const none = await list('?when=all&keyword=%25%25nothing%25%25');
    expect(none.body.data).toMatchObject({ list: [], total: 0, totalPages: 1 });
  });

  it.each([
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?pageSize=0', 'pageSize'],
    ['?pageSize=51', 'pageSize'],
    [`?keyword=${'x'.repeat(101)}`, 'keyword'],
    ['?when=soon', 'when'],
    ['?eventCategoryId=abc', 'eventCategoryId'],
  ])('answers -10 for %s', async (query, field) => {
    const res = await list(query);
    expect(res.body.code).toBe(-10);
    expect(res.body.data).toEqual({ fields: [field] });
  });

  it('never lists a draft', async () => {
    const id = await draftEventId();
    expect((await allEvents()).some((e) => e.eventId === id)).toBe(false);
    const search = await list(`?when=all&keyword=${encodeURIComponent('2027 Annual Congress')}`);
    expect(search.body.data.total).toBe(0);
  });

  it('answers -4 to another method', async () => {
    expect((await api('/api/amsw0302', { method: 'DELETE' })).body.code).toBe(-4);
  });
});

describe('GET /api/amsw0302/detail', () => {
  it('answers an event with fees, credits, registration, downloads and its description', async () => {
    const { eventId } = await eventTitled('15th General Assembly and Scientific Meeting');
    const res = await api<Detail>(`/api/amsw0302/detail?eventId=${eventId}`, { lang: 'en-us' });
    expect(res.body.code).toBe(0);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    const event = res.body.data;
    expect(event.organiser).toBe('Taiwan Society for Continuing Clinical Education');
    expect(event.fees).toEqual([
      { label: 'Members', amount: 0, amountText: 'Free' },
      { label: 'Non-members', amount: 1500, amountText: 'NT$1,500' },
      { label: 'Students', amount: 500, amountText: 'NT$500' },
    ]);
    expect(event.credits).toEqual([
      { label: 'Society CE credits', points: 6 },
      { label: 'Ethics and law', points: 2 },
    ]);
    expect(event.registrationUrl).toMatch(/^https:\/\/example\.org\//);
    expect(event.registrationOpen).toBe(true);
    expect(event.registrationClosesAt).toBe(event.startsAt);
    expect(event.attachments).toEqual([
      expect.objectContaining({
        label: 'Programme',
        contentType: 'application/pdf',
        name: expect.stringMatching(/\.pdf$/),
      }),
    ]);
    expect(event.descriptionHtml).toContain('<h2>Programme</h2>');
    expect(event.published).toBe(true);

    const pdf = await fetch(`${baseUrl()}/api/amsw1002?fileId=${event.attachments[0]!.fileId}`);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBe(event.attachments[0]!.size);

    const zh = await api<Detail>(`/api/amsw0302/detail?eventId=${eventId}`, { lang: 'zh-tw' });
    expect(zh.body.data.title).toBe('第十五屆會員大會暨學術研討會');
    expect(zh.body.data.fees[0]!.amountText).toBe('免費');
  });

  it('says when registration has already closed', async () => {
    const { eventId } = await eventTitled('Point-of-care ultrasound hands-on workshop');
    const event = (await api<Detail>(`/api/amsw0302/detail?eventId=${eventId}`)).body.data;
    expect(event.registrationUrl).not.toBeNull();
    expect(event.registrationOpen).toBe(false);
    expect(Date.parse(event.registrationClosesAt!)).toBeLessThan(Date.now());
  });

  it('answers the stored description sanitised: no script, event handler or javascript: link', async () => {
    const { eventId } = await eventTitled(MALICIOUS_TITLE);
    const html = (await api<Detail>(`/api/amsw0302/detail?eventId=${eventId}`, { lang: 'en-us' })).body.data
      .descriptionHtml;
    expect(html).toContain('Speaker: Chen Chih-ming');
    expect(html).not.toMatch(/<script|onerror|javascript:|__eventXss/i);
  });

  it('never offers a stored registration address that is not a web address', async () => {
    const { eventId } = await eventTitled(MALICIOUS_TITLE);
    const event = (await api<Detail>(`/api/amsw0302/detail?eventId=${eventId}`)).body.data;
    expect(event.registrationUrl).toBeNull();
    expect(event.registrationOpen).toBe(false);
  });

  it('answers -18 for an unknown event and for a draft, -2 without an id, -10 for a malformed one', async () => {
    expect((await api('/api/amsw0302/detail?eventId=999999')).body.code).toBe(-18);
    expect((await api(`/api/amsw0302/detail?eventId=${await draftEventId()}`)).body.code).toBe(-18);
    expect((await api('/api/amsw0302/detail')).body.code).toBe(-2);
    expect((await api('/api/amsw0302/detail?eventId=abc')).body.code).toBe(-10);
    expect((await api('/api/amsw0302/detail?eventId=0')).body.code).toBe(-10);
    expect((await api('/api/amsw0302/detail?eventId=1', { method: 'POST' })).body.code).toBe(-4);
  });

  it('answers the message in the Lang header’s language', async () => {
    const en = await api('/api/amsw0302/detail?eventId=999999', { lang: 'en-us' });
    const zh = await api('/api/amsw0302/detail?eventId=999999', { lang: 'zh-tw' });
    expect(en.body.message).not.toBe(zh.body.message);
  });
});

describe('GET /api/amsw0302/calendar', () => {
  const thisMonth = () => {
    const taipei = new Date(Date.now() + 8 * 3_600_000);
    return `${taipei.getUTCFullYear()}-${String(taipei.getUTCMonth() + 1).padStart(2, '0')}`;
  };

  it('lists the published events overlapping a month, each with its Taipei days', async () => {
    const month = thisMonth();
    const res = await api<{ month: string; eventList: (EventItem & { days: string[] })[] }>(
      `/api/amsw0302/calendar?month=${month}`,
      { lang: 'en-us' },
    );
    expect(res.body.code).toBe(0);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    expect(res.body.data.month).toBe(month);
    expect(res.body.data.eventList.length).toBeGreaterThan(0);
    for (const e of res.body.data.eventList) {
      expect(e.days.length).toBeGreaterThan(0);
      for (const day of e.days) expect(day.startsWith(month)).toBe(true);
    }
  });

  it('puts a multi-day event on each of its days', async () => {
    const summit = await eventTitled('Asia-Pacific Clinical Education Summit 2026');
    const start = new Date(Date.parse(summit.startsAt) + 8 * 3_600_000).toISOString();
    const res = await api<{ eventList: (EventItem & { days: string[] })[] }>(
      `/api/amsw0302/calendar?month=${start.slice(0, 7)}`,
    );
    const entry = res.body.data.eventList.find((e) => e.eventId === summit.eventId)!;
    expect(entry.days.length).toBeGreaterThanOrEqual(2);
    expect(entry.days[0]).toBe(start.slice(0, 10));
  });

  it('answers an empty month far away, and never a draft', async () => {
    const far = await api<{ eventList: unknown[] }>('/api/amsw0302/calendar?month=1975-01');
    expect(far.body).toMatchObject({ code: 0, data: { month: '1975-01', eventList: [] } });
    const draft = await draftEventId();
    for (let i = 0; i < 6; i++) {
      const taipei = new Date(Date.now() + 8 * 3_600_000);
      taipei.setUTCDate(1);
      taipei.setUTCMonth(taipei.getUTCMonth() + i);
      const month = taipei.toISOString().slice(0, 7);
      const res = await api<{ eventList: EventItem[] }>(`/api/amsw0302/calendar?month=${month}`);
      expect(res.body.data.eventList.some((e) => e.eventId === draft)).toBe(false);
    }
  });

  it.each(['2026-13', '2026-1', '26-11', '2026-11-01', '1969-12', '2101-01', 'november'])(
    'answers -5 for month=%s with a clear message',
    async (month) => {
      const res = await api(`/api/amsw0302/calendar?month=${month}`, { lang: 'en-us' });
      expect(res.body.code).toBe(-5);
      expect(res.body.data).toEqual({ fields: ['month'] });
    },
  );

  it('answers -2 without a month', async () => {
    expect((await api('/api/amsw0302/calendar')).body.code).toBe(-2);
  });
});

describe('GET /api/amsw0302/ics', () => {
  it('answers an iCalendar download of the event in UTC, with its page address', async () => {
    const event = await eventTitled('15th General Assembly and Scientific Meeting');
    const res = await fetch(`${baseUrl()}/api/amsw0302/ics?eventId=${event.eventId}&lang=en-us`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="event-${event.eventId}.ics"`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    const text = await res.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    const host = new URL(baseUrl()).hostname;
    const utc = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
    expect(unfolded).toContain(`UID:event-${event.eventId}@${host}\r\n`);
    expect(unfolded).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(unfolded).toContain(`DTSTART:${utc(event.startsAt)}\r\n`);
    expect(unfolded).toContain(`DTEND:${utc(event.endsAt)}\r\n`);
    expect(unfolded).toContain('SUMMARY:15th General Assembly and Scientific Meeting\r\n');
    expect(unfolded).toContain('LOCATION:NTUH International Convention Center\\, Room 301\r\n');
    expect(unfolded).toContain(`URL:${baseUrl()}/en-us/event/detail/${event.eventId}\r\n`);
    const description = /DESCRIPTION:(.*)\r\n/.exec(unfolded)![1]!;
    expect(description).toContain('Opening address and General Assembly');
    expect(description).not.toMatch(/<[a-z/]/i);
  });

  it('follows the Lang header, and the lang query for plain links', async () => {
    const { eventId } = await eventTitled('15th General Assembly and Scientific Meeting');
    const zh = await (await fetch(`${baseUrl()}/api/amsw0302/ics?eventId=${eventId}`)).text();
    expect(zh.replace(/\r\n /g, '')).toContain('SUMMARY:第十五屆會員大會暨學術研討會');
    const en = await (
      await fetch(`${baseUrl()}/api/amsw0302/ics?eventId=${eventId}`, { headers: { Lang: 'en-us' } })
    ).text();
    expect(en).toContain('SUMMARY:15th General Assembly');
  });

  it('writes a description with stored markup as plain text without the script', async () => {
    const { eventId } = await eventTitled(MALICIOUS_TITLE);
    const text = await (await fetch(`${baseUrl()}/api/amsw0302/ics?eventId=${eventId}&lang=en-us`)).text();
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('Speaker: Chen Chih-ming');
    expect(unfolded).not.toMatch(/__eventXss|<script|javascript:/);
  });

  it('answers the JSON envelope -18 for an unknown event and a draft, -2 and -10 for bad ids', async () => {
    expect((await api('/api/amsw0302/ics?eventId=999999')).body.code).toBe(-18);
    expect((await api(`/api/amsw0302/ics?eventId=${await draftEventId()}`)).body.code).toBe(-18);
    expect((await api('/api/amsw0302/ics')).body.code).toBe(-2);
    expect((await api('/api/amsw0302/ics?eventId=x')).body.code).toBe(-10);
    expect((await api('/api/amsw0302/ics?eventId=1&lang=fr')).body.code).toBe(-10);
    expect((await api('/api/amsw0302/ics?eventId=1', { method: 'PUT' })).body.code).toBe(-4);
  });
});
