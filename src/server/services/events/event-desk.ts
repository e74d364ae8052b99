/**
 * The editors' events desk (DESIGN.md §19, Content): every event, drafts too, written, published
 * and taken off the site from the staff console. An event is public while it has a publish time
 * that has passed (content/visibility.ts); unpublishing clears it, so the event is a draft again.
 * Each change is one transaction with its audit entry and reaches every serving process at once
 * (content/changes.ts). Fees, credits and downloads are kept as stored.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { fromTaipeiDateTime, taipeiDateTime } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { pageCount, pageOffset } from '../../../lib/paging';
import {
  DESK_PAGE_SIZE,
  type DeskEvent,
  type EventDeskFilter,
  type EventSaveInput,
  type EventState,
} from '../../../lib/schemas/event-desk';
import type { Actor } from '../../auth/sessions';
import { DEFAULT_PREVIEW_MINUTES, signPreviewToken } from '../../auth/preview-tokens';
import type { Executor } from '../../db/client';
import { eventCategories, events } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { changeContent } from '../content/changes';
import { indexAs } from '../search/index-content';
import { matchesSearch } from '../search/match-search';
import { assertContentImage } from '../content/content-files';
import { assertFresh, changes, optionalTexts, texts, deskText } from '../content/desk-changes';
import { sanitizeRichText } from '../content/sanitize-html';
import { eventWindowOpen } from '../content/visibility';

type EventRow = typeof events.$inferSelect;

/** An event's state at `now`: published once its publish time has passed, else a draft. */
export function eventState(row: { publishedAt: Date | null }, now = new Date()): EventState {
  return row.publishedAt && row.publishedAt <= now ? 'published' : 'draft';
}

/**
 * One page (50) of events, latest start first, in one statement with the total; words are found in
 * the title, summary, description, place and organiser as site search finds them (`matchesSearch`).
 */
export async function listDeskEvents(filter: EventDeskFilter, locale: Locale) {
  const { db } = (await runtime()).database;
  const now = new Date();
  const page = filter.page ?? 1;
  const conditions: SQL[] = [];
  if (filter.state === 'published') conditions.push(eventWindowOpen(now));
  if (filter.state === 'draft') conditions.push(sql`(${events.publishedAt} is null or ${events.publishedAt} > ${now})`);
  const words = matchesSearch('event', filter.q);
  if (words) conditions.push(words);
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      place: events.place,
      startsAt: events.startsAt,
      publishedAt: events.publishedAt,
      updatedAt: events.updatedAt,
      categoryName: eventCategories.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(events)
    .innerJoin(eventCategories, eq(events.categoryId, eventCategories.id))
    .where(and(...conditions))
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(DESK_PAGE_SIZE)
    .offset(pageOffset(page, DESK_PAGE_SIZE));
  const total = rows[0]?.total ?? 0;
  return {
    rows: rows.map((r) => ({
      eventId: r.id,
      title: pickText(r.title, locale),
      categoryName: pickText(r.categoryName, locale),
      place: pickText(r.place, locale),
      state: eventState(r, now),
      startsAt: r.startsAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    page,
    total,
    totalPages: pageCount(total, DESK_PAGE_SIZE),
  };
}

/** A signed preview address of an event, valid for a day. */
async function eventPreviewPath(eventId: number): Promise<string> {
  const { secrets } = await runtime();
  const expires = new Date(Date.now() + DEFAULT_PREVIEW_MINUTES * 60_000);
  return `/preview/event/${eventId}?token=${signPreviewToken(secrets.signingKey, 'event', eventId, expires)}`;
}

async function deskView(row: EventRow): Promise<DeskEvent> {
  return {
    eventId: row.id,
    categoryId: row.categoryId,
    ...deskText('title', row.title),
    ...deskText('summary', row.summary),
    ...deskText('place', row.place),
    ...deskText('organiser', row.organiser),
    ...deskText('description', row.description),
    startsAt: taipeiDateTime(row.startsAt),
    endsAt: taipeiDateTime(row.endsAt),
    registrationUrl: row.registrationUrl ?? '',
    registrationClosesAt: row.registrationClosesAt ? taipeiDateTime(row.registrationClosesAt) : '',
    coverFileId: row.coverFileId,
    state: eventState(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    previewUrl: await eventPreviewPath(row.id),
  };
}

/** One event for the form; -18 when there is none. */
export async function getDeskEvent(eventId: number): Promise<DeskEvent> {
  const { db } = (await runtime()).database;
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!row) throw new AppError(ErrorCode.NO_ACTIVITY);
  return deskView(row);
}

/**
 * What the audit log keeps of an event: its short fields as they are, of the programme only its
 * length in characters per language.
 */
function audited(row: Omit<EventRow, 'id' | 'createdAt' | 'updatedAt' | 'publishedAt'>) {
  return {
    categoryId: row.categoryId,
    title: row.title,
    summary: row.summary ?? null,
    place: row.place ?? null,
    organiser: row.organiser ?? null,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    registrationUrl: row.registrationUrl ?? null,
    registrationClosesAt: row.registrationClosesAt?.toISOString() ?? null,
    coverFileId: row.coverFileId,
    descriptionLength: Object.fromEntries(
      Object.entries(row.description ?? {}).map(([lang, text]) => [lang, (text ?? '').length]),
    ),
  };
}

async function assertCategory(tx: Executor, categoryId: number): Promise<void> {
  const [category] = await tx
    .select({ id: eventCategories.id })
    .from(eventCategories)
    .where(eq(eventCategories.id, categoryId))
    .limit(1);
  if (!category) throw new AppError(ErrorCode.DATA_CHECK, { fields: ['categoryId'] }, { key: 'noEventCategory' });
}

/**
 * Creates or changes an event from the desk's form, and publishes it when asked. The programme
 * is sanitised before it is stored; the cover is one of the society's pictures (-10
 * `fileNotImage` otherwise; absent, it stays as it is); an end before the start is refused (-10, `eventEndsFirst`),
 * a form read before a later change too (-10, `eventChanged`). One transaction with its audit
 * entries (`content.event.create|update|publish`).
 */
export async function saveEvent(staff: Actor, input: EventSaveInput, ip: string): Promise<DeskEvent> {
  const actor = { userType: 'individual' as const, accountId: staff.accountId };
  const now = new Date();
  const startsAt = fromTaipeiDateTime(input.startsAt);
  const endsAt = fromTaipeiDateTime(input.endsAt);
  if (endsAt < startsAt) throw new AppError(ErrorCode.DATA_CHECK, { fields: ['endsAt'] }, { key: 'eventEndsFirst' });
  const description = optionalTexts(
    sanitizeRichText(input.descriptionZh).trim(),
    sanitizeRichText(input.descriptionEn).trim(),
  );
  const fields = {
    categoryId: input.categoryId,
    title: texts(input.titleZh, input.titleEn),
    summary: optionalTexts(input.summaryZh, input.summaryEn),
    place: optionalTexts(input.placeZh, input.placeEn),
    organiser: optionalTexts(input.organiserZh, input.organiserEn),
    description,
    startsAt,
    endsAt,
    registrationUrl: input.registrationUrl || null,
    registrationClosesAt: input.registrationClosesAt ? fromTaipeiDateTime(input.registrationClosesAt) : null,
    // Absent: the cover stays as it is.
    ...(input.coverFileId !== undefined ? { coverFileId: input.coverFileId } : {}),
  };
  const row = await changeContent(async (tx) => {
    await assertCategory(tx, input.categoryId);
    if (input.coverFileId !== undefined) await assertContentImage(tx, input.coverFileId, 'coverFileId');
    let current: EventRow | undefined;
    if (input.eventId !== undefined) {
      [current] = await tx.select().from(events).where(eq(events.id, input.eventId)).for('update').limit(1);
      if (!current) throw new AppError(ErrorCode.NO_ACTIVITY);
      if (!input.updatedAt) throw new AppError(ErrorCode.KEY_MISSING, { fields: ['updatedAt'] });
      assertFresh(current.updatedAt, input.updatedAt, 'eventChanged');
    } else {
      [current] = await tx
        .insert(events)
        .values({ ...fields, publishedAt: null, createdAt: now, updatedAt: now })
        .returning();
      await recordAudit(tx, {
        actor,
        action: 'content.event.create',
        ip,
        target: { type: 'event', id: current!.id },
        after: audited(current!),
      });
      if (!input.publish) return current!;
    }
    const publish = input.publish && eventState(current!, now) === 'draft';
    const [updated] = await tx
      .update(events)
      .set({ ...fields, ...(publish ? { publishedAt: now } : {}), updatedAt: now })
      .where(eq(events.id, current!.id))
      .returning();
    const edit = changes(audited(current!), audited(updated!));
    if (edit.changed && input.eventId !== undefined)
      await recordAudit(tx, {
        actor,
        action: 'content.event.update',
        ip,
        target: { type: 'event', id: current!.id },
        before: edit.before,
        after: edit.after,
      });
    if (publish)
      await recordAudit(tx, {
        actor,
        action: 'content.event.publish',
        ip,
        target: { type: 'event', id: current!.id },
        before: { publishedAt: current!.publishedAt?.toISOString() ?? null },
        after: { publishedAt: now.toISOString() },
      });
    return updated!;
  }, indexAs('event'));
  return deskView(row);
}

/** Takes a published event off the site now: it becomes a draft again (`content.event.unpublish`). */
export async function unpublishEvent(staff: Actor, eventId: number, updatedAt: string, ip: string): Promise<DeskEvent> {
  const now = new Date();
  const row = await changeContent(async (tx) => {
    const [current] = await tx.select().from(events).where(eq(events.id, eventId)).for('update').limit(1);
    if (!current) throw new AppError(ErrorCode.NO_ACTIVITY);
    assertFresh(current.updatedAt, updatedAt, 'eventChanged');
    if (current.publishedAt === null) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'eventNotPublic' });
    const [updated] = await tx
      .update(events)
      .set({ publishedAt: null, updatedAt: now })
      .where(eq(events.id, eventId))
      .returning();
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: staff.accountId },
      action: 'content.event.unpublish',
      ip,
      target: { type: 'event', id: eventId },
      before: { publishedAt: current.publishedAt.toISOString() },
      after: { publishedAt: null },
    });
    return updated!;
  }, indexAs('event'));
  return deskView(row);
}
