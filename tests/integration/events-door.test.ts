import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_STATES, type RegistrationState } from '../../src/lib/registrations/states';
import type { DoorOverview, DoorScanAnswer, DoorSearchRow } from '../../src/lib/schemas/door';
import type { Db } from '../../src/server/db/client';
import {
  auditLog,
  eventCheckIns,
  eventDoorLinks,
  eventRegistrations,
  eventSessions,
  eventTicketTypes,
} from '../../src/server/db/schema';
import { api, signIn } from './helpers';
import { SITE_URL } from './jobs-helpers';
import { addEvent, addPeople, HOUR, registrationSite, type Person } from './registration-helpers';

/**
 * Check-in at the door (decision record 041): door links (random, only the hash kept, scoped to
 * one event, revocable, ending with the event), every answer a scan gives, two doors scanning the
 * same ticket at once (one checks in, the other is told "already" and by which door), the search
 * for a lost ticket, and who may do any of it.
 */

let site: Awaited<ReturnType<typeof registrationSite>>;
const ids = { event: 0, other: 0, past: 0, full: 0, workshop: 0, day: 0, hall: 0, lab: 0, otherSession: 0 };
let people: Person[] = [];
/** One registration of the event in each state, each of its own person. */
const tickets = {} as Record<RegistrationState, { id: number; token: string; number: string }>;
/** Confirmed tickets for the races, and one of the workshop's. */
let raceTickets: { id: number; token: string; number: string }[] = [];
let workshopTicket = { id: 0, token: '', number: '' };
let otherTicket = { id: 0, token: '', number: '' };
/** A door link that expired, written into the database as the day after an event leaves it. */
const expiredToken = randomBytes(32).toString('base64url');
let expiredLinkId = 0;
const RACES = 12;

async function addRegistration(
  db: Db,
  values: { eventId: number; ticketTypeId: number; accountId: number; state: RegistrationState; number: string },
) {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(eventRegistrations)
    .values({
      ...values,
      price: 0,
      priceTier: 'webUser',
      ticketToken: token,
      waitingSince: values.state === 'waiting' ? new Date() : null,
    })
    .returning({ id: eventRegistrations.id });
  return { id: row!.id, token, number: values.number };
}

beforeAll(async () => {
  // The limit counts per address: the server trusts the loopback proxy's X-Forwarded-For.
  site = await registrationSite(
    async (db, categoryId) => {
      const open = [new Date(Date.now() - HOUR), new Date(Date.now() + 10 * 24 * HOUR)] as const;
      const event = await addEvent(db, categoryId, ...open, { seats: 100, price: 0, startsInDays: 1 });
      const other = await addEvent(db, categoryId, ...open, {
        seats: 10,
        price: 0,
        title: { 'zh-tw': '秋季研討會', 'en-us': 'Autumn meeting' },
      });
      const past = await addEvent(
        db,
        categoryId,
        new Date(Date.now() - 30 * 24 * HOUR),
        new Date(Date.now() - 20 * 24 * HOUR),
        {
          seats: 10,
          price: 0,
          startsInDays: -10,
        },
      );
      Object.assign(ids, { event: event.eventId, other: other.eventId, past: past.eventId, full: event.ticketTypeId });
      const [workshop] = await db
        .insert(eventTicketTypes)
        .values({
          eventId: event.eventId,
          position: 1,
          name: { 'zh-tw': '工作坊', 'en-us': 'Workshop' },
          capacity: 20,
          prices: { members: {}, webUser: 0 },
        })
        .returning({ id: eventTicketTypes.id });
      ids.workshop = workshop!.id;
      const day = new Date(Date.now() + 24 * HOUR).toISOString().slice(0, 10);
      const sessions = await db
        .insert(eventSessions)
        .values([
          // Admits every ticket type (it lists none), scanned in only.
          {
            eventId: event.eventId,
            position: 0,
            title: { 'zh-tw': '第一天', 'en-us': 'Day one' },
            day,
            startMinute: 540,
            endMinute: 1020,
          },
          // The main hall, scanned in and out, for the full congress only.
          {
            eventId: event.eventId,
            position: 1,
            title: { 'zh-tw': '主會場', 'en-us': 'Main hall' },
            day,
            startMinute: 600,
            endMinute: 720,
            needsCheckOut: true,
            ticketTypeIds: [event.ticketTypeId],
          },
          // The workshop's room, for the workshop only.
          {
            eventId: event.eventId,
            position: 2,
            title: { 'zh-tw': '工作坊教室', 'en-us': 'Workshop room' },
            day,
            startMinute: 780,
            endMinute: 900,
            ticketTypeIds: [workshop!.id],
          },
          {
            eventId: other.eventId,
            position: 0,
            title: { 'zh-tw': '全日', 'en-us': 'All day' },
            day,
            startMinute: 540,
            endMinute: 1020,
          },
        ])
        .returning({ id: eventSessions.id });
      Object.assign(ids, {
        day: sessions[0]!.id,
        hall: sessions[1]!.id,
        lab: sessions[2]!.id,
        otherSession: sessions[3]!.id,
      });
      people = await addPeople(db, REGISTRATION_STATES.length + RACES + 3);
      let n = 0;
      const next = () => people[n++]!.accountId;
      for (const [i, state] of REGISTRATION_STATES.entries())
        tickets[state] = await addRegistration(db, {
          eventId: event.eventId,
          ticketTypeId: event.ticketTypeId,
          accountId: next(),
          state,
          number: `G2026-80000${i}`,
        });
      raceTickets = [];
      for (let i = 0; i < RACES; i++)
        raceTickets.push(
          await addRegistration(db, {
            eventId: event.eventId,
            ticketTypeId: event.ticketTypeId,
            accountId: next(),
            state: 'confirmed',
            number: `G2026-81${String(i).padStart(4, '0')}`,
          }),
        );
      workshopTicket = await addRegistration(db, {
        eventId: event.eventId,
        ticketTypeId: workshop!.id,
        accountId: next(),
        state: 'confirmed',
        number: 'G2026-820000',
      });
      otherTicket = await addRegistration(db, {
        eventId: other.eventId,
        ticketTypeId: other.ticketTypeId,
        accountId: next(),
        state: 'confirmed',
        number: 'G2026-830000',
      });
      const [expired] = await db
        .insert(eventDoorLinks)
        .values({
          eventId: event.eventId,
          label: 'Yesterday',
          tokenHash: createHash('sha256').update(expiredToken).digest('hex'),
          createdBy: people[0]!.accountId,
          expiresAt: new Date(Date.now() - 60_000),
        })
        .returning({ id: eventDoorLinks.id });
      expiredLinkId = expired!.id;
    },
    { TRUST_PROXY: 'loopback' },
  );
}, 180_000);

afterAll(async () => {
  await site.drop();
});

/** A JSON request as the site's own pages send it. */
const send = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json', ...headers },
});
const call = <T>(path: string, init: RequestInit & { lang?: 'zh-tw' | 'en-us' } = {}) =>
  api<T>(path, { base: site.url(), lang: 'en-us', ...init });

let admin: Record<string, string> = {};
/** The admin's session as a browser sends it (pages). */
let adminCookie: Record<string, string> = {};
let finance: Record<string, string> = {};
/** A door link made by staff: its address, id and the cookie its phone holds. */
interface Link {
  url: string;
  token: string;
  doorLinkId: number;
  cookie: Record<string, string>;
}

async function makeLink(label: string, eventId = ids.event): Promise<Link> {
  const made = await call<{ url: string; doorLinkId: number }>(
    '/api/amsw1101/events/doors',
    send('POST', { eventId, label }, admin),
  );
  expect(made.body.code).toBe(0);
  const token = made.body.data.url.split('/').at(-1)!;
  const opened = await fetch(`${site.url()}/door/${token}`, { redirect: 'manual' });
  expect(opened.status).toBe(303);
  const cookie = /ams-door=[^;]+/.exec(opened.headers.get('set-cookie') ?? '')![0];
  return { url: made.body.data.url, token, doorLinkId: made.body.data.doorLinkId, cookie: { Cookie: cookie } };
}

const scan = (door: Record<string, string>, body: Record<string, unknown>) =>
  call<DoorScanAnswer>('/api/amsw0307/scan', send('POST', { sessionId: ids.day, ...body }, door));

let north: Link;
let south: Link;

beforeAll(async () => {
  const session = await signIn('admin@example.org', 'Admin2026demo', 'individual', false, { base: site.url() });
  expect(session.body.code).toBe(0);
  admin = { Authorization: `Bearer ${session.token}` };
  adminCookie = { Cookie: `ams-session=${session.token}` };
  const money = await signIn('finance@example.org', 'Finance2026demo', 'individual', false, { base: site.url() });
  expect(money.body.code).toBe(0);
  finance = { Authorization: `Bearer ${money.token}` };
  north = await makeLink('North door');
  south = await makeLink('South door');
}, 120_000);

describe('door links', () => {
  it('are random, kept only as their hash, shown once, on SITE_URL, audited and listed without their tokens', async () => {
    expect(north.url).toMatch(new RegExp(`^${SITE_URL}/en-us/door/[A-Za-z0-9_-]{43}$`));
    expect(north.token).not.toBe(south.token);
    const listed = await call<{ doorLinkId: number; label: string; active: boolean; expiresAt: string }[]>(
      `/api/amsw1101/events/doors?eventId=${ids.event}`,
      { headers: admin },
    );
    expect(listed.body.code).toBe(0);
    expect(JSON.stringify(listed.body.data)).not.toContain(north.token);
    const mine = listed.body.data.find((l) => l.doorLinkId === north.doorLinkId)!;
    expect(mine).toMatchObject({ label: 'North door', active: true });
    // It ends at the end of the Taipei day after the event's last day (the event ends in two days).
    const endsAt = new Date(mine.expiresAt);
    expect(endsAt.getTime()).toBeGreaterThan(Date.now() + 2 * 24 * HOUR);
    expect(endsAt.getTime()).toBeLessThanOrEqual(Date.now() + 4 * 24 * HOUR);
    expect(new Date(endsAt.getTime() + 8 * HOUR).toISOString().slice(11, 16)).toBe('00:00');
    await site.stop();
    try {
      await site.withDb(async (db) => {
        const [row] = await db.select().from(eventDoorLinks).where(eq(eventDoorLinks.id, north.doorLinkId));
        expect(row!.tokenHash).toBe(createHash('sha256').update(north.token).digest('hex'));
        expect(JSON.stringify(row)).not.toContain(north.token);
        const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'registration.doorLinkCreated'));
        expect(audits.length).toBeGreaterThanOrEqual(2);
        expect(JSON.stringify(audits)).not.toContain(north.token);
      });
    } finally {
      await site.start();
    }
  }, 60_000);

  it('give the phone an HttpOnly, SameSite=Strict door cookie and lead to the check-in page of their event', async () => {
    const opened = await fetch(`${site.url()}/en-us/door/${north.token}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/en-us/door');
    expect(opened.headers.get('cache-control')).toContain('no-store');
    const setCookie = opened.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const page = await fetch(`${site.url()}/en-us/door`, { headers: north.cookie });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain('Annual congress');
    expect(html).toContain('Door: North door');
    expect(html).toContain('Main hall');
  });

  it('answer an unknown, revoked or expired link with a clear page in either language and no cookie', async () => {
    const extra = await makeLink('Side door');
    const revoked = await call(
      '/api/amsw1101/events/doors/revoke',
      send('POST', { doorLinkId: extra.doorLinkId }, admin),
    );
    expect(revoked.body.code).toBe(0);
    for (const [token, status, en, zh] of [
      [randomBytes(32).toString('base64url'), 404, 'This door link is not valid', '此入口連結無效'],
      ['short', 404, 'This door link is not valid', '此入口連結無效'],
      [extra.token, 410, 'This door link has been revoked', '此入口連結已被撤銷'],
      [expiredToken, 410, 'This door link has expired', '此入口連結已過期'],
    ] as const) {
      for (const [prefix, text] of [
        ['/en-us', en],
        ['', zh],
      ] as const) {
        const answer = await fetch(`${site.url()}${prefix}/door/${token}`, { redirect: 'manual' });
        expect(answer.status, token).toBe(status);
        expect(answer.headers.get('set-cookie') ?? '').not.toContain('ams-door');
        const html = await answer.text();
        expect(html).toContain(text);
        expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
      }
    }
  });

  it('stop working at once when revoked, and a cookie of an expired link or a forged one opens nothing', async () => {
    const extra = await makeLink('East door');
    expect((await scan(extra.cookie, { code: tickets.cancelled.number })).body.data.result).toBe('cancelled');
    await call('/api/amsw1101/events/doors/revoke', send('POST', { doorLinkId: extra.doorLinkId }, admin));
    expect((await scan(extra.cookie, { code: tickets.cancelled.number })).body.code).toBe(-9);
    const page = await fetch(`${site.url()}/en-us/door`, { headers: extra.cookie });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('This page is for door staff');
    for (const cookie of [
      `ams-door=${expiredLinkId}.${expiredToken}`,
      `ams-door=${north.doorLinkId}.${south.token}`,
      `ams-door=${north.doorLinkId}.${north.token.slice(0, -1)}${north.token.endsWith('A') ? 'E' : 'A'}`,
      'ams-door=garbage',
    ])
      expect((await scan({ Cookie: cookie }, { code: tickets.cancelled.number })).body.code, cookie).toBe(-9);
    const listed = await call<{ doorLinkId: number; active: boolean; revokedAt: string | null }[]>(
      `/api/amsw1101/events/doors?eventId=${ids.event}`,
      { headers: admin },
    );
    expect(listed.body.data.find((l) => l.doorLinkId === extra.doorLinkId)).toMatchObject({ active: false });
    expect(listed.body.data.find((l) => l.doorLinkId === expiredLinkId)).toMatchObject({
      active: false,
      revokedAt: null,
    });
  });

  it('are not made for an event whose doors have closed, nor for an unknown event', async () => {
    const past = await call('/api/amsw1101/events/doors', send('POST', { eventId: ids.past, label: 'Late' }, admin));
    expect(past.body).toMatchObject({ code: -10, data: { reason: 'eventOver' } });
    const unknown = await call('/api/amsw1101/events/doors', send('POST', { eventId: 999_999, label: 'X' }, admin));
    expect(unknown.body.code).toBe(-18);
  });

  it('are limited per address: a script guessing links is stopped', async () => {
    const address = { 'X-Forwarded-For': '203.0.113.77' };
    let limited: Response | null = null;
    for (let i = 0; i < 40 && !limited; i++) {
      const answer = await fetch(`${site.url()}/door/${randomBytes(32).toString('base64url')}`, {
        redirect: 'manual',
        headers: address,
      });
      if (answer.status === 429) limited = answer;
    }
    expect(limited).not.toBeNull();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited!.text()).toContain('此連線嘗試次數過多');
    // Another address is not held back.
    const other = await fetch(`${site.url()}/door/${north.token}`, {
      redirect: 'manual',
      headers: { 'X-Forwarded-For': '203.0.113.78' },
    });
    expect(other.status).toBe(303);
  });
});

describe('a scan', () => {
  it('checks a confirmed ticket in from its QR address, its token or its number, and tells the second scan "already" with when and which door', async () => {
    const [a, b, c] = raceTickets;
    const first = await scan(north.cookie, { code: `${SITE_URL}/ticket/${a!.token}` });
    expect(first.body.code).toBe(0);
    expect(first.body.data).toMatchObject({
      result: 'checkedIn',
      registration: {
        registrationId: a!.id,
        number: a!.number,
        holder: 'Hsiao-ming Wang',
        ticketType: 'Full congress',
      },
    });
    const again = await scan(south.cookie, { code: `${SITE_URL}/en-us/ticket/${a!.token}` });
    expect(again.body.data).toMatchObject({ result: 'already', door: 'North door', at: first.body.data.at });
    const zh = await call<DoorScanAnswer>('/api/amsw0307/scan', {
      ...send('POST', { sessionId: ids.day, code: a!.token }, south.cookie),
      lang: 'zh-tw',
    });
    expect(zh.body.data).toMatchObject({ result: 'already', registration: { holder: '王小明', ticketType: '全程' } });
    expect((await scan(north.cookie, { code: ` ${b!.number.toLowerCase()} ` })).body.data.result).toBe('checkedIn');
    expect((await scan(north.cookie, { registrationId: c!.id })).body.data.result).toBe('checkedIn');
    // Staff check in under their own name.
    const staffScan = await scan(admin, { eventId: ids.event, code: c!.token });
    expect(staffScan.body.data).toMatchObject({ result: 'already', door: 'North door' });
    const d = raceTickets[3]!;
    expect((await scan(admin, { eventId: ids.event, code: d.token })).body.data.result).toBe('checkedIn');
    const byStaff = await scan(north.cookie, { code: d.token });
    expect(byStaff.body.data.result).toBe('already');
    expect(byStaff.body.data.door).toBeTruthy();
    expect(byStaff.body.data.door).not.toBe('North door');
  });

  it('answers every other state plainly, and names the event a ticket of another event is for', async () => {
    const expected: Record<RegistrationState, string> = {
      awaitingApproval: 'unpaid',
      awaitingPayment: 'unpaid',
      confirmed: 'checkedIn',
      waiting: 'waiting',
      cancelled: 'cancelled',
      expired: 'expired',
      rejected: 'rejected',
    };
    for (const state of REGISTRATION_STATES) {
      const answer = await scan(north.cookie, { code: `${SITE_URL}/ticket/${tickets[state].token}` });
      expect(answer.body.data.result, state).toBe(expected[state]);
      if (state !== 'confirmed') expect(answer.body.data.registration?.number).toBe(tickets[state].number);
    }
    const wrong = await scan(north.cookie, { code: `${SITE_URL}/ticket/${otherTicket.token}` });
    expect(wrong.body.data).toMatchObject({ result: 'wrongEvent', otherEvent: 'Autumn meeting', registration: null });
    for (const code of [
      `${SITE_URL}/ticket/${randomBytes(32).toString('base64url')}`,
      'https://example.com/somewhere/else',
      `${SITE_URL}/news/${tickets.confirmed.token}`,
      'hello there',
      'G2026-999999',
    ])
      expect((await scan(north.cookie, { code })).body.data.result, code).toBe('unknown');
    // Nothing was written for any of them.
    const counts = await call<DoorOverview>('/api/amsw0307', { headers: north.cookie });
    const day = counts.body.data.sessions.find((s) => s.sessionId === ids.day)!;
    expect(day.checkedIn).toBe(5);
  });

  it('admits a ticket type only to the sessions that list it, and scans out only after in, where the session asks for it', async () => {
    const full = raceTickets[4]!;
    expect((await scan(north.cookie, { sessionId: ids.lab, code: full.token })).body.data.result).toBe('notForSession');
    expect((await scan(north.cookie, { sessionId: ids.lab, code: workshopTicket.token })).body.data.result).toBe(
      'checkedIn',
    );
    expect((await scan(north.cookie, { sessionId: ids.hall, code: workshopTicket.token })).body.data.result).toBe(
      'notForSession',
    );
    const out = (code: string) => scan(north.cookie, { sessionId: ids.hall, direction: 'out', code });
    expect((await out(full.token)).body.data.result).toBe('notCheckedIn');
    expect((await scan(north.cookie, { sessionId: ids.hall, code: full.token })).body.data.result).toBe('checkedIn');
    expect((await out(full.token)).body.data.result).toBe('checkedOut');
    expect((await out(full.token)).body.data).toMatchObject({ result: 'already', door: 'North door' });
    const noOut = await scan(north.cookie, { sessionId: ids.day, direction: 'out', code: full.token });
    expect(noOut.body).toMatchObject({ code: -10, data: { reason: 'noCheckOut' } });
    const otherSession = await scan(north.cookie, { sessionId: ids.otherSession, code: full.token });
    expect(otherSession.body).toMatchObject({ code: -6, data: { reason: 'sessionUnknown' } });
    const overview = await call<DoorOverview>('/api/amsw0307', { headers: north.cookie });
    expect(overview.body.data.sessions.find((s) => s.sessionId === ids.hall)).toMatchObject({
      checkedIn: 1,
      checkedOut: 1,
    });
  });

  it('of the same ticket at two doors at once checks it in once and tells the other door which door was first', async () => {
    const tries = raceTickets.slice(5);
    for (const ticket of tries) {
      // Four phones, two at each door, scan the ticket at the same moment.
      const answers = await Promise.all(
        [north, south, north, south].map((door, i) =>
          scan(door.cookie, { sessionId: ids.hall, code: i % 2 ? `${SITE_URL}/ticket/${ticket.token}` : ticket.token }),
        ),
      );
      const results = answers.map((a) => a.body.data.result).sort();
      expect(results, ticket.number).toEqual(['already', 'already', 'already', 'checkedIn']);
      const first = answers.findIndex((a) => a.body.data.result === 'checkedIn');
      const winner = first % 2 ? 'South door' : 'North door';
      for (const [i, a] of answers.entries())
        if (i !== first) expect(a.body.data).toMatchObject({ door: winner, at: answers[first]!.body.data.at });
      const [outA, outB] = await Promise.all([
        scan(north.cookie, { sessionId: ids.hall, direction: 'out', code: ticket.token }),
        scan(south.cookie, { sessionId: ids.hall, direction: 'out', code: ticket.token }),
      ]);
      expect([outA.body.data.result, outB.body.data.result].sort()).toEqual(['already', 'checkedOut']);
    }
    await site.stop();
    try {
      await site.withDb(async (db) => {
        for (const ticket of tries) {
          const rows = await db.select().from(eventCheckIns).where(eq(eventCheckIns.registrationId, ticket.id));
          expect(rows.filter((r) => r.sessionId === ids.hall && r.direction === 'in')).toHaveLength(1);
          expect(rows.filter((r) => r.sessionId === ids.hall && r.direction === 'out')).toHaveLength(1);
        }
      });
    } finally {
      await site.start();
    }
  }, 90_000);
});

describe('undoing a mistaken scan', () => {
  it('is for staff, audited; a check-out goes before its check-in, and a door link cannot undo', async () => {
    const ticket = raceTickets[4]!; // in and out of the main hall (above)
    const undo = (who: Record<string, string>, direction: 'in' | 'out') =>
      call(
        '/api/amsw0307/undo',
        send('POST', { eventId: ids.event, sessionId: ids.hall, direction, registrationId: ticket.id }, who),
      );
    expect((await undo(north.cookie, 'out')).body.code).toBe(-9);
    expect((await undo(finance, 'out')).body.code).toBe(-11);
    expect((await undo(admin, 'in')).body).toMatchObject({ code: -10, data: { reason: 'checkedOutAfter' } });
    expect((await undo(admin, 'out')).body.code).toBe(0);
    expect((await undo(admin, 'out')).body.code).toBe(-6);
    expect((await undo(admin, 'in')).body.code).toBe(0);
    // Another event's staff scope: the session is not that event's.
    const elsewhere = await call(
      '/api/amsw0307/undo',
      send(
        'POST',
        { eventId: ids.other, sessionId: ids.day, direction: 'in', registrationId: raceTickets[0]!.id },
        admin,
      ),
    );
    expect(elsewhere.body.code).toBe(-6);
    const again = await scan(south.cookie, { sessionId: ids.hall, code: ticket.token });
    expect(again.body.data).toMatchObject({ result: 'checkedIn' });
    await site.stop();
    try {
      await site.withDb(async (db) => {
        const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'registration.scanUndone'));
        expect(audits).toHaveLength(2);
      });
    } finally {
      await site.start();
    }
  }, 60_000);
});

describe('the ticket’s page', () => {
  it('offers door staff of its event (a door cookie, or the role) a check-in button, and nobody else', async () => {
    const ticketPage = async (headers: Record<string, string>) =>
      (await fetch(`${site.url()}/en-us/ticket/${raceTickets[6]!.token}`, { headers })).text();
    const marker = 'id="ticket-door-title"';
    expect(await ticketPage(north.cookie)).toContain(marker);
    expect(await ticketPage(adminCookie)).toContain(marker);
    expect(await ticketPage({})).not.toContain(marker);
    expect(await ticketPage({ Cookie: people.at(-1)!.cookie })).not.toContain(marker);
    const otherDoor = await makeLink('Autumn door', ids.other);
    expect(await ticketPage(otherDoor.cookie)).not.toContain(marker);
  });
});

describe('the search for a lost ticket', () => {
  it('finds the event’s registrations by name or number, with whether each is in, and never another event’s', async () => {
    const byNumber = await call<DoorSearchRow[]>(
      `/api/amsw0307/search?q=${encodeURIComponent('81000')}&sessionId=${ids.day}`,
      { headers: north.cookie },
    );
    expect(byNumber.body.code).toBe(0);
    expect(byNumber.body.data.map((r) => r.number)).toEqual(
      raceTickets.filter((t) => t.number.includes('81000')).map((t) => t.number),
    );
    expect(byNumber.body.data[0]).toMatchObject({ holder: 'Hsiao-ming Wang', state: 'confirmed' });
    expect(byNumber.body.data[0]!.inAt).not.toBeNull();
    const byName = await call<DoorSearchRow[]>(`/api/amsw0307/search?q=${encodeURIComponent('小明')}`, {
      headers: north.cookie,
      lang: 'zh-tw',
    });
    expect(byName.body.data.length).toBe(20);
    expect(byName.body.data.every((r) => r.holder === '王小明')).toBe(true);
    const other = await call<DoorSearchRow[]>(`/api/amsw0307/search?q=G2026-830000`, { headers: north.cookie });
    expect(other.body.data).toEqual([]);
    const wildcard = await call<DoorSearchRow[]>(`/api/amsw0307/search?q=%25`, { headers: north.cookie });
    expect(wildcard.body.data).toEqual([]);
  });
});

describe('who may check in', () => {
  it('holds a door cookie to its own event and to the door, and opens no staff or member API with it', async () => {
    expect((await scan(north.cookie, { eventId: ids.other, code: otherTicket.token })).body.code).toBe(-11);
    expect((await call(`/api/amsw0307?eventId=${ids.other}`, { headers: north.cookie })).body.code).toBe(-11);
    expect((await call(`/api/amsw0307/search?eventId=${ids.other}&q=G`, { headers: north.cookie })).body.code).toBe(
      -11,
    );
    for (const path of [
      `/api/amsw1101/events/doors?eventId=${ids.event}`,
      `/api/amsw1101/events/registrations?eventId=${ids.event}`,
      '/api/amsw0306/mine',
      '/api/amsw0101/profile',
    ]) {
      const answer = await call(path, { headers: north.cookie });
      expect([-9, -20], path).toContain(answer.body.code);
    }
    const revoke = await call(
      '/api/amsw1101/events/doors/revoke',
      send('POST', { doorLinkId: south.doorLinkId }, north.cookie),
    );
    expect(revoke.body.code).toBe(-9);
  });

  it('refuses anyone else: nobody (-9), a member or another staff role (-11), and staff without an event (-2)', async () => {
    const member = people.at(-1)!;
    expect((await scan({}, { eventId: ids.event, code: tickets.confirmed.token })).body.code).toBe(-9);
    for (const who of [member.auth, finance]) {
      expect((await scan(who, { eventId: ids.event, code: tickets.confirmed.token })).body.code).toBe(-11);
      expect((await call(`/api/amsw0307?eventId=${ids.event}`, { headers: who })).body.code).toBe(-11);
      expect((await call(`/api/amsw0307/search?eventId=${ids.event}&q=G`, { headers: who })).body.code).toBe(-11);
      for (const [path, init] of [
        [`/api/amsw1101/events/doors?eventId=${ids.event}`, { headers: who }],
        ['/api/amsw1101/events/doors', send('POST', { eventId: ids.event, label: 'Mine' }, who)],
        ['/api/amsw1101/events/doors/revoke', send('POST', { doorLinkId: north.doorLinkId }, who)],
      ] as const)
        expect((await call(path, init)).body.code, path).toBe(-11);
    }
    const page = await fetch(`${site.url()}/en-us/door?event=${ids.event}`, { headers: { Cookie: member.cookie } });
    expect(page.status).toBe(403);
    expect((await scan(admin, { code: tickets.confirmed.token })).body.code).toBe(-2);
    const staffPage = await fetch(`${site.url()}/en-us/door?event=${ids.event}`, { headers: adminCookie });
    expect(staffPage.status).toBe(200);
    expect(await staffPage.text()).toContain('Signed in as door staff');
    // The door link still works after all of that.
    expect((await scan(north.cookie, { code: tickets.waiting.token })).body.data.result).toBe('waiting');
  });
});
