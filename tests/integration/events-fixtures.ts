import { api, page, previewToken } from './helpers';

export interface EventItem {
  eventId: number;
  eventCategoryId: number;
  categoryName: string;
  title: string;
  summary: string;
  place: string;
  startsAt: string;
  endsAt: string;
  coverFileId: number | null;
  coverWidth: number | null;
  coverHeight: number | null;
  creditsTotal: number | null;
}

export interface EventPage {
  list: EventItem[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export const DRAFT_TITLE = { 'zh-tw': '2027 年會暨國際研討會（籌備中）', 'en-us': '2027 Annual Congress' };
export const MALICIOUS_TITLE = 'Information security for clinics (webinar)';

/** Every published event (upcoming and past), in English. */
export async function allEvents(): Promise<EventItem[]> {
  const res = await api<EventPage>('/api/amsw0302?when=all&pageSize=50', { lang: 'en-us' });
  return res.body.data.list;
}

export async function eventTitled(title: string): Promise<EventItem> {
  const found = (await allEvents()).find((e) => e.title === title);
  if (!found) throw new Error(`no published event titled ${title}`);
  return found;
}

let draft: number | undefined;
/**
 * The seeded draft's id. Drafts are never listed, so it is found the way an editor's link
 * would open it: through signed preview links, among ids just past the published ones.
 */
export async function draftEventId(): Promise<number> {
  if (draft !== undefined) return draft;
  const ids = (await allEvents()).map((e) => e.eventId);
  const max = Math.max(...ids);
  for (let id = 1; id <= max + 5; id++) {
    if (ids.includes(id)) continue;
    const res = await page(`/en-us/preview/event/${id}?token=${previewToken('event', id)}`);
    if (res.status === 200 && res.html.includes(DRAFT_TITLE['en-us'])) return (draft = id);
  }
  throw new Error('the seeded draft event was not found');
}
