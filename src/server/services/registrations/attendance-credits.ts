/**
 * An event's attendance as credits (decision record 041, "Decision — credits"): the day after a
 * session (its Taipei day ended), a job posts one ledger entry per attendee — a confirmed
 * registration checked in, and out where the session asks for it — through the ledger's rules and
 * the same posting as an accredited course's roster (`postAttendanceEntries`), with source `event`
 * and the session as its source; the session is marked posted in the same transaction, and the
 * ledger's unique index keeps a second run (or a second process) from posting twice. Once every
 * session of the event has posted, each attendee's certificate of attendance is issued (an issued
 * document with its `/verify` code). Staff correct a person's attendance of a session; a correction
 * of a posted session posts it again and re-issues the certificates whose facts changed, in one
 * transaction, audited; so does a save of the event's setup that changes a posted session's credits,
 * times or ticket types (`repostChangedSessions`). Each attendee whose points a posting put on the
 * ledger (anew) is told by mail, as an accredited course's roster tells its attendees.
 */
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type PresentSpan, attendanceOf, sessionSpan } from '../../../lib/credits/accreditation';
import { pointsOf } from '../../../lib/credits/rules';
import { taipeiDate } from '../../../lib/calendar-date';
import { type AttendanceFacts, sameFacts } from '../../../lib/documents/facts';
import { ErrorCode } from '../../../lib/error-codes';
import { personName } from '../../../lib/validators/name';
import { type I18nText, pickText } from '../../../lib/i18n-text';
import { isLocale, type Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import { enqueueMails } from '../../integrations/mail/outbox';
import { eventPointsNotice } from '../../integrations/mail/templates';
import { AppError } from '../../app-error';
import type { Actor } from '../../auth/sessions';
import { requireRole } from '../../auth/staff-access';
import type { Executor } from '../../db/client';
import {
  accounts,
  eventCheckIns,
  eventRegistrations,
  events,
  eventSessions,
  issuedDocuments,
  memberships,
} from '../../db/schema';
import { logger } from '../../logger';
import { runtime } from '../../runtime';
import { registrationPage } from './registration-page';
import { recordAudit } from '../accounts/audit';
import { type CertificationKind, listCertificationKinds } from '../credits/certifications';
import { entryOf, postAttendanceEntries, type WantedEntry } from '../credits/post-entries';
import { type DocumentFile, documentFile } from '../documents/own-documents';
import { type IssuedDocument, issueOnce, revokeDocument, societyName } from '../documents/issue-documents';
import { type MailSite, mailSite } from '../mail/mail-site';
import { nextNumber } from '../numbering';
import { recipientsOf } from '../mail/recipients';

type SessionRow = typeof eventSessions.$inferSelect;

/** A certificate of attendance's number: the year it was issued and the year's sequence (`A2026-000042`). */
const ATTENDANCE_NUMBER = 'A{yyyy}-{seq:6}';

/** What posting reads before its transaction (the embedded database has one connection). */
export interface PostingContext {
  kinds: CertificationKind[];
  society: I18nText;
  site: MailSite;
  now: Date;
}

export async function postingContext(now: Date): Promise<PostingContext> {
  return { kinds: await listCertificationKinds(), society: await societyName(), site: await mailSite(), now };
}

/** A session's certification when it grants credits (a kind, a category, a class and points); else null. */
function creditingKind(session: SessionRow, kinds: CertificationKind[]): CertificationKind | null {
  if (session.points <= 0 || !session.category || !session.creditClass) return null;
  return kinds.find((k) => k.id === session.kindId) ?? null;
}

/** One person's attendance of a session: the share present and the tenths it earns (0 for a session without credits). */
interface Attended {
  accountId: number;
  share: number;
  outcome: 'full' | 'partial' | 'refused';
  tenths: number;
  entry: WantedEntry | null;
}

/**
 * Who attended a session, by the certification's attendance rule: each confirmed registration
 * admitted to it (its ticket type among the session's, when it names any) that was checked in —
 * present the whole session — or, where the session asks for a check-out, present from its
 * check-in to its check-out (a partial stay pro-rated or refused as an accredited course's). A
 * person with two registrations counts once.
 */
async function sessionAttendance(tx: Executor, session: SessionRow, kinds: CertificationKind[]): Promise<Attended[]> {
  const rows = await tx
    .select({
      registrationId: eventCheckIns.registrationId,
      direction: eventCheckIns.direction,
      at: eventCheckIns.at,
      accountId: eventRegistrations.accountId,
      ticketTypeId: eventRegistrations.ticketTypeId,
    })
    .from(eventCheckIns)
    .innerJoin(eventRegistrations, eq(eventRegistrations.id, eventCheckIns.registrationId))
    .where(and(eq(eventCheckIns.sessionId, session.id), eq(eventRegistrations.state, 'confirmed')));
  const admitted = (typeId: number) => session.ticketTypeIds.length === 0 || session.ticketTypeIds.includes(typeId);
  const scans = new Map<number, { accountId: number; in?: Date; out?: Date }>();
  for (const r of rows) {
    if (!admitted(r.ticketTypeId)) continue;
    const scan = scans.get(r.registrationId) ?? { accountId: r.accountId };
    scan[r.direction] = r.at;
    scans.set(r.registrationId, scan);
  }
  const whole = sessionSpan(session);
  const spans = new Map<number, PresentSpan[]>();
  for (const scan of scans.values()) {
    if (!scan.in || (session.needsCheckOut && !scan.out)) continue;
    const span = session.needsCheckOut
      ? { signIn: scan.in, signOut: scan.out! }
      : { signIn: new Date(whole.start), signOut: new Date(whole.end) };
    spans.set(scan.accountId, [...(spans.get(scan.accountId) ?? []), span]);
  }
  const kind = creditingKind(session, kinds);
  // A session without credits is attended by any presence at all; one with credits by the certification's rule.
  const rules = kind?.rules ?? { attendance: { fullShare: 0, proRateShare: 0 } };
  const tenths = kind ? session.points : 0;
  const attended: Attended[] = [];
  for (const [accountId, present] of spans) {
    const [o] = attendanceOf(rules, [{ ...session, tenths }], present);
    if (!o || o.share <= 0) continue;
    const outcome = !kind ? 'full' : o.outcome === 'absent' ? null : o.outcome;
    if (!outcome) continue;
    attended.push({
      accountId,
      share: o.share,
      outcome,
      tenths: kind ? o.tenths : 0,
      entry: kind ? entryOf(o, session.points, accountId, session.id) : null,
    });
  }
  return attended;
}

/** Locks an event's row: its sessions post, are corrected and issue certificates one at a time. */
async function lockEvent(tx: Executor, eventId: number) {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
  if (!event) throw new AppError(ErrorCode.NO_DATA);
  return event;
}

/**
 * Posts one session's attendance to the ledger, in the caller's transaction (under the event's
 * lock): what the ledger holds for the session is made what the attendance gives now, the session is
 * marked posted, and once all the event's sessions have posted the certificates of attendance are
 * issued or brought up to date. Without `again`, a session posted already is left alone (answers
 * false).
 */
async function postSession(
  tx: Executor,
  sessionId: number,
  ctx: PostingContext,
  again: boolean,
): Promise<{ posted: number; withdrawn: number } | null> {
  const [unlocked] = await tx.select().from(eventSessions).where(eq(eventSessions.id, sessionId));
  if (!unlocked) return null;
  const event = await lockEvent(tx, unlocked.eventId);
  // Read again under the lock: a second run that waited for it finds the session posted.
  const [session] = await tx.select().from(eventSessions).where(eq(eventSessions.id, sessionId));
  if (!session || (!again && session.creditsPostedAt)) return null;
  const kind = creditingKind(session, ctx.kinds);
  const attended = await sessionAttendance(tx, session, ctx.kinds);
  const wanted = attended.flatMap((a) => (a.entry ? [a.entry] : []));
  const outcome = await postAttendanceEntries(tx, 'event', [session.id], wanted, () => ({
    kindId: kind?.id ?? session.kindId!,
    creditClass: session.creditClass!,
    category: session.category!,
    method: 'course',
    topics: session.topics,
    title: {
      'zh-tw': `${pickText(event.title, 'zh-tw')}：${pickText(session.title, 'zh-tw')}`,
      'en-us': `${pickText(event.title, 'en-us')}: ${pickText(session.title, 'en-us')}`,
    },
    provider: ctx.society['zh-tw'],
    earnedOn: session.day,
  }));
  if (kind) await mailPostedPoints(tx, ctx, event, session, kind, outcome.posted);
  if (!session.creditsPostedAt)
    await tx.update(eventSessions).set({ creditsPostedAt: ctx.now }).where(eq(eventSessions.id, session.id));
  const [unposted] = await tx
    .select({ id: eventSessions.id })
    .from(eventSessions)
    .where(and(eq(eventSessions.eventId, event.id), isNull(eventSessions.creditsPostedAt)))
    .limit(1);
  if (!unposted) await issueAttendanceCertificates(tx, event, ctx);
  return { posted: outcome.posted.length, withdrawn: outcome.withdrawn };
}

/**
 * The job (hourly): posts every session whose Taipei day has ended before `now` and has not
 * posted, the oldest first, each in its own transaction (one that fails is tried again next run).
 * Answers how many sessions posted. Run again, or by two processes at once, it posts nothing twice:
 * the event's lock orders them and the second finds the session posted.
 */
export async function postEventCredits(now = new Date()): Promise<number> {
  const { db } = (await runtime()).database;
  const due = await db
    .select({ id: eventSessions.id })
    .from(eventSessions)
    .where(and(isNull(eventSessions.creditsPostedAt), lt(eventSessions.day, taipeiDate(now))))
    .orderBy(asc(eventSessions.day), asc(eventSessions.id));
  if (due.length === 0) return 0;
  const ctx = await postingContext(now);
  let posted = 0;
  for (const { id } of due) {
    try {
      if (await db.transaction((tx) => postSession(tx, id, ctx, false))) posted += 1;
    } catch (error) {
      logger().error({ err: error, sessionId: id }, 'postEventCredits: a session failed');
    }
  }
  return posted;
}

/** Mails kept in the outbox's record this long after they are written. */
const MAIL_KEPT_MS = 30 * 86_400_000;

/**
 * Tells each attendee whose points a posting put on the ledger (or put anew, after a correction)
 * what landed there, in their language, with a link to their certification's page on the configured
 * site; in the posting's transaction, so a mail exists exactly when its entry does. Entries left as
 * they were, and refused ones, send nothing.
 */
async function mailPostedPoints(
  tx: Executor,
  ctx: PostingContext,
  event: typeof events.$inferSelect,
  session: SessionRow,
  kind: CertificationKind,
  posted: WantedEntry[],
): Promise<void> {
  const entries = new Map(posted.filter((w) => w.status === 'posted').map((w) => [w.accountId, w]));
  if (entries.size === 0) return;
  const people = await recipientsOf(tx, [...entries.keys()]);
  const messages = people.map((person) => {
    const locale: Locale = isLocale(person.preferredLocale) ? person.preferredLocale : 'zh-tw';
    const entry = entries.get(person.id)!;
    const mail = eventPointsNotice({
      siteName: ctx.site.siteName[locale],
      locale,
      name: personName(person, locale),
      event: pickText(event.title, locale),
      certification: pickText(kind.name, locale),
      sessions: [
        {
          title: pickText(session.title, locale),
          day: session.day,
          points: pointsOf(entry.points),
          share: entry.note === '' ? null : Number.parseInt(entry.note, 10),
        },
      ],
      url: ctx.site.origin + localePath(`/member/certification/${kind.id}`, locale),
    });
    return { to: person.email, ...mail, locale };
  });
  await enqueueMails(tx, messages, { kind: 'credits.eventPoints', eraseAfter: new Date(Date.now() + MAIL_KEPT_MS) });
}

/** What of a session its credits and certificates depend on: a change to a posted one posts it again. */
const CREDIT_FIELDS = [
  'kindId',
  'category',
  'creditClass',
  'topics',
  'points',
  'day',
  'startMinute',
  'endMinute',
  'needsCheckOut',
  'ticketTypeIds',
  'title',
] as const satisfies readonly (keyof SessionRow)[];

const creditFacts = (session: SessionRow) =>
  Object.fromEntries(CREDIT_FIELDS.map((field) => [field, session[field]])) as Pick<
    SessionRow,
    (typeof CREDIT_FIELDS)[number]
  >;

/**
 * After a save of an event's setup, in its transaction: each session that had posted and whose
 * credits, times, ticket types or title the save changed (`before` as it stood, read again now) is
 * posted again as a correction posts it — its ledger entries made what the attendance gives now,
 * the certificates whose facts changed re-issued, the attendees whose points posted anew mailed —
 * and audited with its credit facts before and after. Answers the sessions posted again.
 */
export async function repostChangedSessions(
  tx: Executor,
  actor: Actor,
  ip: string,
  before: SessionRow[],
  ctx: PostingContext,
): Promise<number[]> {
  const posted = before.filter((s) => s.creditsPostedAt);
  if (posted.length === 0) return [];
  const now = await tx
    .select()
    .from(eventSessions)
    .where(
      inArray(
        eventSessions.id,
        posted.map((s) => s.id),
      ),
    );
  const reposted: number[] = [];
  const audits: Parameters<typeof recordAudit>[1] = [];
  for (const old of posted) {
    const current = now.find((s) => s.id === old.id);
    if (!current) continue;
    const was = creditFacts(old);
    const is = creditFacts(current);
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    const outcome = await postSession(tx, current.id, ctx, true);
    if (!outcome) continue;
    audits.push({
      actor,
      action: 'attendance.reposted',
      ip,
      target: { type: 'eventSession', id: current.id },
      detail: { eventId: current.eventId, entriesPosted: outcome.posted, entriesWithdrawn: outcome.withdrawn },
      before: was,
      after: is,
    });
    reposted.push(current.id);
  }
  // Audited once every row the reposts change is locked (the audit chain's head is locked last).
  await recordAudit(tx, audits);
  return reposted;
}

/** A session's lines of one person's certificate: the session, and the tenths its attendance posted. */
interface AttendedSession {
  session: SessionRow;
  tenths: number;
  kind: CertificationKind | null;
}

/**
 * Issues the event's certificates of attendance, in the caller's transaction (under the event's
 * lock): each person who attended a session gets one listing the sessions and their points; one
 * whose facts still hold is kept, one that changed (a correction) is revoked as superseded and
 * issued anew, and one of a person who no longer attended anything is revoked as withdrawn.
 */
async function issueAttendanceCertificates(
  tx: Executor,
  event: typeof events.$inferSelect,
  ctx: PostingContext,
): Promise<void> {
  const sessions = await tx
    .select()
    .from(eventSessions)
    .where(eq(eventSessions.eventId, event.id))
    .orderBy(asc(eventSessions.day), asc(eventSessions.startMinute), asc(eventSessions.position));
  const byAccount = new Map<number, AttendedSession[]>();
  for (const session of sessions) {
    const kind = creditingKind(session, ctx.kinds);
    for (const a of await sessionAttendance(tx, session, ctx.kinds)) {
      if (a.outcome === 'refused') continue;
      byAccount.set(a.accountId, [...(byAccount.get(a.accountId) ?? []), { session, tenths: a.tenths, kind }]);
    }
  }
  const issued = await tx
    .select()
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.kind, 'attendance'),
        eq(issuedDocuments.subjectId, event.id),
        isNull(issuedDocuments.revokedAt),
      ),
    );
  const ids = [...new Set([...byAccount.keys(), ...issued.map((d) => d.accountId!)])];
  const people =
    ids.length === 0
      ? []
      : await tx
          .select({ id: accounts.id, nameZh: accounts.nameZh, nameEn: accounts.nameEn, memberNo: memberships.memberNo })
          .from(accounts)
          .leftJoin(memberships, eq(memberships.accountId, accounts.id))
          .where(inArray(accounts.id, ids));
  const days = sessions.map((s) => s.day);
  for (const id of ids) {
    const current = issued.find((d) => d.accountId === id) ?? null;
    const attended = byAccount.get(id);
    if (!attended) {
      if (current) await revokeDocument(tx, current.id, 'withdrawn');
      continue;
    }
    const person = people.find((p) => p.id === id)!;
    const facts = attendanceFacts(event, attended, person, ctx.society, days);
    if (current && sameFacts(current.facts, facts)) continue;
    if (current) await revokeDocument(tx, current.id, 'superseded');
    const number = await nextNumber(tx, 'attendance', ATTENDANCE_NUMBER, {
      year: Number(taipeiDate(ctx.now).slice(0, 4)),
    });
    await issueOnce(tx, { kind: 'attendance', number, accountId: id, subjectId: event.id, facts });
  }
}

/** What one person's certificate of attendance states. */
function attendanceFacts(
  event: typeof events.$inferSelect,
  attended: AttendedSession[],
  person: { nameZh: string; nameEn: string; memberNo: string | null },
  society: I18nText,
  days: string[],
): AttendanceFacts {
  const totals = new Map<number, { certification: I18nText; tenths: number }>();
  for (const a of attended)
    if (a.kind && a.tenths > 0) {
      const total = totals.get(a.kind.id) ?? { certification: a.kind.name, tenths: 0 };
      total.tenths += a.tenths;
      totals.set(a.kind.id, total);
    }
  return {
    society,
    holder: { nameZh: person.nameZh, nameEn: person.nameEn },
    ...(person.memberNo ? { memberNo: person.memberNo } : {}),
    event: event.title,
    place: event.place ?? null,
    firstDay: days.reduce((a, b) => (a < b ? a : b)),
    lastDay: days.reduce((a, b) => (a > b ? a : b)),
    sessions: attended.map((a) => ({
      day: a.session.day,
      startMinute: a.session.startMinute,
      endMinute: a.session.endMinute,
      title: a.session.title,
      points: pointsOf(a.tenths),
      certification: a.kind && a.tenths > 0 ? a.kind.name : null,
      creditClass: a.kind && a.tenths > 0 ? a.session.creditClass : null,
    })),
    totals: [...totals.values()].map((t) => ({ certification: t.certification, points: pointsOf(t.tenths) })),
  };
}

/**
 * Staff (`events`, `admin`) correct a person's attendance of a session: `present` records them
 * checked in (and out, where the session asks for it) for the whole session where no scan says
 * otherwise; absent removes the session's scans of the registration. Audited with the scans before
 * and after; a session already posted posts again and the event's certificates follow, in the same
 * transaction. -6 for an unknown session or a registration of another event; -10
 * `registrationNotConfirmed` for a registration that holds no confirmed seat, `sessionNotAdmitted`
 * for one whose ticket type the session does not admit.
 */
export async function correctAttendance(
  actor: Actor,
  input: { sessionId: number; registrationId: number; present: boolean },
  ip: string,
  now = new Date(),
): Promise<{ reposted: boolean }> {
  requireRole(actor, 'events', 'admin');
  const { db } = (await runtime()).database;
  const [found] = await db
    .select({ session: eventSessions, reg: eventRegistrations })
    .from(eventSessions)
    .innerJoin(eventRegistrations, eq(eventRegistrations.id, input.registrationId))
    .where(eq(eventSessions.id, input.sessionId));
  if (!found || found.reg.eventId !== found.session.eventId) throw new AppError(ErrorCode.NO_DATA);
  if (found.reg.state !== 'confirmed')
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { reason: 'registrationNotConfirmed' },
      { key: 'registrationNotConfirmed' },
    );
  const types = found.session.ticketTypeIds;
  if (types.length > 0 && !types.includes(found.reg.ticketTypeId))
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'sessionNotAdmitted' }, { key: 'sessionNotAdmitted' });
  const ctx = await postingContext(now);
  return db.transaction(async (tx) => {
    await lockEvent(tx, found.session.eventId);
    const [session] = await tx.select().from(eventSessions).where(eq(eventSessions.id, input.sessionId));
    const scansOf = () =>
      tx
        .select({ direction: eventCheckIns.direction, at: eventCheckIns.at })
        .from(eventCheckIns)
        .where(and(eq(eventCheckIns.registrationId, input.registrationId), eq(eventCheckIns.sessionId, session!.id)));
    const before = await scansOf();
    if (input.present) {
      const { start, end } = sessionSpan(session!);
      const scans = [
        { direction: 'in' as const, at: new Date(start) },
        ...(session!.needsCheckOut ? [{ direction: 'out' as const, at: new Date(end) }] : []),
      ];
      await tx
        .insert(eventCheckIns)
        .values(
          scans.map((s) => ({
            ...s,
            registrationId: input.registrationId,
            sessionId: session!.id,
            doorAccountId: actor.accountId,
          })),
        )
        .onConflictDoNothing();
    } else
      await tx
        .delete(eventCheckIns)
        .where(and(eq(eventCheckIns.registrationId, input.registrationId), eq(eventCheckIns.sessionId, session!.id)));
    const after = await scansOf();
    await recordAudit(tx, {
      actor,
      action: input.present ? 'attendance.added' : 'attendance.removed',
      ip,
      target: { type: 'registration', id: input.registrationId },
      detail: { sessionId: session!.id, eventId: session!.eventId },
      before: { scans: before.map((s) => ({ direction: s.direction, at: s.at.toISOString() })) },
      after: { scans: after.map((s) => ({ direction: s.direction, at: s.at.toISOString() })) },
    });
    const reposted = session!.creditsPostedAt ? await postSession(tx, session!.id, ctx, true) : null;
    return { reposted: reposted !== null };
  });
}

/** Rows per page of a session's attendance on the desk. */
export const ATTENDANCE_PAGE = 50;

/**
 * A session's attendance for the desk (`events`, `admin`): the confirmed registrations it admits by
 * number, 50 a page, each with its scans of the session and what the ledger holds from it. -6 for
 * an unknown session.
 */
export async function readSessionAttendance(
  actor: Actor,
  query: { sessionId: number; page?: number | undefined },
  locale: Locale,
) {
  requireRole(actor, 'events', 'admin');
  const { db } = (await runtime()).database;
  const [session] = await db.select().from(eventSessions).where(eq(eventSessions.id, query.sessionId));
  if (!session) throw new AppError(ErrorCode.NO_DATA);
  const where = and(
    eq(eventRegistrations.eventId, session.eventId),
    eq(eventRegistrations.state, 'confirmed'),
    session.ticketTypeIds.length > 0 ? inArray(eventRegistrations.ticketTypeId, session.ticketTypeIds) : undefined,
  );
  const { total, totalPages, page, offset } = await registrationPage(db, where, ATTENDANCE_PAGE, query.page);
  const rows = await db
    .select({
      reg: eventRegistrations,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
      checkedInAt: sql<Date | null>`(SELECT c.at FROM event_check_ins c
        WHERE c.registration_id = ${eventRegistrations.id} AND c.session_id = ${session.id} AND c.direction = 'in')`,
      checkedOutAt: sql<Date | null>`(SELECT c.at FROM event_check_ins c
        WHERE c.registration_id = ${eventRegistrations.id} AND c.session_id = ${session.id} AND c.direction = 'out')`,
      entry: sql<[number, 'posted' | 'refused', string] | null>`(SELECT json_build_array(e.points, e.status, e.note)
        FROM credit_entries e WHERE e.source = 'event' AND e.source_id = ${session.id}
          AND e.account_id = ${eventRegistrations.accountId} AND e.status IN ('posted', 'refused') LIMIT 1)`,
    })
    .from(eventRegistrations)
    .innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
    .where(where)
    .orderBy(asc(eventRegistrations.number))
    .limit(ATTENDANCE_PAGE)
    .offset(offset);
  const moment = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    session: {
      sessionId: session.id,
      eventId: session.eventId,
      title: pickText(session.title, locale),
      day: session.day,
      startMinute: session.startMinute,
      endMinute: session.endMinute,
      needsCheckOut: session.needsCheckOut,
      creditsPostedAt: session.creditsPostedAt?.toISOString() ?? null,
    },
    rows: rows.map((r) => ({
      registrationId: r.reg.id,
      number: r.reg.number,
      name: personName({ nameZh: r.nameZh, nameEn: r.nameEn }, locale),
      checkedInAt: moment(r.checkedInAt),
      checkedOutAt: moment(r.checkedOutAt),
      entry: r.entry ? { points: pointsOf(r.entry[0]), status: r.entry[1], note: r.entry[2] } : null,
    })),
    page,
    total,
    totalPages,
  };
}

/** The certificate of attendance of an event the reader attended, valid; -6 when there is none (yet). */
export async function ownAttendanceCertificate(actor: Actor, eventId: number): Promise<IssuedDocument> {
  if (actor.account.userType !== 'individual') throw new AppError(ErrorCode.NO_PERMISSION);
  const { db } = (await runtime()).database;
  const [doc] = await db
    .select()
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.kind, 'attendance'),
        eq(issuedDocuments.accountId, actor.accountId),
        eq(issuedDocuments.subjectId, eventId),
        isNull(issuedDocuments.revokedAt),
      ),
    );
  if (!doc) throw new AppError(ErrorCode.NO_DATA, null, { key: 'attendanceCertificateNone' });
  return doc;
}

/** The reader's certificate of attendance of an event as a PDF in the reader's language. */
export async function downloadAttendanceCertificate(
  actor: Actor,
  eventId: number,
  locale: Locale,
): Promise<DocumentFile> {
  return documentFile(await ownAttendanceCertificate(actor, eventId), locale);
}
