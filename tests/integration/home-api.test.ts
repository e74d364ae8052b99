import { describe, expect, it } from 'vitest';
import { api } from './helpers';

interface Part {
  indexPartId: number;
  indexPartType: string;
  title: string;
  newsList?: { articleId: number; title: string; summary: string; publishedAt: string; pinned: boolean }[];
  eventList?: { eventId: number; startsAt: string; endsAt: string }[];
}
interface Home {
  indexPartList: Part[];
  footerInfo: Record<string, unknown> & { links: { label: string; url: string }[] };
}

async function home(lang: 'zh-tw' | 'en-us' = 'zh-tw') {
  const res = await api<Home>('/api/amsw0202', { lang });
  expect(res.body.code).toBe(0);
  return res.body.data;
}

const partOf = async (type: string) => (await home()).indexPartList.find((p) => p.indexPartType === type)!;

describe('GET /api/amsw0202', () => {
  it('lists blocks of all five types and the footer', async () => {
    const data = await home();
    expect(new Set(data.indexPartList.map((p) => p.indexPartType))).toEqual(
      new Set(['carousel', 'ltsnews', 'event', 'card', 'link']),
    );
    expect(data.footerInfo).toMatchObject({ email: expect.stringContaining('@'), phone: expect.any(String) });
    expect(data.footerInfo.address).toMatch(/臺北市/);
    expect(data.footerInfo.links.length).toBeGreaterThan(0);
  });

  it('lists news pinned first, then newest first, with summaries of at most 100 characters', async () => {
    const news = (await partOf('ltsnews')).newsList!;
    expect(news.length).toBeGreaterThan(0);
    expect(news[0]!.pinned).toBe(true);
    // Every pinned item before every other (other files may publish news meanwhile), each group newest first.
    const pinned = news.filter((n) => n.pinned);
    expect(news.slice(0, pinned.length)).toEqual(pinned);
    for (const group of [pinned, news.slice(pinned.length)]) {
      const times = group.map((n) => Date.parse(n.publishedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    for (const item of news) expect(Array.from(item.summary).length).toBeLessThanOrEqual(101);
  });

  it('lists only events that have not ended, soonest first', async () => {
    const events = (await partOf('event')).eventList!;
    expect(events.length).toBeGreaterThan(0);
    const starts = events.map((e) => Date.parse(e.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const e of events) expect(Date.parse(e.endsAt)).toBeGreaterThan(Date.now());
  });

  it('answers the block titles in English for Lang: en-us', async () => {
    const data = await home('en-us');
    expect(data.indexPartList.find((p) => p.indexPartType === 'ltsnews')!.title).toBe('Latest news');
    expect(data.footerInfo.address).toMatch(/Taipei/);
  });
});

describe.each([
  ['card', 'card', 'cardList'],
  ['carousel', 'carousel', 'carouselList'],
  ['imageLink', 'link', 'imageLinkList'],
] as const)('GET /api/amsw0202/%s', (path, type, listKey) => {
  it('answers the entries of a block of that type, with images', async () => {
    const part = await partOf(type);
    const res = await api<Record<string, unknown>>(`/api/amsw0202/${path}?indexPartId=${part.indexPartId}`);
    expect(res.body.code).toBe(0);
    const list = res.body.data[listKey] as { title: string; imageFileId: number; imageAlt: string }[];
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) {
      expect(item.title).not.toBe('');
      expect(item.imageFileId).toBeGreaterThan(0);
      expect(item.imageAlt).not.toBe('');
    }
  });

  it('answers -6 for an id of another block type and for an unknown id', async () => {
    const other = await partOf(type === 'card' ? 'carousel' : 'card');
    expect((await api(`/api/amsw0202/${path}?indexPartId=${other.indexPartId}`)).body.code).toBe(-6);
    expect((await api(`/api/amsw0202/${path}?indexPartId=999999`)).body.code).toBe(-6);
  });

  it('answers -2 without indexPartId and -10 for a malformed one, naming the field', async () => {
    const missing = await api(`/api/amsw0202/${path}`, { lang: 'en-us' });
    expect(missing.body).toEqual({
      code: -2,
      data: { fields: ['indexPartId'] },
      message: 'A required field is missing',
    });
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999', '1%20OR%201=1']) {
      const res = await api(`/api/amsw0202/${path}?indexPartId=${bad}`);
      expect(res.status, bad).toBe(200);
      expect(res.body.code, bad).toBe(-10);
      expect(res.body.data).toEqual({ fields: ['indexPartId'] });
    }
  });
});
