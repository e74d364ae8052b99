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
} from '../../src/server/db/schema';
import { installRuntime } from '../../src/server/runtime';
import { startRuntime } from '../../src/server/start';
import { postEventCredits } from '../../src/server/services/registrations/attendance-credits';
import { api, json as sameSiteJson, signIn } from './helpers';
import type { jobsSite } from './jobs-helpers';
import { addEvent, addPeople, HOUR, type Person, registrationSite } from './registration-helpers';

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
    const credited = { kindId: ids.kind, category: 'professional', creditClass: 'A' as const };
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
    // Nothing in the session table says a session was posted before the job runs.
    await db.update(eventSessions).set({ creditsPostedAt: null }).where(isNull(eventSessions.creditsPostedAt));
  });
}, 240_000);

afterAll(async () => {
  await site?.drop();
  rmSync(folder, { recursive: true, force: true });
});

describe('credits of event attendance', () => {
  it('post nothing on the session’s own Taipei day, and the day after post once, however many run at once', async () => {
    // The server's own first tick may have posted yesterday's sessions already: start from nothing.
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
    const session = await signIn('admin@example.org', 'Admin2026demo', 'individual', false, { base: site.url() });
    expect(session.body.code).toBe(0);
    const admin: Record<string, string> = { Authorization: `Bearer ${session.token}` };
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
    await site.start();
    const old = await fetch(`${site.url()}/en-us/verify/${formatVerifyCode(before!.verifyCode)}`);
    expect(await old.text()).toContain('Replaced by a newer edition');
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
