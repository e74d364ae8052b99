import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptTradeInfo } from '../../src/server/integrations/newebpay/crypto';
import { eventRegistrations, eventTicketTypes, orders } from '../../src/server/db/schema';
import { api, json as sameSiteJson, mailsTo, mailWithSubject, signIn } from './helpers';
import { type jobsSite, SITE_URL } from './jobs-helpers';
import { addEvent, addPeople, HOUR, type Person, registrationSite } from './registration-helpers';
import { gatewayPost, keys, paid } from './simulator-helpers';

/**
 * Event registration against a server of its own (decision record 041): the rush for the seats,
 * the waiting list, payment and expiry, and the refusals. The people are written into its database
 * with a session each (signing 300 people up through the captcha and the mailed code would take
 * minutes); everything they do goes through the API.
 */

/** A JSON body with this server's Origin, as a browser on it sends. */
const json = (body: unknown, extra: Record<string, string> = {}) =>
  sameSiteJson(body, { Origin: site.url(), ...extra });
const RUSH = 300;
const SEATS = 50;
const PRICE = 1200;

interface Mine {
  registrationId: number;
  number: string;
  state: string;
  price: number;
  payBy: string | null;
  orderId: number | null;
  waitingPosition: number | null;
  ticketToken: string | null;
}

interface Options {
  open: boolean;
  ticketTypes: { ticketTypeId: number; price: number; seatsLeft: number; waiting: number; registered: boolean }[];
}

let site: Awaited<ReturnType<typeof jobsSite>>;
const people: Person[] = [];
const ids = { event: 0, other: 0, closed: 0, rush: 0, otherType: 0, closedType: 0 };

const register = (who: { auth: Record<string, string> }, body: Record<string, unknown>, lang?: 'zh-tw' | 'en-us') =>
  api<Mine>('/api/amsw0306/register', { method: 'POST', base: site.url(), lang, ...json(body, who.auth) });

const mine = async (who: { auth: Record<string, string> }) => {
  const { body } = await api<{ registrationList: Mine[] }>('/api/amsw0306/mine', {
    base: site.url(),
    headers: who.auth,
  });
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.registrationList;
};

/**
 * Each person's first registration, read ten people at a time: what they see, not a load test (the
 * rush above is one), so a busy machine never makes the reading itself the thing that fails.
 */
async function firstRegistrations(list: Person[]): Promise<Array<{ p: Person; reg: Mine }>> {
  const out: Array<{ p: Person; reg: Mine }> = [];
  for (let i = 0; i < list.length; i += 10)
    out.push(...(await Promise.all(list.slice(i, i + 10).map(async (p) => ({ p, reg: (await mine(p))[0]! })))));
  return out;
}

const options = async (who: { auth: Record<string, string> }) =>
  (await api<Options>(`/api/amsw0306?eventId=${ids.event}`, { base: site.url(), headers: who.auth })).body.data;

/** seats_taken, and the registrations of the rush's ticket type by state, from the database (server stopped). */
async function seatsInDatabase() {
  await site.stop();
  const result = await site.withDb(async (db) => {
    const [type] = await db.select().from(eventTicketTypes).where(eq(eventTicketTypes.id, ids.rush));
    const byState = await db
      .select({ state: eventRegistrations.state, n: sql<number>`count(*)::int` })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.ticketTypeId, ids.rush))
      .groupBy(eventRegistrations.state);
    const numbers = await db
      .select({ n: sql<number>`count(distinct ${eventRegistrations.number})::int` })
      .from(eventRegistrations);
    const all = await db.select({ n: sql<number>`count(*)::int` }).from(eventRegistrations);
    // Each seat awaiting payment has one order of the ticket's price, with one item, numbered in the orders' sequence.
    const paying = await db
      .select({
        registration: eventRegistrations.number,
        order: orders.number,
        amount: orders.amount,
        due: orders.dueAt,
        payBy: eventRegistrations.payBy,
        items: sql<number>`(SELECT count(*)::int FROM order_items WHERE order_id = ${orders.id})`,
      })
      .from(eventRegistrations)
      .innerJoin(orders, eq(orders.registrationId, eventRegistrations.id))
      .where(and(eq(eventRegistrations.ticketTypeId, ids.rush), eq(eventRegistrations.state, 'awaitingPayment')));
    return {
      seatsTaken: type!.seatsTaken,
      states: Object.fromEntries(byState.map((r) => [r.state, r.n])) as Record<string, number>,
      distinctNumbers: numbers[0]!.n,
      rows: all[0]!.n,
      paying,
    };
  });
  await site.start();
  return result;
}

const holding = (states: Record<string, number>) =>
  (states.awaitingApproval ?? 0) + (states.awaitingPayment ?? 0) + (states.confirmed ?? 0);

beforeAll(async () => {
  // The first start seeds the demo society (its staff and members) into the empty database.
  site = await registrationSite(async (db, categoryId) => {
    const now = Date.now();
    const open = { seats: SEATS, price: PRICE };
    const main = await addEvent(db, categoryId, new Date(now - HOUR), new Date(now + 10 * 24 * HOUR), open);
    const other = await addEvent(db, categoryId, new Date(now - HOUR), new Date(now + 10 * 24 * HOUR), open);
    const closed = await addEvent(db, categoryId, new Date(now - 48 * HOUR), new Date(now - HOUR), open);
    Object.assign(ids, {
      event: main.eventId,
      rush: main.ticketTypeId,
      other: other.eventId,
      otherType: other.ticketTypeId,
      closed: closed.eventId,
      closedType: closed.ticketTypeId,
    });
    people.push(...(await addPeople(db, RUSH + 10)));
  });
}, 240_000);

afterAll(async () => {
  await site?.drop();
});

describe('the rush for the seats (300 people, 50 seats, at once)', () => {
  it('seats exactly 50, puts 250 on the waiting list, loses no one and counts no one twice', async () => {
    const answers = await Promise.all(
      people
        .slice(0, RUSH)
        .map((p) => register(p, { eventId: ids.event, ticketTypeId: ids.rush, expectedPrice: PRICE })),
    );
    expect(answers.filter((a) => a.body.code !== 0).map((a) => a.body)).toEqual([]);
    const states = answers.map((a) => a.body.data.state);
    expect(states.filter((s) => s === 'awaitingPayment')).toHaveLength(SEATS);
    expect(states.filter((s) => s === 'waiting')).toHaveLength(RUSH - SEATS);
    expect(new Set(answers.map((a) => a.body.data.number)).size).toBe(RUSH);
    // A seat holder has an order to pay and a ticket; a waiting person neither.
    for (const a of answers) {
      const held = a.body.data.state === 'awaitingPayment';
      expect(a.body.data.orderId !== null, a.body.data.number).toBe(held);
      expect(a.body.data.ticketToken !== null, a.body.data.number).toBe(held);
      if (held) expect(a.body.data.ticketToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const seen = await options(people[0]!);
    expect(seen.ticketTypes[0]).toMatchObject({ seatsLeft: 0, waiting: RUSH - SEATS, registered: true });

    const db = await seatsInDatabase();
    expect(db.seatsTaken).toBe(SEATS);
    expect(holding(db.states)).toBe(SEATS);
    expect(db.states.waiting).toBe(RUSH - SEATS);
    expect(db.distinctNumbers).toBe(db.rows);
    expect(db.paying).toHaveLength(SEATS);
    for (const row of db.paying) {
      expect(row.registration).toMatch(/^G\d{4}-\d{6,}$/);
      expect(row.order).toMatch(/^O\d{4}-\d{6,}$/);
      expect(row).toMatchObject({ amount: PRICE, items: 1, due: row.payBy });
    }
    expect(new Set(db.paying.map((row) => row.order)).size).toBe(SEATS);
  }, 180_000);

  it('gives each freed seat to exactly one waiting person, the first, while others cancel and register at once', async () => {
    const rush = people.slice(0, RUSH);
    const lists = await firstRegistrations(rush);
    const holders = lists.filter((l) => l.reg.state === 'awaitingPayment');
    const waiting = lists
      .filter((l) => l.reg.state === 'waiting')
      .sort((a, b) => a.reg.waitingPosition! - b.reg.waitingPosition!);
    expect(waiting.map((w) => w.reg.waitingPosition)).toEqual(Array.from({ length: RUSH - SEATS }, (_, i) => i + 1));

    // Two seat holders cancel while two newcomers register and the third person waiting cancels.
    const newcomers = people.slice(RUSH, RUSH + 2);
    const raced = await Promise.all([
      ...holders.slice(0, 2).map((h) =>
        api('/api/amsw0306/cancel', {
          method: 'POST',
          base: site.url(),
          ...json({ registrationId: h.reg.registrationId }, h.p.auth),
        }),
      ),
      api('/api/amsw0306/cancel', {
        method: 'POST',
        base: site.url(),
        ...json({ registrationId: waiting[2]!.reg.registrationId }, waiting[2]!.p.auth),
      }),
      ...newcomers.map((p) => register(p, { eventId: ids.event, ticketTypeId: ids.rush, expectedPrice: PRICE })),
    ]);
    expect(raced.map((r) => r.body.code)).toEqual([0, 0, 0, 0, 0]);
    expect(raced.slice(0, 3).map((r) => (r.body.data as Mine).state)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    // The newcomers wait: the freed seats were never free for them.
    expect(raced.slice(3).map((r) => (r.body.data as Mine).state)).toEqual(['waiting', 'waiting']);

    const first = (await mine(waiting[0]!.p))[0]!;
    const second = (await mine(waiting[1]!.p))[0]!;
    expect(first).toMatchObject({ state: 'awaitingPayment', waitingPosition: null });
    expect(second).toMatchObject({ state: 'awaitingPayment', waitingPosition: null });
    expect(first.orderId).not.toBeNull();
    expect(new Date(first.payBy!).getTime()).toBeGreaterThan(Date.now() + 23 * HOUR);
    expect((await mine(waiting[3]!.p))[0]).toMatchObject({ state: 'waiting', waitingPosition: 1 });
    // Each is offered the seat by mail, in their own language, with the amount and the time to pay.
    for (const w of waiting.slice(0, 2)) {
      const offer = await mailWithSubject(
        w.p.email,
        w.p.locale === 'zh-tw' ? '候補名額已釋出給您' : 'A seat is yours from the waiting list',
      );
      expect(offer.text).toContain(
        w.p.locale === 'zh-tw' ? `新臺幣 ${PRICE.toLocaleString('en-US')} 元` : `NT$${PRICE.toLocaleString('en-US')}`,
      );
    }

    const db = await seatsInDatabase();
    expect(db.seatsTaken).toBe(SEATS);
    expect(holding(db.states)).toBe(SEATS);
    expect(db.states.waiting).toBe(RUSH - SEATS - 3 + 2);
    expect(db.states.cancelled).toBe(3);
  }, 120_000);
});

describe('paying and expiring', () => {
  it('confirms a registration once however often the gateway reports the payment', async () => {
    const holder = (await firstRegistrations(people.slice(0, RUSH))).find((l) => l.reg.state === 'awaitingPayment')!;
    const started = await api<{ fields: Record<string, string> }>('/api/amsw0501/pay', {
      method: 'POST',
      base: site.url(),
      ...json({ orderId: holder.reg.orderId }, holder.p.auth),
    });
    expect(started.body.code).toBe(0);
    const params = new URLSearchParams(
      decryptTradeInfo(started.body.data.fields.TradeInfo!, keys(site.env.SECRET_KEY))!,
    );
    expect(params.get('Amt')).toBe(String(PRICE));
    const merchantOrderNo = params.get('MerchantOrderNo')!;
    const notify = async () => {
      const res = await fetch(`${site.url()}/api/amsw0501/newebpay/notify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: gatewayPost(paid(merchantOrderNo, PRICE), { with: keys(site.env.SECRET_KEY) }),
      });
      return ((await res.json()) as { data: { outcome: string } }).data.outcome;
    };
    const outcomes = await Promise.all([notify(), notify(), notify()]);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    const confirmed = (await mine(holder.p))[0]!;
    expect(confirmed).toMatchObject({ state: 'confirmed', orderId: null });
    // The ticket is mailed once, in the registrant's language, its address on the configured site.
    const ticketSubject = holder.p.locale === 'zh-tw' ? '報名完成：您的電子票券' : 'Your ticket';
    await mailWithSubject(holder.p.email, ticketSubject);
    await new Promise((r) => setTimeout(r, 2_000));
    const tickets = (await mailsTo(holder.p.email, 0, 0)).filter((m) => m.subject.includes(ticketSubject));
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.text).toContain(
      `${SITE_URL}${holder.p.locale === 'en-us' ? '/en-us' : ''}/ticket/${confirmed.ticketToken}`,
    );
    // The member's payments page and the receipt know the order by what it paid for.
    const token = holder.p.auth.Authorization!.replace('Bearer ', '');
    const paymentsPage = await fetch(`${site.url()}/en-us/member/payment`, {
      headers: { Cookie: `ams-session=${token}` },
    });
    expect(paymentsPage.status).toBe(200);
    expect(await paymentsPage.text()).toContain('Registration: Annual congress (Full congress)');
    const receipt = await fetch(`${site.url()}/api/amsw0501/receipt?orderId=${holder.reg.orderId}`, {
      headers: holder.p.auth,
    });
    expect([receipt.status, receipt.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    // Paid, before the deadline: the registrant may still cancel it, all of it refunded (the event sets no rule).
    expect(confirmed).toMatchObject({ cancellable: true, refundIfCancelled: PRICE });
  }, 120_000);

  it('expires an unpaid registration past its time and offers its seat to the next person waiting', async () => {
    const lists = await firstRegistrations(people.slice(0, RUSH + 2));
    const unpaid = lists.find((l) => l.reg.state === 'awaitingPayment')!;
    const next = lists.find((l) => l.reg.state === 'waiting' && l.reg.waitingPosition === 1)!;
    await site.stop();
    await site.withDb((db) =>
      db
        .update(eventRegistrations)
        .set({ payBy: new Date(Date.now() - 60_000) })
        .where(eq(eventRegistrations.id, unpaid.reg.registrationId)),
    );
    await site.start();
    // The job runs at the first tick (JOB_TICK_SECONDS=1).
    let expired: Mine | undefined;
    for (let i = 0; i < 60 && expired?.state !== 'expired'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      expired = (await mine(unpaid.p))[0];
    }
    expect(expired).toMatchObject({ state: 'expired', orderId: null, ticketToken: null });
    expect((await mine(next.p))[0]).toMatchObject({ state: 'awaitingPayment' });
    const db = await seatsInDatabase();
    expect(db.seatsTaken).toBe(SEATS);
    expect(holding(db.states)).toBe(SEATS);
  }, 120_000);
});

describe('refusals, in both languages', () => {
  const person = () => people[RUSH + 5]!;

  it('refuses a changed price with the new one, a ticket type of another event, a closed registration and a second registration', async () => {
    const changed = await register(
      person(),
      { eventId: ids.event, ticketTypeId: ids.rush, expectedPrice: 999 },
      'en-us',
    );
    expect(changed.body).toMatchObject({ code: -10, data: { reason: 'priceChanged', price: PRICE } });
    expect(changed.body.message).toContain(`NT$${PRICE}`);
    const changedZh = await register(
      person(),
      { eventId: ids.event, ticketTypeId: ids.rush, expectedPrice: 999 },
      'zh-tw',
    );
    expect(changedZh.body.message).toContain(`新臺幣 ${PRICE} 元`);

    const foreign = await register(
      person(),
      { eventId: ids.event, ticketTypeId: ids.otherType, expectedPrice: PRICE },
      'en-us',
    );
    expect(foreign.body).toMatchObject({ code: -6, data: { reason: 'ticketTypeUnknown' } });
    expect(foreign.body.message).toBe("This ticket type is not one of this event's");

    const closed = await register(
      person(),
      { eventId: ids.closed, ticketTypeId: ids.closedType, expectedPrice: PRICE },
      'zh-tw',
    );
    expect(closed.body).toMatchObject({
      code: -10,
      data: { reason: 'registrationClosed' },
      message: '本活動報名已截止',
    });

    const once = await register(person(), { eventId: ids.other, ticketTypeId: ids.otherType, expectedPrice: PRICE });
    expect(once.body).toMatchObject({ code: 0, data: { state: 'awaitingPayment' } });
    const twice = await register(
      person(),
      { eventId: ids.other, ticketTypeId: ids.otherType, expectedPrice: PRICE },
      'en-us',
    );
    expect(twice.body).toMatchObject({
      code: -13,
      data: { reason: 'alreadyRegistered' },
      message: 'You already hold a registration for this ticket type',
    });
    const unknownEvent = await register(person(), {
      eventId: 999_999,
      ticketTypeId: ids.otherType,
      expectedPrice: PRICE,
    });
    expect(unknownEvent.body.code).toBe(-18);
  });

  it('keeps the desk to the events staff and admins (-11), and registration to signed-in individuals (-9)', async () => {
    for (const [method, path, body] of [
      ['GET', `/api/amsw1101/events/registration?eventId=${ids.event}`, undefined],
      ['GET', `/api/amsw1101/events/registrations?eventId=${ids.event}`, undefined],
      ['PUT', '/api/amsw1101/events/registration', { eventId: ids.event }],
    ] as const) {
      const init = body === undefined ? { method, headers: person().auth } : { method, ...json(body, person().auth) };
      const refused = await api(path, { base: site.url(), lang: 'en-us', ...init });
      expect(refused.body, path).toMatchObject({ code: -11, message: 'You do not have permission to do this' });
    }
    const anonymous = await api('/api/amsw0306/register', {
      method: 'POST',
      base: site.url(),
      ...json({ eventId: ids.event, ticketTypeId: ids.rush, expectedPrice: PRICE }),
    });
    expect(anonymous.body.code).toBe(-9);
  });
});

interface Setup {
  opensAt: string;
  closesAt: string;
  ticketTypes: {
    ticketTypeId: number;
    name: { 'zh-tw': string; 'en-us'?: string };
    capacity: number;
    seatsTaken: number;
    waiting: number;
    prices: { members: Record<string, number>; webUser: number };
  }[];
}

describe('the registration desk (events staff, admins)', () => {
  let admin: Record<string, string> = {};
  const desk = <T>(path: string, init: RequestInit & { lang?: 'zh-tw' | 'en-us' } = {}) =>
    api<T>(path, { base: site.url(), ...init, headers: { ...admin, ...(init.headers as Record<string, string>) } });
  const save = (body: Record<string, unknown>, lang: 'zh-tw' | 'en-us' = 'en-us') =>
    desk<Setup>('/api/amsw1101/events/registration', { method: 'PUT', lang, ...json(body, admin) });

  beforeAll(async () => {
    const session = await signIn('admin@example.org', 'Admin2026demo', 'individual', false, { base: site.url() });
    expect(session.body.code).toBe(0);
    admin = { Authorization: `Bearer ${session.token}` };
  });

  it('reads the seats and the lists, refuses a bad setup, and offers raised capacity down the waiting list', async () => {
    const read = await desk<Setup>(`/api/amsw1101/events/registration?eventId=${ids.event}`);
    expect(read.body.code).toBe(0);
    const type = read.body.data.ticketTypes[0]!;
    expect(type).toMatchObject({ ticketTypeId: ids.rush, capacity: SEATS, seatsTaken: SEATS });
    const base = {
      eventId: ids.event,
      opensAt: read.body.data.opensAt,
      closesAt: read.body.data.closesAt,
      ticketTypes: [{ ticketTypeId: ids.rush, name: type.name, capacity: SEATS, prices: type.prices }],
    };

    const below = await save({ ...base, ticketTypes: [{ ...base.ticketTypes[0], capacity: SEATS - 1 }] });
    expect(below.body).toMatchObject({
      code: -10,
      data: { reason: 'capacityBelowTaken', fields: ['ticketTypes.0.capacity'] },
      message: `The capacity cannot be less than the seats already taken (${SEATS})`,
    });
    const bad = await save({
      ...base,
      closesAt: base.opensAt,
      ticketTypes: [{ ...base.ticketTypes[0], capacity: 0, prices: { members: {}, webUser: -1 } }],
    });
    expect(bad.body.code).toBe(-10);
    expect(bad.body.data).toMatchObject({
      fields: expect.arrayContaining(['ticketTypes.0.capacity', 'ticketTypes.0.prices.webUser']),
    });
    const late = await save({ ...base, closesAt: base.opensAt });
    expect(late.body).toMatchObject({ code: -10, data: { fields: ['closesAt'] } });

    const waitingBefore = await desk<{ total: number; rows: { accountId: number; registrationId: number }[] }>(
      `/api/amsw1101/events/registrations?eventId=${ids.event}&ticketTypeId=${ids.rush}&state=waiting`,
    );
    expect(waitingBefore.body.code).toBe(0);
    const firstWaiting = (await firstRegistrations(people)).find(
      (l) => l.reg?.state === 'waiting' && l.reg.waitingPosition === 1,
    )!;

    const raised = await save({ ...base, ticketTypes: [{ ...base.ticketTypes[0], capacity: SEATS + 1 }] });
    expect(raised.body.code).toBe(0);
    expect(raised.body.data.ticketTypes[0]).toMatchObject({
      capacity: SEATS + 1,
      seatsTaken: SEATS + 1,
      waiting: waitingBefore.body.data.total - 1,
    });
    expect((await mine(firstWaiting.p))[0]).toMatchObject({ state: 'awaitingPayment' });
    const waitingAfter = await desk<{ total: number }>(
      `/api/amsw1101/events/registrations?eventId=${ids.event}&state=waiting`,
    );
    expect(waitingAfter.body.data.total).toBe(waitingBefore.body.data.total - 1);
  }, 60_000);

  it('asks the questions staff set, confirms a free ticket at once, and prices a member by their class', async () => {
    const read = await desk<Setup>(`/api/amsw1101/events/registration?eventId=${ids.other}`);
    const paidType = read.body.data.ticketTypes[0]!;
    const kept = { ticketTypeId: paidType.ticketTypeId, name: paidType.name, capacity: SEATS, prices: paidType.prices };
    const body = {
      eventId: ids.other,
      opensAt: read.body.data.opensAt,
      closesAt: read.body.data.closesAt,
      questions: { diet: 'required', receipt: 'optional', freeText: 'off' },
      ticketTypes: [
        kept,
        { name: { 'zh-tw': '工作坊', 'en-us': 'Workshop' }, capacity: 5, prices: { members: {}, webUser: 0 } },
      ],
      sessions: [
        {
          title: { 'zh-tw': '第一天', 'en-us': 'Day one' },
          day: '2026-12-30',
          startMinute: 540,
          endMinute: 1020,
          ticketTypes: [0, 1],
        },
      ],
    };
    // A ticket type someone registered for cannot be dropped.
    const dropped = await save({ ...body, ticketTypes: body.ticketTypes.slice(1), sessions: [] }, 'zh-tw');
    expect(dropped.body).toMatchObject({
      code: -10,
      data: { reason: 'ticketTypeInUse' },
      message: '已有人報名的票種無法刪除',
    });
    const saved = await save(body);
    expect(saved.body.code).toBe(0);
    const free = saved.body.data.ticketTypes[1]!.ticketTypeId;

    const who = people[RUSH + 6]!;
    const unanswered = await register(who, { eventId: ids.other, ticketTypeId: free, expectedPrice: 0 }, 'zh-tw');
    expect(unanswered.body).toMatchObject({
      code: -10,
      data: { reason: 'answerRequired', fields: ['answers.diet'] },
      message: '請填寫必答的問題',
    });
    const answered = await register(who, {
      eventId: ids.other,
      ticketTypeId: free,
      expectedPrice: 0,
      answers: { diet: '素食' },
    });
    expect(answered.body).toMatchObject({ code: 0, data: { state: 'confirmed', orderId: null, price: 0 } });
    expect(answered.body.data.ticketToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ticket = await mailWithSubject(who.email, who.locale === 'zh-tw' ? '報名完成：您的電子票券' : 'Your ticket');
    expect(ticket.text).toContain(answered.body.data.ticketToken);

    const member = await signIn('member@example.org', 'Member2026demo', 'individual', false, { base: site.url() });
    const seen = await api<Options>(`/api/amsw0306?eventId=${ids.event}`, {
      base: site.url(),
      headers: { Authorization: `Bearer ${member.token}` },
    });
    expect(seen.body.data.ticketTypes[0]).toMatchObject({ price: 800, priceTier: 'member', seatsLeft: 0 });
  }, 60_000);

  it('lets staff approve or reject a registration that needs approval, once, and no one else', async () => {
    const read = await desk<Setup>(`/api/amsw1101/events/registration?eventId=${ids.other}`);
    const [paidType, freeType] = read.body.data.ticketTypes;
    const saved = await save({
      eventId: ids.other,
      opensAt: read.body.data.opensAt,
      closesAt: read.body.data.closesAt,
      needsApproval: true,
      ticketTypes: [paidType, freeType].map((t) => ({
        ticketTypeId: t!.ticketTypeId,
        name: t!.name,
        capacity: t!.capacity,
        prices: t!.prices,
      })),
    });
    expect(saved.body.code).toBe(0);
    const [first, second] = [people[RUSH + 7]!, people[RUSH + 8]!];
    const held = await Promise.all(
      [first, second].map((p) =>
        register(p, { eventId: ids.other, ticketTypeId: paidType!.ticketTypeId, expectedPrice: PRICE }),
      ),
    );
    expect(held.map((h) => [h.body.code, h.body.data.state, h.body.data.orderId])).toEqual([
      [0, 'awaitingApproval', null],
      [0, 'awaitingApproval', null],
    ]);
    const decide = (registrationId: number, decision: string, auth = admin) =>
      api('/api/amsw1101/events/decide', {
        method: 'POST',
        base: site.url(),
        lang: 'en-us',
        ...json({ registrationId, decision }, auth),
      });
    expect((await decide(held[0]!.body.data.registrationId, 'approve', first.auth)).body.code).toBe(-11);
    expect((await decide(held[0]!.body.data.registrationId, 'approve')).body.code).toBe(0);
    expect((await decide(held[1]!.body.data.registrationId, 'reject')).body.code).toBe(0);
    expect((await decide(held[1]!.body.data.registrationId, 'approve')).body).toMatchObject({
      code: -10,
      data: { reason: 'registrationDecided' },
      message: 'This registration is not awaiting a decision any more',
    });
    const approved = (await mine(first))[0]!;
    expect(approved).toMatchObject({ state: 'awaitingPayment' });
    expect(approved.orderId).not.toBeNull();
    expect((await mine(second))[0]).toMatchObject({ state: 'rejected', ticketToken: null });
    await mailWithSubject(first.email, first.locale === 'zh-tw' ? '已通過審核，請完成繳費' : 'approved: please pay');
    await mailWithSubject(second.email, second.locale === 'zh-tw' ? '未獲通過' : 'was not approved');
  }, 60_000);
});
