import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_STATES, type RegistrationState } from '../../src/lib/registrations/states';
import { eventCategories, eventRegistrations, events } from '../../src/server/db/schema';
import { api } from './helpers';
import { jobsSite, SITE_URL } from './jobs-helpers';
import { addEvent, addPeople, HOUR, type Person } from './registration-helpers';

/**
 * A registration's ticket (decision record 041): its page `/ticket/{token}`, which anyone holding
 * the token sees (each state said plainly, the QR of its own address on SITE_URL, never cached),
 * and its PDF for the owner of a confirmed registration.
 */

let site: Awaited<ReturnType<typeof jobsSite>>;
let people: Person[] = [];
/** One registration in each state, each of its own person (one active registration per ticket type and person). */
const tickets = {} as Record<RegistrationState, { id: number; token: string; number: string; person: Person }>;

beforeAll(async () => {
  site = await jobsSite();
  // The limit counts per address: the server trusts the loopback proxy's X-Forwarded-For.
  Object.assign(site.env, { TRUST_PROXY: 'loopback' });
  await site.start();
  await site.stop();
  await site.withDb(async (db) => {
    const [category] = await db
      .insert(eventCategories)
      .values({ name: { 'zh-tw': '研討會', 'en-us': 'Meetings' } })
      .returning({ id: eventCategories.id });
    const { eventId, ticketTypeId } = await addEvent(
      db,
      category!.id,
      new Date(Date.now() - HOUR),
      new Date(Date.now() + 10 * 24 * HOUR),
      { seats: 20, price: 0 },
    );
    await db
      .update(events)
      .set({ place: { 'zh-tw': '臺大醫院國際會議中心', 'en-us': 'NTUH International Convention Center' } })
      .where(eq(events.id, eventId));
    people = await addPeople(db, REGISTRATION_STATES.length + 1);
    for (const [i, state] of REGISTRATION_STATES.entries()) {
      const token = randomBytes(32).toString('base64url');
      const number = `G2026-90000${i}`;
      const [row] = await db
        .insert(eventRegistrations)
        .values({
          number,
          eventId,
          ticketTypeId,
          accountId: people[i]!.accountId,
          state,
          price: 0,
          priceTier: 'webUser',
          ticketToken: token,
          waitingSince: state === 'waiting' ? new Date() : null,
        })
        .returning({ id: eventRegistrations.id });
      tickets[state] = { id: row!.id, token, number, person: people[i]! };
    }
  });
  await site.start();
}, 120_000);

afterAll(async () => {
  await site.drop();
});

const ticketPage = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${site.url()}${path}`, { redirect: 'manual', headers });
  return { status: response.status, headers: response.headers, html: await response.text() };
};

describe('the ticket page', () => {
  it('shows each state plainly in both languages, the QR of its address on SITE_URL, never cached and not indexed', async () => {
    for (const state of REGISTRATION_STATES) {
      const { token, number } = tickets[state];
      for (const [prefix, holder, admits, refuses] of [
        ['', '王小明', '有效票券', '不能入場'],
        ['/en-us', 'Hsiao-ming Wang', 'Valid ticket', 'does not admit'],
      ] as const) {
        // The request's own Host is never the QR's: the address is built from SITE_URL.
        const { status, headers, html } = await ticketPage(`${prefix}/ticket/${token}`, {
          'X-Forwarded-Host': 'evil.example.com',
        });
        expect(status, `${state}${prefix}`).toBe(200);
        expect(headers.get('cache-control')).toContain('no-store');
        expect(headers.get('cache-control')).toContain('private');
        expect(headers.get('cache-control')).not.toContain('public');
        expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
        expect(html).toContain(holder);
        expect(html).toContain(number);
        expect(html).toContain(prefix ? 'NTUH International Convention Center' : '臺大醫院國際會議中心');
        expect(html).toContain(`data-state="${state}"`);
        const address = `${SITE_URL}${prefix}/ticket/${token}`;
        expect(html).toContain(`data-url="${address}"`);
        expect(html).toMatch(/data-testid="ticket-qr"[^>]*>\s*<svg/);
        expect(html).not.toContain('evil.example.com');
        const stateLine = /data-testid="ticket-state"[^>]*>([^<]*)</.exec(html)![1]!;
        if (state === 'confirmed') expect(stateLine).toContain(admits);
        else expect(stateLine).toContain(refuses);
      }
    }
  });

  it('answers an unknown or malformed token with the 404 page, the same for both, never cached', async () => {
    const unknown = randomBytes(32).toString('base64url');
    const pages = await Promise.all(
      [unknown, 'not-a-token', `${tickets.confirmed.token}x`].map(async (token) => {
        const answer = await ticketPage(`/ticket/${token}`);
        return { ...answer, html: answer.html.replaceAll(token, 'TOKEN') };
      }),
    );
    for (const p of pages) {
      expect(p.status).toBe(404);
      expect(p.headers.get('cache-control')).toContain('no-store');
      expect(p.html).not.toContain('data-testid="ticket-state"');
    }
    const strip = (html: string) => html.replace(/nonce-[^"']+|nonce="[^"]+"/g, '');
    expect(strip(pages[1]!.html)).toBe(strip(pages[0]!.html));
    expect(strip(pages[2]!.html)).toBe(strip(pages[0]!.html));
  });

  it('holds back an address that looks up too many tickets, known or not, and no other', async () => {
    const guesser = { 'X-Forwarded-For': '203.0.113.77' };
    let last = await ticketPage(`/ticket/${randomBytes(32).toString('base64url')}`, guesser);
    for (let i = 0; i < 130 && last.status !== 429; i++)
      last = await ticketPage(`/ticket/${randomBytes(32).toString('base64url')}`, guesser);
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await ticketPage(`/ticket/${tickets.confirmed.token}`, guesser)).status).toBe(429);
    expect((await ticketPage(`/ticket/${tickets.confirmed.token}`, { 'X-Forwarded-For': '203.0.113.78' })).status).toBe(
      200,
    );
  });
});

describe('the ticket PDF', () => {
  const pdf = (who: Person, registrationId: number, lang?: 'zh-tw' | 'en-us') =>
    fetch(`${site.url()}/api/amsw0306/ticket?registrationId=${registrationId}${lang ? `&lang=${lang}` : ''}`, {
      headers: who.auth,
    });

  it('gives the owner of a confirmed registration its ticket as a PDF, in either language', async () => {
    const { id, person, number } = tickets.confirmed;
    for (const lang of ['zh-tw', 'en-us'] as const) {
      const response = await pdf(person, id, lang);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('content-disposition')).toContain(`ticket-${number}.pdf`);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('refuses another person’s registration as not found, and a registration not confirmed', async () => {
    const other = people[people.length - 1]!;
    const refused = await api(`/api/amsw0306/ticket?registrationId=${tickets.confirmed.id}`, {
      base: site.url(),
      headers: other.auth,
    });
    expect(refused.body.code).toBe(-6);
    const unknown = await api('/api/amsw0306/ticket?registrationId=999999', { base: site.url(), headers: other.auth });
    expect(unknown.body).toEqual(refused.body);
    for (const state of REGISTRATION_STATES.filter((s) => s !== 'confirmed')) {
      const { id, person } = tickets[state];
      const answer = await api(`/api/amsw0306/ticket?registrationId=${id}`, { base: site.url(), headers: person.auth });
      expect(answer.body.code, state).toBe(-10);
      expect(answer.body.data).toMatchObject({ reason: 'ticketNotConfirmed' });
    }
    const anonymous = await fetch(`${site.url()}/api/amsw0306/ticket?registrationId=${tickets.confirmed.id}`);
    expect(anonymous.headers.get('content-type')).not.toBe('application/pdf');
  });
});
