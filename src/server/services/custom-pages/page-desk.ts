/**
 * The editors' custom pages (DESIGN.md §19, Content): the society's own pages at `/{slug}`,
 * drafts too, written, published and taken off the site from the staff console. A page is public
 * while it has a publish time that has passed; unpublishing clears it (a draft again). Rich text
 * is sanitised as an article's is. Each change is one transaction with its audit entry and
 * reaches every serving process at once (content/changes.ts).
 */
import { and, asc, eq, gt, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { I18nContent } from '../../../lib/content-types';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { pageCount, pageOffset } from '../../../lib/paging';
import { DESK_PAGE_SIZE } from '../../../lib/schemas/content-desk';
import type { DeskPage, PageDeskFilter, PageSaveInput, PageState } from '../../../lib/schemas/page-desk';
import type { Actor } from '../../auth/sessions';
import { isUniqueViolation } from '../../db/errors';
import { customPages } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { deskTexts, storedBody } from '../articles/article-desk';
import { changeContent } from '../content/changes';
import { indexAs } from '../search/index-content';
import { matchesSearch } from '../search/match-search';
import { assertFresh, changes, optionalTexts, texts } from '../content/desk-changes';

type PageRow = typeof customPages.$inferSelect;

function pageState(row: { publishedAt: Date | null }, now = new Date()): PageState {
  return row.publishedAt && row.publishedAt <= now ? 'published' : 'draft';
}

/**
 * One page (50) of the custom pages, by address, in one statement with the total; words are found
 * in the title and text as site search finds them (`matchesSearch`).
 */
export async function listDeskPages(filter: PageDeskFilter, locale: Locale) {
  const { db } = (await runtime()).database;
  const now = new Date();
  const page = filter.page ?? 1;
  const conditions: SQL[] = [];
  if (filter.state === 'published')
    conditions.push(and(isNotNull(customPages.publishedAt), lte(customPages.publishedAt, now))!);
  if (filter.state === 'draft') conditions.push(or(isNull(customPages.publishedAt), gt(customPages.publishedAt, now))!);
  const words = matchesSearch('page', filter.q);
  if (words) conditions.push(words);
  const rows = await db
    .select({
      id: customPages.id,
      slug: customPages.slug,
      title: customPages.title,
      publishedAt: customPages.publishedAt,
      updatedAt: customPages.updatedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(customPages)
    .where(and(...conditions))
    .orderBy(asc(customPages.slug))
    .limit(DESK_PAGE_SIZE)
    .offset(pageOffset(page, DESK_PAGE_SIZE));
  const total = rows[0]?.total ?? 0;
  return {
    rows: rows.map((r) => ({
      pageId: r.id,
      slug: r.slug,
      title: pickText(r.title, locale),
      state: pageState(r, now),
      updatedAt: r.updatedAt.toISOString(),
    })),
    page,
    total,
    totalPages: pageCount(total, DESK_PAGE_SIZE),
  };
}

function deskView(row: PageRow): DeskPage {
  return {
    pageId: row.id,
    slug: row.slug,
    ...deskTexts(row),
    state: pageState(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One page for the form; -6 when there is none. */
export async function getDeskPage(pageId: number): Promise<DeskPage> {
  const { db } = (await runtime()).database;
  const [row] = await db.select().from(customPages).where(eq(customPages.id, pageId)).limit(1);
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  return deskView(row);
}

/** What the audit log keeps of a page: its address and texts, of each body only its length. */
function audited(row: Pick<PageRow, 'slug' | 'title' | 'summary' | 'content'>) {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary ?? null,
    bodyLength: Object.fromEntries(
      Object.entries(row.content).map(([lang, body]) => [lang, (body?.htmlList ?? []).join('').length]),
    ),
  };
}

/**
 * Creates or changes a page from the desk's form, and publishes it when asked. An address
 * another page has is refused (-13), a form read before a later change too (-10,
 * `pageChanged`). One transaction with its audit entries (`content.page.create|update|publish`).
 */
export async function savePage(staff: Actor, input: PageSaveInput, ip: string): Promise<DeskPage> {
  const actor = { userType: 'individual' as const, accountId: staff.accountId };
  const now = new Date();
  try {
    const row = await changeContent(async (tx) => {
      const [taken] = await tx
        .select({ id: customPages.id })
        .from(customPages)
        .where(
          and(
            eq(customPages.slug, input.slug),
            input.pageId === undefined ? undefined : ne(customPages.id, input.pageId),
          ),
        )
        .limit(1);
      if (taken) throw new AppError(ErrorCode.DUPLICATE, { fields: ['slug'] }, { key: 'pageSlugTaken' });
      let current: PageRow | undefined;
      if (input.pageId !== undefined) {
        [current] = await tx.select().from(customPages).where(eq(customPages.id, input.pageId)).for('update').limit(1);
        if (!current) throw new AppError(ErrorCode.NO_DATA);
        if (!input.updatedAt) throw new AppError(ErrorCode.KEY_MISSING, { fields: ['updatedAt'] });
        assertFresh(current.updatedAt, input.updatedAt, 'pageChanged');
      }
      const richText = !current || current.contentType === 'html';
      const content: I18nContent = richText
        ? { ...(current?.content ?? {}), 'zh-tw': storedBody(input.bodyZh), 'en-us': storedBody(input.bodyEn) }
        : current!.content;
      const fields = {
        slug: input.slug,
        title: texts(input.titleZh, input.titleEn),
        summary: optionalTexts(input.summaryZh, input.summaryEn),
        ...(richText ? { contentType: 'html' as const } : {}),
        content,
      };
      if (!current) {
        [current] = await tx
          .insert(customPages)
          .values({ ...fields, publishedAt: null, createdAt: now, updatedAt: now })
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'content.page.create',
          ip,
          target: { type: 'custom_page', id: current!.id },
          after: audited(current!),
        });
        if (!input.publish) return current!;
      }
      const publish = input.publish && pageState(current!, now) === 'draft';
      const [updated] = await tx
        .update(customPages)
        .set({ ...fields, ...(publish ? { publishedAt: now } : {}), updatedAt: now })
        .where(eq(customPages.id, current!.id))
        .returning();
      const edit = changes(audited(current!), audited(updated!));
      if (edit.changed && input.pageId !== undefined)
        await recordAudit(tx, {
          actor,
          action: 'content.page.update',
          ip,
          target: { type: 'custom_page', id: current!.id },
          before: edit.before,
          after: edit.after,
        });
      if (publish)
        await recordAudit(tx, {
          actor,
          action: 'content.page.publish',
          ip,
          target: { type: 'custom_page', id: current!.id },
          before: { publishedAt: current!.publishedAt?.toISOString() ?? null },
          after: { publishedAt: now.toISOString() },
        });
      return updated!;
    }, indexAs('page'));
    return deskView(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(ErrorCode.DUPLICATE, { fields: ['slug'] }, { key: 'pageSlugTaken' });
    throw error;
  }
}

/** Takes a published page off the site now: it becomes a draft again (`content.page.unpublish`). */
export async function unpublishPage(staff: Actor, pageId: number, updatedAt: string, ip: string): Promise<DeskPage> {
  const now = new Date();
  const row = await changeContent(async (tx) => {
    const [current] = await tx.select().from(customPages).where(eq(customPages.id, pageId)).for('update').limit(1);
    if (!current) throw new AppError(ErrorCode.NO_DATA);
    assertFresh(current.updatedAt, updatedAt, 'pageChanged');
    if (current.publishedAt === null) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'pageNotPublic' });
    const [updated] = await tx
      .update(customPages)
      .set({ publishedAt: null, updatedAt: now })
      .where(eq(customPages.id, pageId))
      .returning();
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: staff.accountId },
      action: 'content.page.unpublish',
      ip,
      target: { type: 'custom_page', id: pageId },
      before: { publishedAt: current.publishedAt.toISOString() },
      after: { publishedAt: null },
    });
    return updated!;
  }, indexAs('page'));
  return deskView(row);
}
