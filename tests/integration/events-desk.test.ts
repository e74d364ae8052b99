import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taipeiDateTime } from '../../src/lib/calendar-date';
import {
  fieldOf,
  initialSetup,
  type SetupView,
  setupBody,
  ticketTypeValues,
  sessionValues,
} from '../../src/islands/staff/events/setup-values';
import { eq } from 'drizzle-orm';
import { eventCheckIns, eventRegistrationSetups, events } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { api, type CaughtMail, mailsTo, json as sameSiteJson } from './helpers';
import { type jobsSite, SITE_URL } from './jobs-helpers';
import { signedInOn, signedInWith } from './own-server';
import { taipeiDate } from '../../src/lib/calendar-date';
import { addEvent, addPeople, HOUR, payOrder, type Person, registrationSite } from './registration-helpers';
import { pdfText } from './pdf-helpers';
import { expectStaffRefusals } from './staff-refusals';
import { indexItems } from '../../src/server/services/search/index-content';

/**
 * The events desk of the staff console (issue 47) on a server of its own: who may open it, the
 * events listed with their registration state, the setup saved as the form's values make it, the
 * registrations filtered and approved, check-ins counted per session, and the exports.
 */

let site: Awaited<ReturnType<typeof jobsSite>>;
const people: Person[] = [];
const ids = { upcoming: 0, past: 0, refund: 0, refundType: 0 };
/** The refund event's registrants: two who pay, one waiting. */
const payers: Person[] = [];
const CLASSES = ['regular', 'student'];
const FORMULA = '=HYPERLINK("https://evil.example/","click")';

type Admin = Awaited<ReturnType<typeof signedInOn>>;
let admin: Admin;
let finance: Admin;

/** An event with no registration set up, indexed for search as the content desk indexes one. */
async function bareEvent(db: Db, categoryId: number, title: string, startsInDays: number) {
  const [event] = await db
    .insert(events)
    .values({
      categoryId,
      title: { 'zh-tw': `${title}（中）`, 'en-us': title },
      startsAt: new Date(Date.now() + startsInDays * 24 * HOUR),
      endsAt: new Date(Date.now() + (startsInDays + 1) * 24 * HOUR),
      publishedAt: new Date(Date.now() - HOUR),
    })
    .returning({ id: events.id });
  await indexItems(db, 'event', [event!.id]);
  return event!.id;
}

const put = (body: unknown) =>
  admin.call<SetupView>('/api/amsw1101/events/registration', {
    method: 'PUT',
    ...sameSiteJson(body, { Origin: site.url() }),
  });

const register = (who: Person, body: Record<string, unknown>) =>
  api<{ registrationId: number; number: string; state: string }>('/api/amsw0306/register', {
    method: 'POST',
    base: site.url(),
    ...sameSiteJson(body, { Origin: site.url(), ...who.auth }),
  });

/** The registration numbers a desk page's list of registrations shows (the waiting list below it left out). */
const numbersOn = (html: string) =>
  [...new Set(html.split('id="desk-waiting"')[0]!.match(/G\d{4}-\d{6}/g) ?? [])].sort();

beforeAll(async () => {
  site = await registrationSite(async (db, categoryId) => {
    ids.upcoming = await bareEvent(db, categoryId, 'Desk congress', 20);
    ids.past = await bareEvent(db, categoryId, 'Desk workshop long past', -40);
    people.push(...(await addPeople(db, 4)));
    // A paid event of two seats, 20 days ahead: half back from 7 days before, nothing after.
    const refund = await addEvent(db, categoryId, new Date(Date.now() - HOUR), new Date(Date.now() + 10 * 24 * HOUR), {
      seats: 2,
      price: 1200,
      startsInDays: 20,
      title: { 'zh-tw': '退費研討會', 'en-us': 'Refund seminar' },
    });
    await db
      .update(eventRegistrationSetups)
      .set({ refundRule: { steps: [{ daysBefore: 7, percent: 50 }] } })
      .where(eq(eventRegistrationSetups.eventId, refund.eventId));
    Object.assign(ids, { refund: refund.eventId, refundType: refund.ticketTypeId });
    payers.push(...(await addPeople(db, 3)));
  });
  admin = await signedInOn(site.url(), 'admin@example.org', 'Admin2026demo');
  finance = await signedInOn(site.url(), 'finance@example.org', 'Finance2026demo');
}, 180_000);

afterAll(async () => {
  await site.drop();
});

const setup: { view: SetupView | null; full: number; day: number; numbers: string[] } = {
  view: null,
  full: 0,
  day: 0,
  numbers: [],
};

describe('the events desk', () => {
  it('lists the events with their registration state, upcoming first, filtered, in both languages', async () => {
    const zh = await admin.page('/staff/events');
    expect(zh.status).toBe(200);
    expect(zh.html).toContain('Desk congress（中）');
    expect(zh.html).toContain(`/staff/events/${ids.upcoming}/setup`);
    expect(zh.html.indexOf('Desk congress（中）')).toBeLessThan(zh.html.indexOf('Desk workshop long past（中）'));
    const en = await admin.page('/en-us/staff/events?when=past');
    expect(en.html).toContain('Desk workshop long past');
    expect(en.html).not.toContain('Desk congress<');
    expect(en.html).toContain('Set up registration');
    const none = await admin.page('/en-us/staff/events?state=open');
    expect(none.html).not.toContain('Desk congress');
    // Words are matched as site search matches them: by word form, in either language.
    const words = await admin.page(`/en-us/staff/events?q=${encodeURIComponent('workshops long')}`);
    expect(words.html).toContain('Desk workshop long past');
    expect(words.html).not.toContain('Desk congress');
    const zhWords = await admin.page(`/staff/events?q=${encodeURIComponent('中 congress')}`);
    expect(zhWords.html).toContain('Desk congress（中）');
    expect(zhWords.html).not.toContain('Desk workshop long past');
  });

  it('opens to the events desk and the admin only', async () => {
    await expectStaffRefusals({
      base: site.url(),
      role: 'events',
      endpoints: [
        [`/api/amsw1101/events/checkIns?eventId=${ids.upcoming}`, 'GET'],
        [`/api/amsw1101/events/export?eventId=${ids.upcoming}`, 'GET'],
        [`/api/amsw1101/events/badges?eventId=${ids.upcoming}`, 'GET'],
      ],
      pages: [
        '/staff/events',
        `/staff/events/${ids.upcoming}`,
        `/en-us/staff/events/${ids.past}/setup`,
        `/staff/events/${ids.upcoming}/report`,
      ],
      opens: [`/api/amsw1101/events/checkIns?eventId=${ids.upcoming}`],
    });
    // An unknown event is not found.
    expect((await admin.page('/staff/events/999999')).status).toBe(404);
    expect((await admin.page('/staff/events/999999/setup')).status).toBe(404);
  }, 180_000);

  it('saves the setup as the form’s values make it, and reads it back into the same values', async () => {
    const { values, rows } = initialSetup(null, CLASSES);
    const now = Date.now();
    Object.assign(values, {
      opensAt: taipeiDateTime(new Date(now - HOUR)),
      closesAt: taipeiDateTime(new Date(now + 10 * 24 * HOUR)),
      earlyBirdUntil: taipeiDateTime(new Date(now + 5 * 24 * HOUR)),
      needsApproval: true,
      diet: 'optional',
      freeText: 'optional',
      freeTextLabelZh: '備註',
      freeTextLabelEn: 'Notes',
      't0.nameZh': '全程',
      't0.nameEn': 'Full congress',
      't0.capacity': '2',
      't0.price.webUser': '0',
    });
    // A second ticket type and a session, added as the form adds them.
    rows.types.push('t1000');
    Object.assign(values, ticketTypeValues('t1000', CLASSES), {
      't1000.nameZh': '單日',
      't1000.nameEn': 'One day',
      't1000.capacity': '5',
      't1000.price.webUser': '300',
      't1000.price.regular': '200',
      't1000.earlyOn': true,
      't1000.early.webUser': '250',
    });
    rows.sessions.push('s1000');
    Object.assign(values, sessionValues('s1000', rows.types), {
      's1000.titleZh': '第一天',
      's1000.day': '2026-12-24',
      's1000.start': '09:00',
      's1000.end': '17:30',
      's1000.needsCheckOut': true,
    });
    const saved = await put(setupBody(ids.upcoming, values, rows, CLASSES, () => []));
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data.ticketTypes.map((t) => [t.name['en-us'], t.capacity, t.prices])).toEqual([
      ['Full congress', 2, { members: {}, webUser: 0 }],
      ['One day', 5, { members: { regular: 200 }, webUser: 300 }],
    ]);
    expect(saved.data.opensAt).toBe(new Date(`${values.opensAt}:00+08:00`).toISOString());
    expect(saved.data.sessions[0]).toMatchObject({
      day: '2026-12-24',
      startMinute: 540,
      endMinute: 1050,
      needsCheckOut: true,
      ticketTypeIds: saved.data.ticketTypes.map((t) => t.ticketTypeId),
    });
    setup.view = saved.data;
    setup.full = saved.data.ticketTypes[0]!.ticketTypeId;
    setup.day = saved.data.ticketTypes[1]!.ticketTypeId;
    // Read back into the form, the same body again.
    const again = initialSetup(saved.data, CLASSES);
    const body = setupBody(ids.upcoming, again.values, again.rows, CLASSES, () => []);
    expect(body.ticketTypes.map((t) => t.ticketTypeId)).toEqual([setup.full, setup.day]);
    expect((await put(body)).code).toBe(0);
    const page = await admin.page(`/en-us/staff/events/${ids.upcoming}/setup`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Desk congress');
  });

  it('lists the registrations with their filters, the waiting list in order, and approves one', async () => {
    const answers = { diet: '@SUM(1)', freeText: FORMULA };
    for (const [i, type] of [setup.full, setup.full, setup.full, setup.day].entries()) {
      const expectedPrice = type === setup.day ? 250 : 0;
      const done = await register(people[i]!, {
        eventId: ids.upcoming,
        ticketTypeId: type,
        expectedPrice,
        answers: i === 0 ? answers : {},
      });
      expect(done.body.code, done.body.message).toBe(0);
      setup.numbers.push(done.body.data.number);
    }
    const [first, second, third, oneDay] = setup.numbers;
    const desk = await admin.page(`/en-us/staff/events/${ids.upcoming}`);
    expect(desk.status).toBe(200);
    expect(numbersOn(desk.html)).toEqual([...setup.numbers].sort());
    expect(desk.html).toContain('Waiting list (1)');
    expect(desk.html.split('id="desk-waiting"')[1]).toContain(third);
    expect(desk.html).toContain('Export CSV');
    const base = `/en-us/staff/events/${ids.upcoming}`;
    expect(numbersOn((await admin.page(`${base}?q=${encodeURIComponent(people[1]!.email)}`)).html)).toEqual([second]);
    expect(numbersOn((await admin.page(`${base}?q=${third}&state=`)).html)).toEqual([third]);
    expect(numbersOn((await admin.page(`${base}?ticketTypeId=${setup.day}`)).html)).toEqual([oneDay]);
    expect(numbersOn((await admin.page(`${base}?state=waiting`)).html)).toEqual([third]);
    const unpaid = await admin.page(`${base}?paid=no`);
    expect(numbersOn(unpaid.html)).toEqual([...setup.numbers].sort());
    expect((await admin.page(`${base}?paid=yes`)).html).toContain('No registration matches.');
    // The API's list takes the same filter.
    const listed = await admin.call<{ rows: { number: string; answers: { freeText?: string } }[]; total: number }>(
      `/api/amsw1101/events/registrations?eventId=${ids.upcoming}&q=${first}`,
    );
    expect(listed.data.total).toBe(1);
    expect(listed.data.rows[0]!.answers.freeText).toBe(FORMULA);

    const registrations = await admin.call<{ rows: { registrationId: number; number: string; state: string }[] }>(
      `/api/amsw1101/events/registrations?eventId=${ids.upcoming}&state=awaitingApproval`,
    );
    const approving = registrations.data.rows.find((r) => r.number === first)!;
    const decided = await admin.call('/api/amsw1101/events/decide', {
      method: 'POST',
      ...sameSiteJson({ registrationId: approving.registrationId, decision: 'approve' }, { Origin: site.url() }),
    });
    expect(decided.code).toBe(0);
    const after = await admin.page(`${base}?state=confirmed`);
    expect(numbersOn(after.html)).toEqual([first]);
  });

  it('refuses a capacity below the seats taken by the field the form shows', async () => {
    const { values, rows } = initialSetup(setup.view, CLASSES);
    values['t0.capacity'] = '1';
    const refused = await put(setupBody(ids.upcoming, values, rows, CLASSES, () => []));
    expect(refused.code).toBe(-10);
    const fields = (refused.data as unknown as { fields: string[] }).fields;
    expect(fields.map((f) => fieldOf(f.split('.'), rows))).toEqual(['t0.capacity']);
  });

  it('exports the filtered registrations as CSV and Excel, formula-safe, headed in both languages', async () => {
    const file = async (query: string) =>
      fetch(`${site.url()}/api/amsw1101/events/export?eventId=${ids.upcoming}&${query}`, { headers: admin.auth });
    const csv = await file('format=csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="registrations-\d+-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = new TextDecoder().decode(bytes).trimEnd().split('\r\n');
    expect(header).toContain('報名編號 Registration');
    expect(header).toContain('報名時間（臺北） Registered (Taipei)');
    expect(lines).toHaveLength(4);
    const first = lines.find((l) => l.startsWith(setup.numbers[0]!))!;
    expect(first).toContain(`"'=HYPERLINK(""https://evil.example/"",""click"")"`);
    expect(first).toContain("'@SUM(1)");
    expect(first).toContain('已確認 confirmed');
    // Filtered as the desk lists them.
    const waiting = await (await file('format=csv&state=waiting')).text();
    expect(waiting.trimEnd().split('\r\n')).toHaveLength(2);

    const xlsx = await file('format=xlsx');
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).text === setup.numbers[0])!;
    const cell = row.getCell(13);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(`'${FORMULA}`);
    expect(cell.numFmt).toBe('@');
    expect(sheet.getRow(1).getCell(1).text).toBe('報名編號 Registration');
  });

  it('prints the confirmed registrations’ name badges with their tickets’ QR, in the language asked', async () => {
    const pdf = await fetch(`${site.url()}/api/amsw1101/events/badges?eventId=${ids.upcoming}&lang=en-us`, {
      headers: admin.auth,
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    // Only the approved one is confirmed: one badge.
    expect(text).toContain(setup.numbers[0]!);
    expect(text).toContain('Hsiao-ming Wang');
    expect(text).toContain('Full congress');
    for (const other of setup.numbers.slice(1)) expect(text).not.toContain(other);
    const none = await fetch(
      `${site.url()}/api/amsw1101/events/badges?eventId=${ids.upcoming}&ticketTypeId=${setup.day}`,
      { headers: admin.auth },
    );
    expect(pdfText(new Uint8Array(await none.arrayBuffer()))).toContain('沒有已確認的報名可印名牌');
  });

  it('counts the check-ins of each session from the doors’ rows', async () => {
    const registrations = await admin.call<{ rows: { registrationId: number; number: string }[] }>(
      `/api/amsw1101/events/registrations?eventId=${ids.upcoming}&state=confirmed`,
    );
    const sessionId = setup.view!.sessions[0]!.sessionId;
    await site.stop();
    try {
      await site.withDb(async (db) => {
        await db.insert(eventCheckIns).values({
          registrationId: registrations.data.rows[0]!.registrationId,
          sessionId,
          direction: 'in',
          doorAccountId: people[3]!.accountId,
        });
      });
    } finally {
      await site.start();
    }
    // The session outlives the restart (it is in the database); the server's address is new.
    admin = signedInWith(site.url(), { token: admin.auth.Authorization.slice('Bearer '.length), cookie: admin.cookie });
    finance = signedInWith(site.url(), {
      token: finance.auth.Authorization.slice('Bearer '.length),
      cookie: finance.cookie,
    });
    const counts = await admin.call<{ sessions: { sessionId: number; checkedIn: number; admitted: number }[] }>(
      `/api/amsw1101/events/checkIns?eventId=${ids.upcoming}`,
    );
    expect(counts.code).toBe(0);
    // Seats held: the approved one, the one awaiting approval, and the one-day ticket.
    expect(counts.data.sessions).toEqual([
      expect.objectContaining({ sessionId, checkedIn: 1, checkedOut: 0, admitted: 3 }),
    ]);
    const desk = await admin.page(`/en-us/staff/events/${ids.upcoming}`);
    expect(desk.html).toContain('Checked in: 1 of 3');
    // The report: registrations on one day, four made and three holding a seat; no money yet; one check-in.
    const report = await admin.page(`/en-us/staff/events/${ids.upcoming}/report`);
    expect(report.status).toBe(200);
    expect(report.html).toContain('Registrations per day');
    expect(report.html.match(/Nothing yet/g)).toHaveLength(1);
    expect(report.html.split('id="event-revenue')[0]).toMatch(/>4<\/td>[^]*>3<\/td>/);
  }, 120_000);
});

describe('cancelling a paid registration and its refund', () => {
  interface Mine {
    registrationId: number;
    number: string;
    state: string;
    orderId: number | null;
    cancellable: boolean;
    refundIfCancelled: number | null;
    refundDue: number | null;
  }
  const mine = async (who: Person) =>
    (await api<{ registrationList: Mine[] }>('/api/amsw0306/mine', { base: site.url(), headers: who.auth })).body.data
      .registrationList;
  const cancelOwn = (who: Person, registrationId: number) =>
    api('/api/amsw0306/cancel', {
      method: 'POST',
      base: site.url(),
      ...sameSiteJson({ registrationId }, { Origin: site.url(), ...who.auth }),
    });
  const staffCancel = (body: Record<string, unknown>) =>
    admin.call<{ state: string; refundDue: number | null }>('/api/amsw1101/events/cancel', {
      method: 'POST',
      ...sameSiteJson(body, { Origin: site.url() }),
    });
  /** The cancellation mails to a person naming the refund seminar, waiting briefly for `atLeast`. */
  async function cancelMails(who: Person, atLeast = 1): Promise<CaughtMail[]> {
    const subject = who.locale === 'zh-tw' ? '您的報名已取消' : 'Your registration is cancelled';
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = (await mailsTo(who.email, 0, 0)).filter((m) => m.subject.includes(subject));
      if (found.length >= atLeast || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const regs: Mine[] = [];

  it('lets a registrant cancel a paid registration once, however often pressed, the seat to the first waiting and half refunded', async () => {
    const [first, second, third] = payers;
    for (const who of [first!, second!]) {
      const done = await register(who, { eventId: ids.refund, ticketTypeId: ids.refundType, expectedPrice: 1200 });
      expect(done.body.data.state).toBe('awaitingPayment');
      const [reg] = await mine(who);
      expect(await payOrder(site, who, reg!.orderId!, 1200)).toBe('applied');
    }
    expect(
      (await register(third!, { eventId: ids.refund, ticketTypeId: ids.refundType, expectedPrice: 1200 })).body.data
        .state,
    ).toBe('waiting');
    const [paid] = await mine(first!);
    // 20 days ahead: the step of 7 days gives half, stated before cancelling.
    expect(paid).toMatchObject({ state: 'confirmed', cancellable: true, refundIfCancelled: 600, refundDue: null });
    regs.push(paid!);
    // Someone else's registration is not theirs to cancel.
    expect((await cancelOwn(second!, paid!.registrationId)).body.code).toBe(-6);
    // Two presses at once: one cancels, the other is told it can no longer be.
    const answers = await Promise.all([
      cancelOwn(first!, paid!.registrationId),
      cancelOwn(first!, paid!.registrationId),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([-10, 0]);
    expect(answers.find((a) => a.body.code === -10)!.body.data).toMatchObject({ reason: 'registrationNotCancellable' });
    expect((await mine(first!))[0]).toMatchObject({ state: 'cancelled', refundDue: 600, cancellable: false });
    // The seat went to the one waiting: theirs to pay now.
    expect((await mine(third!))[0]).toMatchObject({ state: 'awaitingPayment' });
    // One mail, in their language, with the refund and the link to their registrations on the configured site.
    const mails = await cancelMails(first!);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await cancelMails(first!)).toHaveLength(1);
    expect(mails[0]!.text).toContain('學會將退還新臺幣 600 元');
    expect(mails[0]!.text).toContain(paid!.number);
    expect(mails[0]!.html).toContain(`href="${SITE_URL}/member/registrations"`);
  }, 120_000);

  it('lets the desk cancel a paid registration with another refund, at most what was paid, audited', async () => {
    const second = payers[1]!;
    const [reg] = await mine(second);
    regs.push(reg!);
    const desk = await admin.page(`/en-us/staff/events/${ids.refund}?q=${reg!.number}`);
    expect(desk.html).toContain('Paid NT$1,200');
    expect(desk.html).toContain(`Cancel registration ${reg!.number}`);
    const tooMuch = await staffCancel({ registrationId: reg!.registrationId, refund: 1300 });
    expect(tooMuch).toMatchObject({ code: -10, data: { reason: 'refundOverPaid', paid: 1200 } });
    expect((await mine(second))[0]!.state).toBe('confirmed');
    const done = await staffCancel({ registrationId: reg!.registrationId, refund: 1000 });
    expect(done).toMatchObject({ code: 0, data: { state: 'cancelled', refundDue: 1000 } });
    expect((await staffCancel({ registrationId: reg!.registrationId })).data).toMatchObject({
      reason: 'registrationNotCancellable',
    });
    const [mail] = await cancelMails(second);
    expect(mail!.text).toContain('the society will refund NT$1,000');
    expect(mail!.html).toContain(`href="${SITE_URL}/en-us/member/registrations"`);
    const after = await admin.page(`/en-us/staff/events/${ids.refund}?state=cancelled`);
    expect(after.html).toContain('Refund due NT$1,000');
    expect(after.html).toContain('Refund due NT$600');
    const audit = await admin.page('/en-us/staff/audit?action=registration');
    expect(audit.html).toContain('Registration cancelled by staff');
  }, 120_000);

  it('shows finance the refunds due until the refunds recorded reach them', async () => {
    const orderNumbers: string[] = [];
    const paymentOf = async (reg: Mine) => {
      const rows = await admin.call<{ rows: { number: string; orderNumber: string }[] }>(
        `/api/amsw1101/events/registrations?eventId=${ids.refund}&q=${reg.number}`,
      );
      const orderNumber = rows.data.rows[0]!.orderNumber;
      orderNumbers.push(orderNumber);
      const orders = await finance.call<{ rows: { payments: { paymentId: number }[] }[] }>(
        `/api/amsw1101/money/orders?q=${orderNumber}`,
      );
      return orders.data.rows[0]!.payments[0]!.paymentId;
    };
    const [own, desk] = [await paymentOf(regs[0]!), await paymentOf(regs[1]!)];
    const dueList = async () =>
      (await finance.page('/en-us/staff/money')).html.split('id="refunds-due"')[1]?.split('</section>')[0] ?? '';
    let listed = await dueList();
    expect(listed).toContain(`href="/en-us/staff/money?q=${orderNumbers[0]}"`);
    expect(listed).toContain('due NT$600, refunded NT$0');
    expect(listed).toContain('due NT$1,000, refunded NT$0');
    expect((await finance.page('/staff/money')).html).toContain('已取消活動報名的待退款項（2）');
    const refund = (paymentId: number, amount: number) =>
      finance.post('/api/amsw1101/money/payments/refund', {
        paymentId,
        amount,
        refundedOn: taipeiDate(),
        method: 'bankTransfer',
        reference: 'TX-REG',
        reason: 'Registration cancelled',
      });
    expect((await refund(own, 600)).code).toBe(0);
    expect((await refund(desk, 400)).code).toBe(0);
    listed = await dueList();
    expect(listed).not.toContain(orderNumbers[0]);
    expect(listed).toContain('due NT$1,000, refunded NT$400');
    expect((await refund(desk, 600)).code).toBe(0);
    expect((await finance.page('/en-us/staff/money')).html).not.toContain('id="refunds-due"');
    // The desk's rows say what was paid, due back and refunded.
    const rows = (await admin.page(`/en-us/staff/events/${ids.refund}?q=${regs[1]!.number}`)).html;
    expect(rows).toContain('Refunded NT$1,000');
  }, 120_000);
});
