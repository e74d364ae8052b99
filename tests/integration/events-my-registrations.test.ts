import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptTradeInfo } from '../../src/server/integrations/newebpay/crypto';
import { eq } from 'drizzle-orm';
import { eventRegistrations, eventRegistrationSetups } from '../../src/server/db/schema';
import { api, type CaughtMail, mailsTo, page, json as sameSiteJson, signIn, signUpIndividual } from './helpers';
import { type jobsSite, SITE_URL } from './jobs-helpers';
import { addEvent, addPeople, HOUR, type Person, registrationSite } from './registration-helpers';
import { gatewayPost, keys, paid } from './simulator-helpers';

/**
 * The registrant's own page of event registrations (/member/registrations), against a server of
 * its own: each state in words in both languages, the time to pay and the way there, the place on
 * the waiting list, the cancel button only where the registrant may cancel, and nobody else's.
 */

interface Mine {
  registrationId: number;
  number: string;
  state: string;
  cancellable: boolean;
  refundIfCancelled: number | null;
  orderId: number | null;
  ticketToken: string | null;
}

let site: Awaited<ReturnType<typeof jobsSite>>;
let people: Person[] = [];
const ids = {
  paid: 0,
  paidType: 0,
  free: 0,
  freeType: 0,
  later: 0,
  laterType: 0,
  talk: 0,
  talkType: 0,
  closed: 0,
  closedType: 0,
};

const json = (body: unknown, extra: Record<string, string> = {}) =>
  sameSiteJson(body, { Origin: site.url(), ...extra });
const register = async (who: Person, eventId: number, ticketTypeId: number, expectedPrice: number) =>
  (
    await api<Mine>('/api/amsw0306/register', {
      method: 'POST',
      base: site.url(),
      ...json({ eventId, ticketTypeId, expectedPrice }, who.auth),
    })
  ).body.data;
const mine = async (who: Person) =>
  (await api<{ registrationList: Mine[] }>('/api/amsw0306/mine', { base: site.url(), headers: who.auth })).body.data
    .registrationList;
const show = async (who: Person | null, path: string) => {
  const res = await fetch(`${site.url()}${path}`, { headers: who ? { Cookie: who.cookie } : {}, redirect: 'manual' });
  return { status: res.status, headers: res.headers, html: await res.text() };
};
/** The page's text with its tags and entities folded away, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');

beforeAll(async () => {
  site = await registrationSite(async (db, categoryId) => {
    const now = Date.now();
    const open = [new Date(now - HOUR), new Date(now + 10 * 24 * HOUR)] as const;
    const paid = await addEvent(db, categoryId, ...open, { seats: 1, price: 1200, startsInDays: 30 });
    const free = await addEvent(db, categoryId, ...open, {
      seats: 1,
      price: 0,
      startsInDays: 20,
      title: { 'zh-tw': '免費講座', 'en-us': 'Free lecture' },
    });
    const later = await addEvent(db, categoryId, ...open, {
      seats: 5,
      price: 500,
      startsInDays: 40,
      title: { 'zh-tw': '工作坊', 'en-us': 'Workshop' },
    });
    const talk = await addEvent(db, categoryId, ...open, {
      seats: 1,
      price: 0,
      startsInDays: 25,
      title: { 'zh-tw': '晚間演講', 'en-us': 'Evening talk' },
    });
    // Its cancellation deadline passed yesterday.
    const closed = await addEvent(db, categoryId, ...open, {
      seats: 5,
      price: 900,
      startsInDays: 15,
      title: { 'zh-tw': '截止講座', 'en-us': 'Closed lecture' },
    });
    await db
      .update(eventRegistrationSetups)
      .set({ cancelUntil: new Date(now - 24 * HOUR) })
      .where(eq(eventRegistrationSetups.eventId, closed.eventId));
    Object.assign(ids, {
      closed: closed.eventId,
      closedType: closed.ticketTypeId,
      talk: talk.eventId,
      talkType: talk.ticketTypeId,
      paid: paid.eventId,
      paidType: paid.ticketTypeId,
      free: free.eventId,
      freeType: free.ticketTypeId,
      later: later.eventId,
      laterType: later.ticketTypeId,
    });
    people = await addPeople(db, 7);
    // A paid, confirmed registration of the event past its cancellation deadline.
    await db.insert(eventRegistrations).values({
      number: 'T2026-900010',
      eventId: closed.eventId,
      ticketTypeId: closed.ticketTypeId,
      accountId: people[3]!.accountId,
      state: 'confirmed',
      price: 900,
      priceTier: 'webUser' as const,
      ticketToken: `test-token-${people[3]!.accountId}-closed`,
      confirmedAt: new Date(now - 2 * 24 * HOUR),
      createdAt: new Date(now - 4 * HOUR),
    });
    // The states only the office or the clock gives, written as they would leave them.
    await db.insert(eventRegistrations).values(
      (['expired', 'rejected', 'awaitingApproval'] as const).map((state, i) => ({
        number: `T2026-90000${i}`,
        eventId: later.eventId,
        ticketTypeId: later.ticketTypeId,
        accountId: people[3]!.accountId,
        state,
        price: 500,
        priceTier: 'webUser' as const,
        ticketToken: `test-token-${people[3]!.accountId}-${i}`,
        createdAt: new Date(now - (3 - i) * HOUR),
      })),
    );
  });
  const [first, second, third] = people;
  // The first holds the paid event's one seat (to pay) and the free one's (confirmed); the second
  // waits for the paid one; the third waited for the free one and cancelled.
  expect(await register(first!, ids.paid, ids.paidType, 1200)).toMatchObject({ state: 'awaitingPayment' });
  expect(await register(second!, ids.paid, ids.paidType, 1200)).toMatchObject({ state: 'waiting' });
  expect(await register(first!, ids.free, ids.freeType, 0)).toMatchObject({ state: 'confirmed' });
  const cancelled = await register(third!, ids.free, ids.freeType, 0);
  await api('/api/amsw0306/cancel', {
    method: 'POST',
    base: site.url(),
    ...json({ registrationId: cancelled.registrationId }, third!.auth),
  });
}, 240_000);

afterAll(async () => {
  await site.drop();
});

describe('the registrant’s registrations page', () => {
  it('lists the reader’s own registrations, the newest event first, each state in words, never cached', async () => {
    const [first, second] = people;
    const own = await mine(first!);
    const zh = await show(first!, '/member/registrations');
    expect(zh.status).toBe(200);
    expect(zh.headers.get('cache-control')).toContain('no-store');
    const zhText = text(zh.html);
    expect(zhText).toContain('年會');
    expect(zhText).toContain('全程');
    expect(zhText).toContain('待繳費');
    expect(zhText).toMatch(/請於 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} 前繳費/);
    expect(zhText).toContain('報名成功');
    expect(zhText).toContain('免費');
    for (const r of own) expect(zhText).toContain(r.number);
    // Each event leads to its public page, the order to the payments page; the newer event first.
    expect(zh.html).toContain(`href="/event/detail/${ids.paid}"`);
    expect(zh.html).toContain('href="/member/payment"');
    expect(zh.html.indexOf(`/event/detail/${ids.paid}"`)).toBeLessThan(zh.html.indexOf(`/event/detail/${ids.free}"`));
    // Both may still be cancelled: the unpaid one and the free one.
    expect(own.map((r) => r.cancellable)).toEqual([true, true]);
    expect(zh.html.match(/取消報名 [A-Z]\d{4}-\d+/g)).toHaveLength(2);
    // Nobody else's registration.
    for (const r of await mine(second!)) expect(zhText).not.toContain(r.number);

    const en = text((await show(first!, '/en-us/member/registrations')).html);
    expect(en).toContain('Annual congress');
    expect(en).toContain('Awaiting payment');
    expect(en).toMatch(/Pay by [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(en).toContain('Confirmed');
    expect(en).toContain('NT$1,200');
  });

  it('shows the place on the waiting list, and a cancelled registration without its button', async () => {
    const [, second, third] = people;
    const en = text((await show(second!, '/en-us/member/registrations')).html);
    expect(en).toContain('On the waiting list');
    expect(en).toContain('Number 1 on the waiting list');
    expect(text((await show(second!, '/member/registrations')).html)).toContain('候補第 1 位');
    const cancelled = await show(third!, '/member/registrations');
    expect(text(cancelled.html)).toContain('已取消');
    expect(cancelled.html).not.toMatch(/取消報名 [A-Z]\d{4}-\d+/);
    expect(text((await show(third!, '/en-us/member/registrations')).html)).toContain('Cancelled');
  });

  it('says expired, not approved and awaiting approval in both languages', async () => {
    const fourth = people[3]!;
    const en = text((await show(fourth, '/en-us/member/registrations')).html);
    for (const words of ['Expired', 'Not approved', 'Awaiting approval']) expect(en).toContain(words);
    const zh = (await show(fourth, '/member/registrations')).html;
    for (const words of ['已逾期', '未獲核准', '待審核']) expect(text(zh)).toContain(words);
    // Only the one awaiting approval may be cancelled.
    expect(zh.match(/取消報名 T2026-\d+/g)).toEqual(['取消報名 T2026-900002']);
  });

  it('refuses to cancel a paid registration past the deadline, and sends the registrant to the office', async () => {
    const fourth = people[3]!;
    const closed = (await mine(fourth)).find((r) => r.number === 'T2026-900010')!;
    expect(closed).toMatchObject({ state: 'confirmed', cancellable: false, refundIfCancelled: null });
    const refused = await api('/api/amsw0306/cancel', {
      method: 'POST',
      base: site.url(),
      ...json({ registrationId: closed.registrationId }, fourth.auth),
    });
    expect(refused.body).toMatchObject({ code: -10, data: { reason: 'cancelClosed' } });
    expect((await mine(fourth)).find((r) => r.number === 'T2026-900010')!.state).toBe('confirmed');
    expect(text((await show(fourth, '/member/registrations')).html)).toContain(
      '已繳費的報名如需取消，請與學會辦公室聯繫。',
    );
    expect(text((await show(fourth, '/en-us/member/registrations')).html)).toContain(
      'To cancel a paid registration, contact the society’s office.',
    );
  });

  it('says so when there is nothing, is in the account menu, and sends a reader signed out to sign in', async () => {
    const nobody = people[4]!;
    const en = await show(nobody, '/en-us/member/registrations');
    expect(en.status).toBe(200);
    expect(text(en.html)).toContain('You have not registered for any event yet.');
    expect(en.html).toContain('href="/en-us/member/registrations" aria-current="page"');
    expect(text((await show(nobody, '/member/registrations')).html)).toContain('您尚未報名任何活動。');
    const signedOut = await show(null, '/member/registrations');
    expect([signedOut.status, signedOut.headers.get('location')]).toEqual([
      302,
      '/login?redirect=%2Fmember%2Fregistrations',
    ]);
    expect((await show(null, '/en-us/member/registrations')).headers.get('location')).toBe(
      '/en-us/login?redirect=%2Fen-us%2Fmember%2Fregistrations',
    );
  });

  it('shows a member theirs too, linked from the member centre and the web user’s', async () => {
    const member = await signIn('member@example.org', 'Member2026demo');
    const res = await page('/en-us/member/registrations', { headers: { Cookie: member.cookie } });
    expect(res.status).toBe(200);
    // The demo member's congress ticket.
    expect(res.html).toContain('Asia-Pacific Clinical Education Summit 2026');
    expect(res.html).not.toContain('You have not registered for any event yet.');
    const centre = await page('/member/center', { headers: { Cookie: member.cookie } });
    expect(centre.html).toContain('href="/member/registrations"');
    const newcomer = await signUpIndividual();
    const web = await signIn(newcomer.email, newcomer.password);
    const webCentre = await page('/webUser/center', { headers: { Cookie: web.cookie } });
    expect(webCentre.html).toContain('href="/member/registrations"');
    const none = await page('/en-us/member/registrations', { headers: { Cookie: web.cookie } });
    expect(none.status).toBe(200);
    expect(none.html).toContain('You have not registered for any event yet.');
  });
});

describe('the ticket by mail', () => {
  /** The mails to a person naming `event` (and with `subject` in theirs), waiting briefly for `atLeast` of them. */
  async function mailsNaming(who: Person, event: string, subject = '', atLeast = 1): Promise<CaughtMail[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = (await mailsTo(who.email, 0, 0)).filter(
        (m) => m.subject.includes(subject) && m.text.includes(event),
      );
      if (found.length >= atLeast || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  /** The ticket mails to a person (subject in their language) naming `event`. */
  const ticketMails = (who: Person, event: string, atLeast = 1) =>
    mailsNaming(who, event, who.locale === 'zh-tw' ? '電子票券' : 'Your ticket', atLeast);
  /** The ticket's address the mail gives, on the configured site, in the registrant's language. */
  const ticketAddress = (who: Person, token: string) =>
    `${SITE_URL}${who.locale === 'en-us' ? '/en-us' : ''}/ticket/${token}`;
  /** The mail carries the ticket: its address in both parts, its QR code drawn in cells, no image; it opens the ticket. */
  async function expectTicket(mail: CaughtMail, who: Person, reg: Mine) {
    const address = ticketAddress(who, reg.ticketToken!);
    expect(mail.text).toContain(address);
    expect(mail.text).toContain(reg.number);
    expect(mail.html).toContain(`href="${address}"`);
    expect(mail.html).toContain(`href="${SITE_URL}${who.locale === 'en-us' ? '/en-us' : ''}/member/registrations"`);
    expect(mail.html).toMatch(/<table role="img" aria-label="[^"]+"/);
    expect(mail.html).toContain('bgcolor="#000000"');
    expect(mail.html).not.toMatch(/<img|src=/i);
    const ticket = await fetch(address.replace(SITE_URL, site.url()));
    expect(ticket.status).toBe(200);
    expect(await ticket.text()).toContain(reg.number);
  }
  /** A little while for a mail that should not come to arrive. */
  const settle = () => new Promise((r) => setTimeout(r, 2_000));

  it('mails a free registration its ticket once, in the registrant’s language', async () => {
    const first = people[0]!;
    const reg = (await mine(first)).find((r) => r.state === 'confirmed')!;
    const mails = await ticketMails(first, '免費講座');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^【.+】報名完成：您的電子票券$/);
    expect(mails[0]!.text).toMatch(/時間：\d{4}\/\d{2}\/\d{2}/);
    await expectTicket(mails[0]!, first, reg);
    await settle();
    expect(await ticketMails(first, '免費講座')).toHaveLength(1);
  });

  it('mails the ticket once when three payment notifications of one payment arrive at once', async () => {
    const payer = people[6]!;
    const held = await register(payer, ids.later, ids.laterType, 500);
    expect(held).toMatchObject({ state: 'awaitingPayment' });
    expect(await ticketMails(payer, '工作坊', 0)).toHaveLength(0);
    const started = await api<{ fields: Record<string, string> }>('/api/amsw0501/pay', {
      method: 'POST',
      base: site.url(),
      ...json({ orderId: held.orderId }, payer.auth),
    });
    expect(started.body.code).toBe(0);
    const merchantOrderNo = new URLSearchParams(
      decryptTradeInfo(started.body.data.fields.TradeInfo!, keys(site.env.SECRET_KEY))!,
    ).get('MerchantOrderNo')!;
    const notify = async () => {
      const res = await fetch(`${site.url()}/api/amsw0501/newebpay/notify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: gatewayPost(paid(merchantOrderNo, 500), { with: keys(site.env.SECRET_KEY) }),
      });
      return ((await res.json()) as { data: { outcome: string } }).data.outcome;
    };
    const outcomes = await Promise.all([notify(), notify(), notify()]);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    const reg = (await mine(payer)).find((r) => r.registrationId === held.registrationId)!;
    expect(reg.state).toBe('confirmed');
    const mails = await ticketMails(payer, '工作坊');
    expect(mails).toHaveLength(1);
    await expectTicket(mails[0]!, payer, reg);
    await settle();
    expect(await ticketMails(payer, '工作坊')).toHaveLength(1);
    // Paid, before the deadline: the registrant may cancel it, told first what comes back (no rule: all of it).
    expect(reg).toMatchObject({ cancellable: true, refundIfCancelled: 500 });
    const zh = await show(payer, '/member/registrations');
    expect(zh.html).toContain(`取消報名 ${reg.number}`);
    expect(text(zh.html)).toContain('現在取消，依活動退費規定將退還新臺幣 500 元');
    expect(text(zh.html)).not.toContain('已繳費的報名如需取消');
    expect(text((await show(payer, '/en-us/member/registrations')).html)).toContain(
      'Cancelled now, NT$500 is refunded under the event’s refund rule.',
    );
  });

  it('mails the ticket with the free seat a cancellation passes to the person waiting, once', async () => {
    const [holder, waiting] = [people[6]!, people[5]!];
    const held = await register(holder, ids.talk, ids.talkType, 0);
    expect(held).toMatchObject({ state: 'confirmed' });
    expect(await register(waiting, ids.talk, ids.talkType, 0)).toMatchObject({ state: 'waiting' });
    expect(await ticketMails(holder, '晚間演講')).toHaveLength(1);
    const cancelled = await api('/api/amsw0306/cancel', {
      method: 'POST',
      base: site.url(),
      ...json({ registrationId: held.registrationId }, holder.auth),
    });
    expect(cancelled.body.code).toBe(0);
    const reg = (await mine(waiting))[0]!;
    expect(reg.state).toBe('confirmed');
    // English, as this person reads: the waiting list's words and the ticket, one mail.
    const mails = await mailsNaming(waiting, 'Evening talk');
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('A seat is yours from the waiting list')]);
    expect(mails[0]!.text).toMatch(/When: [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expectTicket(mails[0]!, waiting, reg);
    await settle();
    expect((await mailsTo(waiting.email, 0, 0)).filter((m) => m.text.includes('Evening talk'))).toHaveLength(1);
  });
});
