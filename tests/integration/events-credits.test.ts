import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, startOfTaipeiDate, taipeiDate } from '../../src/lib/calendar-date';
import { formatVerifyCode } from '../../src/lib/documents/verify-code';
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import {
  certificationKinds,
  creditEntries,
  eventCheckIns,
  eventRegistrations,
  eventSessions,
  issuedDocuments,
  auditLog,
  mailOutbox,
} from '../../src/server/db/schema';
import { installRuntime } from '../../src/server/runtime';
import { startRuntime } from '../../src/server/start';
import { postEventCredits } from '../../src/server/services/registrations/attendance-credits';
import { api, mailsTo, json as sameSiteJson, signIn } from './helpers';
import { type jobsSite, SITE_URL } from './jobs-helpers';
import { addEvent, addPeople, HOUR, type Person, registrationSite } from './registration-helpers';
import { signedInWith } from './own-server';
import { initialSetup, type SetupView, setupBody } from '../../src/islands/staff/events/setup-values';

/**
 * Event attendance as credits (decision record 041, "Decision — credits") on a server of its own:
 * the job run in this process with its `now` (the server stopped, on the same database) posts each
 * session the day after it, once however often and however many run it at once; the server then
 * shows the attendees their ledger and their certificate of attendance, `/verify` knows it, and a
 * staff correction posts the session again.
 */

let site: Awaited<ReturnType<typeof jobsSite>>;
const folder = mkdtempSync(path.join(tmpdir(), 'events-credits-'));
/** Yesterday, the day of the congress's sessions; the workshop is today. */
const held = addDays(taipeiDate(), -1);
const ids = { event: 0, workshop: 0, kind: 0, s1: 0, s2: 0, s3: 0, s4: 0, today: 0 };
/**
 * a: in at S1 and S3, in but never out at S2; b: in at S1, in and out at S2; c: registered, never
 * scanned; d: cancelled, scanned; e: at S2 for 60 % of it; f: at S2 for a quarter of it.
 */
let a: Person, b: Person, c: Person, d: Person, e: Person, f: Person;
const regs = { a: 0, b: 0, c: 0, d: 0, e: 0, f: 0 };

const json = (body: unknown, extra: Record<string, string> = {}) =>
  sameSiteJson(body, { Origin: site.url(), ...extra });
/** A Taipei wall-clock time on `day` (minutes since midnight) as a moment. */
const at = (day: string, minute: number) => new Date(startOfTaipeiDate(day).getTime() + minute * 60_000);

/** Runs the job in this process with `now`, on the server's database while it is stopped. */
async function runJob(nows: Date[]): Promise<number[]> {
  await site.stop();
  const rt = await startRuntime(
    loadConfig({ ...site.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    'events-credits',
    { prepareData: false },
  );
  installRuntime(rt);
  try {
    // Started together: on PostgreSQL they meet on the event's lock, on the embedded database they take turns.
    return await Promise.all(nows.map((now) => postEventCredits(now)));
  } finally {
    await rt.mailer.close();
    await rt.database.close();
  }
}

/** The event's posted entries, by session and account, from the database (server stopped). */
async function posted(db: Db) {
  return db
    .select({
      sessionId: creditEntries.sourceId,
      accountId: creditEntries.accountId,
      points: creditEntries.points,
      status: creditEntries.status,
    })
    .from(creditEntries)
    .where(
      and(
        eq(creditEntries.source, 'event'),
        inArray(creditEntries.sourceId, [ids.s1, ids.s2, ids.s3, ids.today]),
        eq(creditEntries.status, 'posted'),
      ),
    );
}

const certificates = (db: Db) =>
  db
    .select()
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.kind, 'attendance'), eq(issuedDocuments.subjectId, ids.event)));

/** The text of a PDF, as poppler's pdftotext reads it. */
function pdfText(bytes: ArrayBuffer): string {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.from(bytes));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  site = await registrationSite(async (db, categoryId) => {
    const now = Date.now();
    [a, b, c, d, e, f] = (await addPeople(db, 6)) as [Person, Person, Person, Person, Person, Person];
    const [licence] = await db
      .select({ id: certificationKinds.id })
      .from(certificationKinds)
      .where(eq(certificationKinds.code, 'licence'));
    ids.kind = licence!.id;
    const event = await addEvent(db, categoryId, new Date(now - 30 * 24 * HOUR), new Date(now - 3 * 24 * HOUR), {
      seats: 10,
      price: 0,
      title: { 'zh-tw': '急重症年會', 'en-us': 'Critical care congress' },
      startsInDays: -1,
    });
    const workshop = await addEvent(db, categoryId, new Date(now - 30 * 24 * HOUR), new Date(now - 3 * 24 * HOUR), {
      seats: 10,
      price: 0,
      startsInDays: 0,
    });
    ids.event = event.eventId;
    ids.workshop = workshop.eventId;
    // Marked posted until the first test: the server's own tick leaves them (and mails no one); the test runs the job.
    const credited = {
      kindId: ids.kind,
      category: 'professional',
      creditClass: 'A' as const,
      creditsPostedAt: new Date(now),
    };
    const sessions = await db
      .insert(eventSessions)
      .values([
        {
          eventId: event.eventId,
          position: 0,
          title: { 'zh-tw': '休克處置', 'en-us': 'Managing shock' },
          day: held,
          startMinute: 540,
          endMinute: 720,
          points: 30,
          ...credited,
        },
        {
          eventId: event.eventId,
          position: 1,
          title: { 'zh-tw': '呼吸器工作坊', 'en-us': 'Ventilator workshop' },
          day: held,
          startMinute: 780,
          endMinute: 900,
          points: 20,
          needsCheckOut: true,
          ...credited,
        },
        {
          eventId: event.eventId,
          position: 2,
          title: { 'zh-tw': '會員大會', 'en-us': 'General assembly' },
          day: held,
          startMinute: 960,
          endMinute: 1020,
          creditsPostedAt: new Date(now),
        },
        {
          eventId: event.eventId,
          position: 3,
          title: { 'zh-tw': '講者餐會', 'en-us': 'Speakers’ lunch' },
          day: held,
          startMinute: 720,
          endMinute: 780,
          // Admits only the workshop's ticket type: no congress registration can attend it.
          ticketTypeIds: [workshop.ticketTypeId],
          creditsPostedAt: new Date(now),
        },
        {
          eventId: workshop.eventId,
          position: 0,
          title: { 'zh-tw': '今日工作坊', 'en-us': 'Today’s workshop' },
          day: taipeiDate(),
          startMinute: 0,
          endMinute: 60,
          points: 10,
          ...credited,
        },
      ])
      .returning({ id: eventSessions.id });
    [ids.s1, ids.s2, ids.s3, ids.s4, ids.today] = sessions.map((s) => s.id) as [number, number, number, number, number];
    const registration = (who: Person, eventId: number, ticketTypeId: number, state: 'confirmed' | 'cancelled') => ({
      number: `CR-${who.accountId}-${eventId}`,
      eventId,
      ticketTypeId,
      accountId: who.accountId,
      state,
      price: 0,
      priceTier: 'webUser' as const,
      ticketToken: `credits-${who.accountId}-${eventId}`,
      confirmedAt: new Date(now - 10 * 24 * HOUR),
    });
    const rows = await db
      .insert(eventRegistrations)
      .values([
        registration(a, event.eventId, event.ticketTypeId, 'confirmed'),
        registration(b, event.eventId, event.ticketTypeId, 'confirmed'),
        registration(c, event.eventId, event.ticketTypeId, 'confirmed'),
        registration(d, event.eventId, event.ticketTypeId, 'cancelled'),
        registration(e, event.eventId, event.ticketTypeId, 'confirmed'),
        registration(f, event.eventId, event.ticketTypeId, 'confirmed'),
        registration(a, workshop.eventId, workshop.ticketTypeId, 'confirmed'),
      ])
      .returning({ id: eventRegistrations.id });
    [regs.a, regs.b, regs.c, regs.d, regs.e, regs.f] = rows.map((r) => r.id) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const scan = (registrationId: number, sessionId: number, direction: 'in' | 'out', minute: number, day = held) => ({
      registrationId,
      sessionId,
      direction,
      at: at(day, minute),
      doorAccountId: a.accountId,
    });
    await db
      .insert(eventCheckIns)
      .values([
        scan(regs.a, ids.s1, 'in', 530),
        scan(regs.a, ids.s2, 'in', 775),
        scan(regs.a, ids.s3, 'in', 955),
        scan(regs.b, ids.s1, 'in', 545),
        scan(regs.b, ids.s2, 'in', 778),
        scan(regs.b, ids.s2, 'out', 905),
        scan(regs.d, ids.s1, 'in', 535),
        scan(regs.e, ids.s2, 'in', 780),
        scan(regs.e, ids.s2, 'out', 852),
        scan(regs.f, ids.s2, 'in', 780),
        scan(regs.f, ids.s2, 'out', 810),
        scan(regs.d, ids.s4, 'in', 725),
        scan(rows[6]!.id, ids.today, 'in', 0, taipeiDate()),
      ]);
  });
}, 240_000);

afterAll(async () => {
  await site?.drop();
  rmSync(folder, { recursive: true, force: true });
});

describe('credits of event attendance', () => {
  it('post nothing on the session’s own Taipei day, and the day after post once, however many run at once', async () => {
    // Start from nothing: no entry, no certificate, this file's sessions not posted.
    await site.stop();
    await site.withDb(async (db) => {
      await db.delete(creditEntries).where(eq(creditEntries.source, 'event'));
      await db.delete(issuedDocuments).where(eq(issuedDocuments.kind, 'attendance'));
      // This file's events only: the demo's past workshop posted at the server's start and stays so.
      const ours = [ids.event, ids.workshop];
      await db.update(eventSessions).set({ creditsPostedAt: null }).where(inArray(eventSessions.eventId, ours));
      await db
        .update(eventSessions)
        .set({ creditsPostedAt: new Date() })
        .where(and(notInArray(eventSessions.eventId, ours), isNull(eventSessions.creditsPostedAt)));
    });
    // 23:59 on the day itself: the day has not ended in Taipei.
    expect(await runJob([at(held, 23 * 60 + 59)])).toEqual([0]);
    await site.withDb(async (db) => expect(await posted(db)).toEqual([]));

    // Just after midnight: two runs at once post the four sessions between them, once.
    const runs = await runJob([at(addDays(held, 1), 1), at(addDays(held, 1), 1)]);
    expect(runs.reduce((x, y) => x + y, 0)).toBe(4);
    const entries = await site.withDb(posted);
    const of = (who: Person) =>
      entries
        .filter((e) => e.accountId === who.accountId)
        .map((e) => [e.sessionId, e.points])
        .sort((x, y) => x[0]! - y[0]!);
    // a never checked out of the workshop that asks for it; b did; c never came; d cancelled.
    expect(of(a)).toEqual([[ids.s1, 30]]);
    expect(of(b)).toEqual([
      [ids.s1, 30],
      [ids.s2, 20],
    ]);
    expect(of(c)).toEqual([]);
    expect(of(d)).toEqual([]);
    // 72 of the workshop's 120 minutes: pro-rated by the licence's rule (from 50 %), the share noted.
    expect(of(e)).toEqual([[ids.s2, 12]]);
    expect(of(f)).toEqual([]);
    const shares = await site.withDb((db) =>
      db
        .select({ accountId: creditEntries.accountId, status: creditEntries.status, note: creditEntries.note })
        .from(creditEntries)
        .where(and(eq(creditEntries.source, 'event'), inArray(creditEntries.accountId, [e.accountId, f.accountId]))),
    );
    expect(shares).toEqual(
      expect.arrayContaining([
        { accountId: e.accountId, status: 'posted', note: '60%' },
        { accountId: f.accountId, status: 'refused', note: '25%' },
      ]),
    );
    // Today's workshop waits for tomorrow; the general assembly grants no credits.
    expect(entries.some((e) => e.sessionId === ids.today || e.sessionId === ids.s3)).toBe(false);
    const issued = await site.withDb(certificates);
    // f's quarter of an hour earned nothing and attended nothing: no certificate.
    expect(issued.map((doc) => doc.accountId).sort()).toEqual([a.accountId, b.accountId, e.accountId].sort());
  });

  it('posts nothing twice when the job runs three more times, even on sessions it thinks unposted', async () => {
    for (let run = 0; run < 3; run++) {
      await site.stop();
      // As if the mark were lost: the ledger itself must keep the entries single.
      await site.withDb((db) =>
        db
          .update(eventSessions)
          .set({ creditsPostedAt: null })
          .where(inArray(eventSessions.id, [ids.s1, ids.s2, ids.s3, ids.s4])),
      );
      expect(await runJob([at(addDays(held, 1), 120)])).toEqual([4]);
    }
    await site.withDb(async (db) => {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(creditEntries)
        .where(and(eq(creditEntries.source, 'event'), inArray(creditEntries.sourceId, [ids.s1, ids.s2])));
      // Four posted and f's refused one: not a row more, none replaced.
      expect(rows[0]!.n).toBe(5);
      const issued = await certificates(db);
      expect(issued).toHaveLength(3);
      expect(issued.every((doc) => doc.revokedAt === null)).toBe(true);
    });
  });

  it('tells each attendee once per posting, in their language, what posted, with a link on the site', async () => {
    await site.stop();
    // The job ran four times: each session's posting wrote one mail per attendee whose points it posted.
    const written = await site.withDb((db) => pointMailsIn(db));
    expect(written).toEqual({ [a.email]: 1, [b.email]: 2, [e.email]: 1 });
    await site.start();
    // e (Chinese): the workshop's 60 %, pro-rated; f's refused quarter and c's absence send nothing.
    const [toE, ...moreE] = await mailsTo(e.email);
    expect(moreE).toEqual([]);
    expect(toE!.subject).toContain('活動積分已登錄');
    expect(toE!.text).toContain('您參加「急重症年會」的出席紀錄已登錄');
    expect(toE!.text).toContain(`・${held} 呼吸器工作坊：1.2 點（出席 60%，按比例計）`);
    expect(toE!.text).toContain(`${SITE_URL}/member/certification/${ids.kind}`);
    // b (English): one mail for each session posted.
    const toB = await mailsTo(b.email, 2);
    expect(toB).toHaveLength(2);
    expect(toB.every((m) => m.subject.includes('Your event points are posted'))).toBe(true);
    expect(toB.map((m) => /• \S+ ([^:]+): (\S+) points?/.exec(m.text)!.slice(1)).sort()).toEqual([
      ['Managing shock', '3'],
      ['Ventilator workshop', '2'],
    ]);
    expect(toB[0]!.text).toContain(`${SITE_URL}/en-us/member/certification/${ids.kind}`);
    expect(await mailsTo(c.email, 1, 0)).toEqual([]);
    expect(await mailsTo(f.email, 1, 0)).toEqual([]);
    await site.stop();
  });

  it('shows the attendee the entry in their ledger and the certificate in their area, which /verify knows', async () => {
    await site.start();
    const list = await api<{ certificationList: { certificationId: number }[] }>('/api/amsw0602', {
      base: site.url(),
      headers: b.auth,
    });
    expect(list.body.code).toBe(0);
    const standing = await api<{ ledger: { title: string; points: number; source: string }[] }>(
      `/api/amsw0602/certification?certificationId=${ids.kind}`,
      { base: site.url(), headers: b.auth, lang: 'en-us' },
    );
    expect(standing.body.code).toBe(0);
    const lines = standing.body.data.ledger.filter((l) => l.source === 'event');
    expect(lines.map((l) => [l.title, l.points]).sort()).toEqual([
      ['Critical care congress: Managing shock', 3],
      ['Critical care congress: Ventilator workshop', 2],
    ]);

    const page = await fetch(`${site.url()}/en-us/member/registrations`, { headers: { Cookie: b.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Download the certificate of attendance (PDF)');
    expect(html).toContain(`/api/amsw0306/certificate?eventId=${ids.event}&amp;lang=en-us`);

    const pdf = await fetch(`${site.url()}/api/amsw0306/certificate?eventId=${ids.event}&lang=en-us`, {
      headers: b.auth,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(await pdf.arrayBuffer());
    for (const words of [
      'Certificate of Attendance',
      'Critical care congress',
      'Managing shock',
      'Ventilator workshop',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('General assembly');
    const [doc] = await issuedOf(b);
    expect(text).toContain(formatVerifyCode(doc!.verifyCode));
    const verify = await fetch(`${site.url()}/en-us/verify/${formatVerifyCode(doc!.verifyCode)}`);
    const verified = await verify.text();
    expect(verified).toContain('Certificate of attendance');
    expect(verified).toContain(doc!.number);
    expect(verified).toContain('Valid');

    // Someone who never came has none; nor does anyone of an event not yet posted.
    const none = await api(`/api/amsw0306/certificate?eventId=${ids.event}`, { base: site.url(), headers: c.auth });
    expect(none.body.code).toBe(-6);
    const notYet = await api(`/api/amsw0306/certificate?eventId=${ids.workshop}`, {
      base: site.url(),
      headers: a.auth,
    });
    expect(notYet.body.code).toBe(-6);
  });

  it('lets events staff correct attendance, which posts the session again and re-issues the certificates', async () => {
    const admin: Record<string, string> = (await staffSession()).auth;
    const correct = (body: Record<string, unknown>, auth = admin) =>
      api<{ reposted: boolean }>('/api/amsw1101/events/attendance', {
        method: 'POST',
        base: site.url(),
        ...json(body, auth),
      });
    const [before] = await issuedOf(a);

    // A member is not staff; a registration of another event, or not confirmed, is refused.
    expect((await correct({ sessionId: ids.s1, registrationId: regs.c, present: true }, c.auth)).body.code).toBe(-11);
    expect((await correct({ sessionId: ids.today, registrationId: regs.c, present: true })).body.code).toBe(-6);
    expect((await correct({ sessionId: ids.s4, registrationId: regs.c, present: true })).body).toMatchObject({
      code: -10,
      data: { reason: 'sessionNotAdmitted' },
    });
    expect((await correct({ sessionId: ids.s1, registrationId: regs.d, present: true })).body).toMatchObject({
      code: -10,
      data: { reason: 'registrationNotConfirmed' },
    });

    // a was not there after all; c was, and the door missed them.
    const removed = await correct({ sessionId: ids.s1, registrationId: regs.a, present: false });
    expect(removed.body).toMatchObject({ code: 0, data: { reposted: true } });
    const added = await correct({ sessionId: ids.s1, registrationId: regs.c, present: true });
    expect(added.body).toMatchObject({ code: 0, data: { reposted: true } });

    // The desk reads the session as it now stands.
    const list = await api<{
      session: { creditsPostedAt: string | null; needsCheckOut: boolean };
      rows: { registrationId: number; checkedInAt: string | null; entry: { points: number } | null }[];
      total: number;
    }>(`/api/amsw1101/events/attendance?sessionId=${ids.s1}`, { base: site.url(), headers: admin });
    expect(list.body.code).toBe(0);
    expect(list.body.data.session.creditsPostedAt).not.toBeNull();
    expect(list.body.data.total).toBe(5);
    const row = (id: number) => list.body.data.rows.find((r) => r.registrationId === id);
    expect(row(regs.a)).toMatchObject({ checkedInAt: null, entry: null });
    expect(row(regs.b)).toMatchObject({ entry: { points: 3 } });
    expect(row(regs.c)).toMatchObject({ checkedInAt: at(held, 540).toISOString(), entry: { points: 3 } });
    expect(row(regs.d)).toBeUndefined();
    expect(
      (await api(`/api/amsw1101/events/attendance?sessionId=${ids.s1}`, { base: site.url(), headers: c.auth })).body
        .code,
    ).toBe(-11);

    await site.stop();
    const entries = await site.withDb(posted);
    expect(
      entries
        .filter((e) => e.sessionId === ids.s1)
        .map((e) => e.accountId)
        .sort(),
    ).toEqual([b.accountId, c.accountId].sort());
    const issued = await site.withDb(certificates);
    // a keeps a certificate for the assembly alone; the old one is revoked as superseded.
    const ofA = issued.filter((doc) => doc.accountId === a.accountId);
    expect(ofA.find((doc) => doc.id === before!.id)).toMatchObject({ revokedReason: 'superseded' });
    const current = ofA.find((doc) => doc.revokedAt === null)!;
    expect((current.facts as { sessions: { points: number }[] }).sessions).toEqual([
      expect.objectContaining({ points: 0, certification: null }),
    ]);
    expect(issued.filter((doc) => doc.accountId === c.accountId && doc.revokedAt === null)).toHaveLength(1);
    // c's points posted by the correction are mailed; a's withdrawn ones are not.
    expect(await site.withDb((db) => pointMailsIn(db))).toEqual({
      [a.email]: 1,
      [b.email]: 2,
      [c.email]: 1,
      [e.email]: 1,
    });
    await site.start();
    const old = await fetch(`${site.url()}/en-us/verify/${formatVerifyCode(before!.verifyCode)}`);
    expect(await old.text()).toContain('Replaced by a newer edition');
  });

  it('posts a posted session again when a save of the setup changes its credits, and keeps it from being removed', async () => {
    const staff = await staffSession();
    const view = await staff.call<SetupView>(`/api/amsw1101/events/registration?eventId=${ids.event}`);
    expect(view.code).toBe(0);
    const before = await stopped(async (db) => ({
      entries: await db.select().from(creditEntries).where(eq(creditEntries.source, 'event')),
      certificates: await certificates(db),
    }));
    // The ledger stands as the correction left it: b and c have 3 points of the licence's class A from S1.
    const s1Before = before.entries.filter((x) => x.sourceId === ids.s1 && x.status === 'posted');
    expect(s1Before.map((x) => [x.accountId, x.points, x.creditClass]).sort()).toEqual(
      [
        [b.accountId, 30, 'A'],
        [c.accountId, 30, 'A'],
      ].sort(),
    );

    // The speakers' lunch admits the workshop's ticket type, which a save of this event cannot name: it admits all.
    const body = (change: (s: SetupView['sessions'][number]) => SetupView['sessions'][number] | null) =>
      bodyOf(view.data, change);
    const saved = await putSetup(
      staff,
      body((s) => (s.sessionId === ids.s1 ? { ...s, points: 40, creditClass: 'B' } : s)),
    );
    expect(saved.code, saved.message).toBe(0);

    const after = await stopped(async (db) => ({
      entries: await db.select().from(creditEntries).where(eq(creditEntries.source, 'event')),
      certificates: await certificates(db),
      audits: await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'attendance.reposted'), eq(auditLog.targetId, String(ids.s1)))),
      mails: await pointMailsIn(db),
    }));
    // S1's entries gave way to new ones of 4 points, class B; S2's stand as they were.
    const s1 = after.entries.filter((x) => x.sourceId === ids.s1);
    expect(
      s1
        .filter((x) => x.status === 'posted')
        .map((x) => [x.accountId, x.points, x.creditClass])
        .sort(),
    ).toEqual(
      [
        [b.accountId, 40, 'B'],
        [c.accountId, 40, 'B'],
      ].sort(),
    );
    expect(s1.filter((x) => s1Before.some((y) => y.id === x.id)).map((x) => x.status)).toEqual([
      'replaced',
      'replaced',
    ]);
    const s2 = (entries: typeof after.entries) =>
      entries
        .filter((x) => x.sourceId === ids.s2 && x.status !== 'replaced')
        .map((x) => x.id)
        .sort();
    expect(s2(after.entries)).toEqual(s2(before.entries));
    // b's and c's certificates say 4 points now (the old ones superseded); e's, without S1, is the same one.
    const current = (who: Person) =>
      after.certificates.find((doc) => doc.accountId === who.accountId && doc.revokedAt === null)!;
    const was = (who: Person) =>
      before.certificates.find((doc) => doc.accountId === who.accountId && doc.revokedAt === null)!;
    for (const who of [b, c]) {
      expect(current(who).id).not.toBe(was(who).id);
      expect(after.certificates.find((doc) => doc.id === was(who).id)).toMatchObject({ revokedReason: 'superseded' });
      expect(
        (
          current(who).facts as { sessions: { title: { 'en-us': string }; points: number; creditClass: string }[] }
        ).sessions.find((x) => x.title['en-us'] === 'Managing shock'),
      ).toMatchObject({ points: 4, creditClass: 'B' });
    }
    expect(current(e).id).toBe(was(e).id);
    // Audited with what changed, by whom.
    expect(after.audits).toHaveLength(1);
    expect(after.audits[0]).toMatchObject({
      before: expect.objectContaining({ points: 30, creditClass: 'A' }),
      after: expect.objectContaining({ points: 40, creditClass: 'B' }),
      detail: expect.objectContaining({ eventId: ids.event, entriesPosted: 2, entriesWithdrawn: 0 }),
    });
    // b and c hear of their points posted anew.
    expect(after.mails).toEqual({ [a.email]: 1, [b.email]: 3, [c.email]: 2, [e.email]: 1 });

    // Saved again as it stands: nothing posts again.
    const fresh = await staff.call<SetupView>(`/api/amsw1101/events/registration?eventId=${ids.event}`);
    expect(
      (
        await putSetup(
          staff,
          bodyOf(fresh.data, (s) => s),
        )
      ).code,
    ).toBe(0);
    const unchanged = await stopped(async (db) => ({
      entries: await db.select().from(creditEntries).where(eq(creditEntries.source, 'event')),
      audits: await db.select().from(auditLog).where(eq(auditLog.action, 'attendance.reposted')),
    }));
    expect(unchanged.entries).toHaveLength(after.entries.length);
    expect(unchanged.audits.filter((row) => row.targetId === String(ids.s1))).toHaveLength(1);

    // A posted session cannot be removed: its points are in the ledgers (the general assembly has no check-ins).
    for (const lang of ['zh-tw', 'en-us'] as const) {
      const removed = await api(`/api/amsw1101/events/registration`, {
        method: 'PUT',
        base: site.url(),
        lang,
        ...json(
          bodyOf(fresh.data, (s) => (s.sessionId === ids.s3 ? null : s)),
          staff.auth,
        ),
      });
      expect(removed.body).toMatchObject({ code: -10, data: { reason: 'sessionPosted' } });
      expect(removed.body.message).toBe(
        lang === 'zh-tw'
          ? '積分已登錄的場次無法刪除：其積分已列入出席者的積分紀錄'
          : 'A session whose credits have been posted cannot be removed: its points are in the attendees’ records',
      );
    }
    await stopped(async (db) =>
      expect(await db.select().from(eventSessions).where(eq(eventSessions.id, ids.s3))).toHaveLength(1),
    );
  }, 240_000);

  it('keeps a setup time between 00:00 and 08:00 in Taipei on its Taipei day, saved from the form and shown back', async () => {
    const staff = await staffSession();
    const view = await staff.call<SetupView>(`/api/amsw1101/events/registration?eventId=${ids.workshop}`);
    expect(view.code).toBe(0);
    const classes = Object.keys(view.data.ticketTypes[0]!.prices.members);
    const form = initialSetup(view.data, classes);
    // Typed into the form's date-time fields as Taipei wall-clock times.
    const values = {
      ...form.values,
      opensAt: '2027-03-01T00:30',
      closesAt: '2027-03-10T07:59',
      earlyBirdUntil: '2027-03-02T06:00',
      cancelUntil: '2027-03-05T00:00',
    };
    const saved = await putSetup(
      staff,
      setupBody(ids.workshop, values, form.rows, classes, () => []),
    );
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data).toMatchObject({
      opensAt: '2027-02-28T16:30:00.000Z',
      closesAt: '2027-03-09T23:59:00.000Z',
      earlyBirdUntil: '2027-03-01T22:00:00.000Z',
      cancelUntil: '2027-03-04T16:00:00.000Z',
    });
    // Read again, the form shows the times typed.
    const again = await staff.call<SetupView>(`/api/amsw1101/events/registration?eventId=${ids.workshop}`);
    const shown = initialSetup(again.data, classes).values;
    expect([shown.opensAt, shown.closesAt, shown.earlyBirdUntil, shown.cancelUntil]).toEqual([
      '2027-03-01T00:30',
      '2027-03-10T07:59',
      '2027-03-02T06:00',
      '2027-03-05T00:00',
    ]);
    // The setup page hands the form the stored moment; the desk shows the Taipei date and time.
    const setupPage = await staff.page(`/staff/events/${ids.workshop}/setup`);
    expect(setupPage.status).toBe(200);
    expect(setupPage.html).toContain('2027-02-28T16:30:00.000Z');
    const desk = await staff.page(`/staff/events/${ids.workshop}`);
    expect(desk.status).toBe(200);
    // (The formats put a no-break space between the date and the time.)
    expect(desk.html).toMatch(/2027\/03\/01\s00:30 – 2027\/03\/10\s07:59/u);
    expect(desk.html).not.toContain('2027/02/28');
    const deskEn = await staff.page(`/en-us/staff/events/${ids.workshop}`);
    expect(deskEn.html).toMatch(/Mar 01, 2027,\s12:30\sAM/u);
  });
});

/** A person's valid certificates of attendance of the congress (the server running: stopped and started again). */
async function issuedOf(who: Person) {
  await site.stop();
  const docs = await site.withDb((db) =>
    db
      .select()
      .from(issuedDocuments)
      .where(
        and(
          eq(issuedDocuments.kind, 'attendance'),
          eq(issuedDocuments.accountId, who.accountId),
          isNull(issuedDocuments.revokedAt),
        ),
      ),
  );
  await site.start();
  return docs;
}

let staffCache: { token: string; cookie: string } | null = null;

/**
 * The demo's administrator, signed in once on this file's server (wherever it listens after a
 * restart): a second sign-in within the authenticator's step would reuse its code.
 */
async function staffSession() {
  if (!staffCache) {
    const session = await signIn('admin@example.org', 'Admin2026demo', 'individual', false, { base: site.url() });
    expect(session.body.code).toBe(0);
    staffCache = session;
  }
  const session = staffCache;
  return {
    auth: { Authorization: `Bearer ${session.token}` },
    call: <T>(path: string, init: RequestInit = {}) => signedInWith(site.url(), session).call<T>(path, init),
    page: (path: string) => signedInWith(site.url(), session).page(path),
  };
}

/** Works on the database with the server stopped, and starts it again. */
async function stopped<T>(work: (db: Db) => Promise<T>): Promise<T> {
  await site.stop();
  try {
    return await site.withDb(work);
  } finally {
    await site.start();
  }
}

/** A saved setup as the API takes it back, each session through `change` (null: left out); ticket types by position. */
function bodyOf(view: SetupView, change: (s: SetupView['sessions'][number]) => SetupView['sessions'][number] | null) {
  const typeIds = view.ticketTypes.map((t) => t.ticketTypeId);
  return {
    eventId: view.eventId,
    opensAt: view.opensAt,
    closesAt: view.closesAt,
    earlyBirdUntil: view.earlyBirdUntil,
    cancelUntil: view.cancelUntil,
    payHours: view.payHours,
    offerHours: view.offerHours,
    needsApproval: view.needsApproval,
    questions: view.questions,
    refundRule: view.refundRule,
    ticketTypes: view.ticketTypes.map(({ ticketTypeId, name, capacity, prices, earlyPrices }) => ({
      ticketTypeId,
      name,
      capacity,
      prices,
      earlyPrices,
    })),
    sessions: view.sessions.flatMap((session) => {
      const s = change(session);
      if (!s) return [];
      const { ticketTypeIds, ...rest } = s;
      return [
        { ...rest, ticketTypes: ticketTypeIds.flatMap((id) => (typeIds.includes(id) ? [typeIds.indexOf(id)] : [])) },
      ];
    }),
  };
}

const putSetup = (staff: Awaited<ReturnType<typeof staffSession>>, body: unknown) =>
  staff.call<SetupView>('/api/amsw1101/events/registration', {
    method: 'PUT',
    ...sameSiteJson(body, { Origin: site.url() }),
  });

/** How many "points posted" mails the outbox holds for each of this file's attendees. */
async function pointMailsIn(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ to: mailOutbox.to, n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, 'credits.eventPoints'),
        inArray(
          mailOutbox.to,
          [a, b, c, d, e, f].map((p) => p.email),
        ),
      ),
    )
    .groupBy(mailOutbox.to);
  return Object.fromEntries(rows.map((r) => [r.to, r.n]));
}
