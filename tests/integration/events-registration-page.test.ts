import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrationSetups, events, eventTicketTypes } from '../../src/server/db/schema';
import { api, json, signIn } from './helpers';
import { statementsOf } from './statement-log';
import type { jobsSite } from './jobs-helpers';
import { addEvent, addPeople, HOUR, type Person, registrationSite } from './registration-helpers';

/**
 * The registration block of an event's public page (issue 47), against a server of its own: the
 * period, the early-bird deadline and the ticket types' public prices drawn from the setup, with
 * the ways in for a visitor that lead back to the block; nothing personal in what anonymous
 * readers are served from the cache; a setup saved by staff reaching the cached page at once; the
 * live seats for anyone; and the sign-up and sign-in pages following only a return path of this site.
 */

let site: Awaited<ReturnType<typeof jobsSite>>;
let people: Person[] = [];
const ids = { event: 0, type: 0, external: 0, later: 0, over: 0 };
const DAY = 24 * HOUR;
const earlyUntil = new Date(Date.now() + 5 * DAY);

const show = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${site.url()}${path}`, { headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, html: await res.text() };
};
/** The page's text with its tags folded away, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');
/** The registration block's markup alone. */
const block = (html: string) => {
  const start = html.indexOf('id="register"');
  expect(start, 'the page has a registration block').toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</section>', start));
};

beforeAll(async () => {
  site = await registrationSite(async (db, categoryId) => {
    const now = Date.now();
    const made = await addEvent(db, categoryId, new Date(now - HOUR), new Date(now + 10 * DAY), {
      seats: 2,
      price: 1200,
    });
    await db
      .update(eventTicketTypes)
      .set({ earlyPrices: { members: { regular: 600 }, webUser: 1000 } })
      .where(eq(eventTicketTypes.id, made.ticketTypeId));
    await db
      .update(eventRegistrationSetups)
      .set({
        earlyBirdUntil: earlyUntil,
        questions: {
          diet: 'optional',
          receipt: 'optional',
          freeText: 'required',
          freeTextLabel: { 'zh-tw': '服務單位', 'en-us': 'Where you work' },
        },
      })
      .where(eq(eventRegistrationSetups.eventId, made.eventId));
    // An event without a setup keeps its external registration link.
    const [external] = await db
      .insert(events)
      .values({
        categoryId,
        title: { 'zh-tw': '外部報名的講座', 'en-us': 'Lecture with outside registration' },
        startsAt: new Date(now + 20 * DAY),
        endsAt: new Date(now + 21 * DAY),
        publishedAt: new Date(now - HOUR),
        registrationUrl: 'https://forms.example.org/lecture',
      })
      .returning({ id: events.id });
    const later = await addEvent(db, categoryId, new Date(now + 2 * DAY), new Date(now + 10 * DAY), {
      seats: 3,
      price: 0,
      title: { 'zh-tw': '尚未開放的講座', 'en-us': 'Lecture opening later' },
    });
    const over = await addEvent(db, categoryId, new Date(now - 3 * DAY), new Date(now - DAY), {
      seats: 3,
      price: 0,
      title: { 'zh-tw': '已截止的講座', 'en-us': 'Lecture closed' },
    });
    Object.assign(ids, {
      event: made.eventId,
      type: made.ticketTypeId,
      external: external!.id,
      later: later.eventId,
      over: over.eventId,
    });
    people = await addPeople(db, 2);
  });
}, 120_000);

afterAll(async () => {
  await site.drop();
});

describe('the registration block of an event page', () => {
  it('shows the period, the early-bird deadline and each ticket type with its public prices, in both languages', async () => {
    const en = await show(`/en-us/event/detail/${ids.event}`);
    expect(en.status).toBe(200);
    const words = text(block(en.html));
    expect(words).toContain('Registration period');
    expect(words).toContain('Early-bird prices until');
    expect(words).toContain('Full congress');
    // The member class's price and the non-members' price, and the early-bird price of each.
    expect(words).toMatch(/NT\$800 NT\$600/);
    expect(words).toMatch(/Non-members NT\$1,200 NT\$1,000/);
    // The questions asked, the free-text one under the label staff gave.
    expect(words).toContain('Where you work');
    expect(words).toContain('Business number (統一編號)');
    // A visitor's ways in lead back to this block.
    const back = encodeURIComponent(`/event/detail/${ids.event}#register`);
    expect(en.html).toContain(`href="/en-us/login?redirect=${back}"`);
    expect(en.html).toContain(`href="/en-us/webUser/createAccount?redirect=${back}"`);

    const zh = await show(`/event/detail/${ids.event}`);
    const zhWords = text(block(zh.html));
    expect(zhWords).toContain('報名期間');
    expect(zhWords).toContain('全程');
    expect(zhWords).toContain('非會員 新臺幣 1,200 元 新臺幣 1,000 元');
    expect(zh.html).toContain(`href="/login?redirect=${back}"`);
  });

  it('keeps the external registration link for an event without a setup, and no block', async () => {
    const page = await show(`/en-us/event/detail/${ids.external}`);
    expect(page.html).not.toContain('id="register"');
    expect(page.html).toContain('href="https://forms.example.org/lecture"');
  });

  it('serves anonymous readers the same public page before and after a signed-in reader, with nothing of theirs', async () => {
    const path = `/en-us/event/detail/${ids.event}`;
    const anonymousBefore = await show(path);
    expect(anonymousBefore.headers.get('cache-control')).toMatch(/public/);
    const person = people[0]!;
    const registered = await api<{ state: string }>('/api/amsw0306/register', {
      method: 'POST',
      base: site.url(),
      ...json(
        { eventId: ids.event, ticketTypeId: ids.type, expectedPrice: 1000, answers: { freeText: 'NTUH' } },
        { ...person.auth, Origin: site.url() },
      ),
    });
    expect(registered.body).toMatchObject({ code: 0, data: { state: 'awaitingPayment' } });

    const signedIn = await show(path, { Cookie: person.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toMatch(/private|no-store/);
    // The block is the same for everyone but for the kind of reader: their own price comes from the API.
    expect(block(signedIn.html)).toContain('data-reader="individual"');
    expect(block(anonymousBefore.html)).toContain('data-reader="visitor"');
    expect(block(signedIn.html).replace('data-reader="individual"', 'data-reader="visitor"')).toBe(
      block(anonymousBefore.html),
    );
    expect(block(signedIn.html)).not.toContain(person.email);

    const anonymousAfter = await show(path);
    expect(anonymousAfter.headers.get('cache-control')).toMatch(/public/);
    expect(anonymousAfter.html).not.toContain(person.email);
    expect(anonymousAfter.html).not.toContain('Hsiao-ming Wang');
    expect(anonymousAfter.html).not.toContain('王小明');
    expect(block(anonymousAfter.html)).toBe(block(anonymousBefore.html));
  });

  it('tells anyone the live seats and waiting list, whether registration is open, not yet or no more, and -18 without registration', async () => {
    const before = await api<{ phase: string; ticketTypes: { ticketTypeId: number; seatsLeft: number }[] }>(
      `/api/amsw0306/seats?eventId=${ids.event}`,
      { base: site.url() },
    );
    expect(before.body).toMatchObject({ code: 0, data: { eventId: ids.event, phase: 'open' } });
    expect(before.body.data.ticketTypes).toEqual([
      { ticketTypeId: ids.type, seatsLeft: expect.any(Number), waiting: expect.any(Number) },
    ]);
    for (const [eventId, phase] of [
      [ids.later, 'notYetOpen'],
      [ids.over, 'closed'],
    ] as const) {
      const seats = await api<{ phase: string }>(`/api/amsw0306/seats?eventId=${eventId}`, { base: site.url() });
      expect(seats.body.data.phase).toBe(phase);
    }
    const none = await api(`/api/amsw0306/seats?eventId=${ids.external}`, { base: site.url() });
    expect(none.body.code).toBe(-18);
  });

  it('shows a setup staff save to the next anonymous reader at once, though the page was cached', async () => {
    const path = `/en-us/event/detail/${ids.event}`;
    expect(text(block((await show(path)).html))).toContain('Full congress');
    const session = await signIn('admin@example.org', 'Admin2026demo', 'individual', false, { base: site.url() });
    expect(session.body.code).toBe(0);
    const admin = { Authorization: `Bearer ${session.token}` };
    const read = await api<{
      opensAt: string;
      closesAt: string;
      ticketTypes: { ticketTypeId: number; capacity: number; prices: unknown; earlyPrices: unknown }[];
    }>(`/api/amsw1101/events/registration?eventId=${ids.event}`, { base: site.url(), headers: admin });
    expect(read.body.code).toBe(0);
    const type = read.body.data.ticketTypes[0]!;
    const saved = await api('/api/amsw1101/events/registration', {
      method: 'PUT',
      base: site.url(),
      ...json(
        {
          eventId: ids.event,
          opensAt: read.body.data.opensAt,
          closesAt: read.body.data.closesAt,
          ticketTypes: [
            {
              ticketTypeId: type.ticketTypeId,
              name: { 'zh-tw': '全程（含午餐）', 'en-us': 'Full congress with lunch' },
              capacity: type.capacity,
              prices: { members: { regular: 900 }, webUser: 1500 },
            },
          ],
        },
        { ...admin, Origin: site.url() },
      ),
    });
    expect(saved.body.code).toBe(0);
    const words = text(block((await show(path)).html));
    expect(words).toContain('Full congress with lunch');
    expect(words).toMatch(/Non-members NT\$1,500/);
    // The early-bird prices were taken away with the save.
    expect(words).not.toContain('Early-bird prices until');
  });
});

describe('the way back after signing up or in', () => {
  const own = '/event/detail/7#register';
  const foreign = [
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example/x',
    '/zh-tw//evil.example/x',
    'javascript:alert(1)',
  ];

  /** What the page's form island was given as its return path (its props, as Astro serialises them). */
  const redirectProp = (html: string) =>
    /&quot;redirect&quot;:\[0,(null|&quot;.*?&quot;)\]/.exec(html)?.[1] ?? 'absent';
  /** Where the page's "sign in instead" link leads. */
  const signInLink = (html: string) => /Already have an account\? <a[^>]*href="([^"]*)"/.exec(html)?.[1];

  it('hands the sign-up form an own path, and the sign-in link beside it', async () => {
    const page = await show(`/en-us/webUser/createAccount?redirect=${encodeURIComponent(own)}`);
    expect(page.status).toBe(200);
    expect(redirectProp(page.html)).toBe('&quot;/event/detail/7#register&quot;');
    expect(signInLink(page.html)).toBe(`/en-us/login?redirect=${encodeURIComponent(own)}`);
    const login = await show(`/en-us/login?redirect=${encodeURIComponent(own)}`);
    expect(redirectProp(login.html)).toBe('&quot;/event/detail/7#register&quot;');
    // Signing up from the sign-in page instead keeps the way back.
    expect(login.html).toContain(`href="/en-us/webUser/createAccount?redirect=${encodeURIComponent(own)}"`);
  });

  it.each(foreign)('drops a return address that is not a path of this site: %s', async (value) => {
    const signUp = await show(`/en-us/webUser/createAccount?redirect=${encodeURIComponent(value)}`);
    expect(signUp.status).toBe(200);
    expect(redirectProp(signUp.html)).toBe('null');
    expect(signInLink(signUp.html)).toBe('/en-us/login');
    const login = await show(`/en-us/login?redirect=${encodeURIComponent(value)}`);
    expect(redirectProp(login.html)).toBe('null');
  });

  it('sends someone already signed in straight to the own path, never elsewhere', async () => {
    const person = people[1]!;
    const back = await show(`/en-us/webUser/createAccount?redirect=${encodeURIComponent(own)}`, {
      Cookie: person.cookie,
    });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/en-us/event/detail/7#register');
    const away = await show(`/en-us/webUser/createAccount?redirect=${encodeURIComponent('//evil.example/x')}`, {
      Cookie: person.cookie,
    });
    expect(away.headers.get('location')).toBe('/en-us/member/center');
  });
});

describe('the statement budget (docs/architecture.md "Speed")', () => {
  it('draws the page for a signed-in reader with the session alone, and answers the seats from memory once warm', async () => {
    // Started again with the request log, which counts each request's statements.
    await site.stop();
    Object.assign(site.env, { LOG_LEVEL: 'info' });
    const server = await site.start();
    const person = people[1]!;
    expect(await statementsOf(server, `/en-us/event/detail/${ids.event}`, { Cookie: person.cookie })).toBe(1);
    expect(await statementsOf(server, `/api/amsw0306/seats?eventId=${ids.event}`)).toBe(0);
  });
});
