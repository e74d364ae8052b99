import { expect, type APIRequestContext } from '@playwright/test';
import { loadSecrets } from '../../../src/server/auth/secrets';
import { signPreviewToken } from '../../../src/server/auth/preview-tokens';

export interface EventItem {
  eventId: number;
  eventCategoryId: number;
  title: string;
  startsAt: string;
  endsAt: string;
}

export const ASSEMBLY = '15th General Assembly and Scientific Meeting';
export const MALICIOUS = 'Information security for clinics (webinar)';
export const DRAFT = '2027 Annual Congress and International Symposium (in preparation)';

/** Every published event, in English, from the API. */
export async function allEvents(request: APIRequestContext): Promise<EventItem[]> {
  const res = await request.get('/api/amsw0302?when=all&pageSize=50', { headers: { Lang: 'en-us' } });
  const body = (await res.json()) as { data: { list: EventItem[] } };
  return body.data.list;
}

export async function eventTitled(request: APIRequestContext, title: string): Promise<EventItem> {
  const found = (await allEvents(request)).find((e) => e.title === title);
  if (!found) throw new Error(`no published event titled ${title}`);
  return found;
}

/** A preview token signed with the e2e server's key (in its data folder), as an editor's link carries. */
export function previewToken(id: number, validMs = 3_600_000): string {
  const { signingKey } = loadSecrets({ dataDir: process.env.E2E_DATA_DIR! });
  return signPreviewToken(signingKey, 'event', id, new Date(Date.now() + validMs));
}

/** The seeded draft's id: never listed, so found through preview links just past the published ids. */
export async function draftId(request: APIRequestContext): Promise<number> {
  const ids = (await allEvents(request)).map((e) => e.eventId);
  for (let id = 1; id <= Math.max(...ids) + 5; id++) {
    if (ids.includes(id)) continue;
    const res = await request.get(`/en-us/preview/event/${id}?token=${previewToken(id)}`);
    if (res.status() === 200 && (await res.text()).includes(DRAFT)) return id;
  }
  throw new Error('the seeded draft event was not found');
}

/** The Taipei month (YYYY-MM) an instant falls in. */
export function taipeiMonth(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 7);
}

/**
 * Opens an event's registration through the staff API (the request signed in with the role), from
 * an hour ago until an hour before the event starts, with the ticket types and sessions given;
 * answers the saved setup.
 */
export async function openRegistration(
  request: APIRequestContext,
  origin: string,
  event: EventItem,
  setup: { ticketTypes: unknown[]; sessions?: unknown[] },
): Promise<{ ticketTypes: { ticketTypeId: number }[] }> {
  const hour = 3_600_000;
  const saved = await request.put('/api/amsw1101/events/registration', {
    headers: { Origin: origin },
    data: {
      eventId: event.eventId,
      opensAt: new Date(Date.now() - hour).toISOString(),
      closesAt: new Date(Date.parse(event.startsAt) - hour).toISOString(),
      ...setup,
    },
  });
  const body = (await saved.json()) as { code: number; data: { ticketTypes: { ticketTypeId: number }[] } };
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data;
}
