/**
 * The editors' articles desk (DESIGN.md §19, Content): every article whatever its state, written
 * and published from the staff console. Each change is one transaction with its audit entry and
 * reaches every serving process at once (content/changes.ts).
 */
import { and, desc, eq, gt, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { I18nContent } from '../../../lib/content-types';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { pageCount, pageOffset } from '../../../lib/paging';
import {
  DESK_PAGE_SIZE,
  type ArticleDeskFilter,
  type ArticleSaveInput,
  type ArticleState,
  type DeskArticle,
} from '../../../lib/schemas/content-desk';
import type { Actor } from '../../auth/sessions';
import { DEFAULT_PREVIEW_MINUTES, signPreviewToken } from '../../auth/preview-tokens';
import type { Executor } from '../../db/client';
import { articleCategories, articles } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { changeContent } from '../content/changes';
import { indexAs } from '../search/index-content';
import { matchesSearch } from '../search/match-search';
import { assertContentImage } from '../content/content-files';
import { changes, publishMoment, texts, deskText } from '../content/desk-changes';
import { sanitizeRichText } from '../content/sanitize-html';
import { articleWindowOpen } from '../content/visibility';

type ArticleRow = typeof articles.$inferSelect;

/** An article's state at `now`, from its publish window. */
export function articleState(
  row: { publishedAt: Date | null; unpublishAt: Date | null },
  now = new Date(),
): ArticleState {
  if (!row.publishedAt) return 'draft';
  if (row.unpublishAt && row.unpublishAt <= now) return 'withdrawn';
  if (row.publishedAt > now) return 'scheduled';
  return 'published';
}

function stateCondition(state: ArticleState, now: Date): SQL {
  switch (state) {
    case 'draft':
      return isNull(articles.publishedAt);
    case 'scheduled':
      return and(
        gt(articles.publishedAt, now),
        sql`(${articles.unpublishAt} is null or ${articles.unpublishAt} > ${now})`,
      )!;
    case 'published':
      return articleWindowOpen(now);
    case 'withdrawn':
      return and(isNotNull(articles.publishedAt), lte(articles.unpublishAt, now))!;
  }
}

/**
 * One page (50) of articles, most recently changed first, in one statement with the total; words
 * are found in the title and body as site search finds them (`matchesSearch`).
 */
export async function listDeskArticles(filter: ArticleDeskFilter, locale: Locale) {
  const { db } = (await runtime()).database;
  const now = new Date();
  const page = filter.page ?? 1;
  const conditions: SQL[] = [];
  if (filter.category !== undefined) conditions.push(eq(articles.categoryId, filter.category));
  if (filter.state) conditions.push(stateCondition(filter.state, now));
  const words = matchesSearch('article', filter.q);
  if (words) conditions.push(words);
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      pinned: articles.pinned,
      publishedAt: articles.publishedAt,
      unpublishAt: articles.unpublishAt,
      updatedAt: articles.updatedAt,
      categoryName: articleCategories.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(articles)
    .innerJoin(articleCategories, eq(articles.categoryId, articleCategories.id))
    .where(and(...conditions))
    .orderBy(desc(articles.updatedAt), desc(articles.id))
    .limit(DESK_PAGE_SIZE)
    .offset(pageOffset(page, DESK_PAGE_SIZE));
  const total = rows[0]?.total ?? 0;
  return {
    rows: rows.map((r) => ({
      articleId: r.id,
      title: pickText(r.title, locale),
      categoryName: pickText(r.categoryName, locale),
      state: articleState(r, now),
      pinned: r.pinned,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    })),
    page,
    total,
    totalPages: pageCount(total, DESK_PAGE_SIZE),
  };
}

/** A signed preview address of an article (as `npm run preview-link` makes), valid for a day. */
export async function articlePreviewPath(articleId: number): Promise<string> {
  const { secrets } = await runtime();
  const expires = new Date(Date.now() + DEFAULT_PREVIEW_MINUTES * 60_000);
  return `/preview/article/${articleId}?token=${signPreviewToken(secrets.signingKey, 'article', articleId, expires)}`;
}

/** The rich-text sections of one language as the form's one text (sections joined by a blank line). */
export function bodyText(content: I18nContent, locale: Locale): string {
  return (content[locale]?.htmlList ?? []).join('\n\n');
}

/** The title, summary and body of an article or a page as its desk's form shows them (a body only for rich text). */
export function deskTexts(row: Pick<ArticleRow, 'title' | 'summary' | 'contentType' | 'content'>) {
  const richText = row.contentType === 'html';
  return {
    ...deskText('title', row.title),
    ...deskText('summary', row.summary),
    contentType: row.contentType,
    bodyZh: richText ? bodyText(row.content, 'zh-tw') : null,
    bodyEn: richText ? bodyText(row.content, 'en-us') : null,
  };
}

function deskView(row: ArticleRow, previewUrl: string): DeskArticle {
  return {
    articleId: row.id,
    categoryId: row.categoryId,
    ...deskTexts(row),
    pinned: row.pinned,
    coverFileId: row.coverFileId,
    ...deskText('coverAlt', row.coverAlt),
    state: articleState(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    unpublishAt: row.unpublishAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    previewUrl,
  };
}

/** One article for the form; -15 when there is none. */
export async function getDeskArticle(articleId: number): Promise<DeskArticle> {
  const { db } = (await runtime()).database;
  const [row] = await db.select().from(articles).where(eq(articles.id, articleId)).limit(1);
  if (!row) throw new AppError(ErrorCode.NO_ARTICLE);
  return deskView(row, await articlePreviewPath(row.id));
}

/** One language's body as stored: one sanitised rich-text section, or none when empty. */
export function storedBody(html: string | undefined): { htmlList: string[] } {
  const clean = sanitizeRichText(html ?? '').trim();
  return { htmlList: clean ? [clean] : [] };
}

/**
 * What the audit log keeps of an article: its short fields as they are, and of each body only
 * its length in characters (bodies are long; the article itself holds the text).
 */
function auditedFields(
  row: Pick<
    ArticleRow,
    | 'categoryId'
    | 'title'
    | 'summary'
    | 'pinned'
    | 'coverFileId'
    | 'coverAlt'
    | 'publishedAt'
    | 'unpublishAt'
    | 'content'
  >,
) {
  return {
    categoryId: row.categoryId,
    title: row.title,
    summary: row.summary ?? null,
    pinned: row.pinned,
    coverFileId: row.coverFileId,
    coverAlt: row.coverAlt ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    unpublishAt: row.unpublishAt?.toISOString() ?? null,
    bodyLength: Object.fromEntries(
      Object.entries(row.content).map(([lang, body]) => [lang, (body?.htmlList ?? []).join('').length]),
    ),
  };
}

async function assertCategory(tx: Executor, categoryId: number): Promise<void> {
  const [category] = await tx
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(eq(articleCategories.id, categoryId))
    .limit(1);
  if (!category) throw new AppError(ErrorCode.NO_ARTICLE_CLASS);
}

/**
 * Creates or changes an article from the desk's form, and publishes it when asked: HTML is
 * sanitised before it is stored; the cover is one of the society's pictures (-10 `fileNotImage`
 * otherwise; absent, it stays as it is); a publish day in the future schedules it. A published article
 * whose publish day is changed moves to that day. One transaction with its audit entries
 * (`content.article.create|update|publish`).
 */
export async function saveArticle(staff: Actor, input: ArticleSaveInput, ip: string): Promise<DeskArticle> {
  const actor = { userType: 'individual' as const, accountId: staff.accountId };
  const now = new Date();
  const row = await changeContent(async (tx) => {
    await assertCategory(tx, input.categoryId);
    if (input.coverFileId !== undefined) await assertContentImage(tx, input.coverFileId, 'coverFileId');
    const fields = {
      categoryId: input.categoryId,
      title: texts(input.titleZh, input.titleEn),
      summary: input.summaryZh || input.summaryEn ? texts(input.summaryZh, input.summaryEn) : null,
      pinned: input.pinned,
      // Absent: the cover and its words stay as they are.
      ...(input.coverFileId !== undefined ? { coverFileId: input.coverFileId } : {}),
      ...(input.coverAltZh !== undefined || input.coverAltEn !== undefined
        ? {
            coverAlt:
              input.coverAltZh || input.coverAltEn ? texts(input.coverAltZh ?? '', input.coverAltEn ?? '') : null,
          }
        : {}),
    };
    let current: ArticleRow | undefined;
    if (input.articleId !== undefined) {
      [current] = await tx.select().from(articles).where(eq(articles.id, input.articleId)).for('update').limit(1);
      if (!current) throw new AppError(ErrorCode.NO_ARTICLE);
    }
    const richText = !current || current.contentType === 'html';
    const content: I18nContent | undefined = richText
      ? {
          ...(current?.content ?? {}),
          'zh-tw': storedBody(input.bodyZh),
          'en-us': storedBody(input.bodyEn),
        }
      : undefined;
    const state = current ? articleState(current, now) : 'draft';
    let publishedAt = current?.publishedAt ?? null;
    let unpublishAt = current?.unpublishAt ?? null;
    // A live article keeps its moment unless another day is asked for.
    const live = state === 'published' || state === 'scheduled' ? publishedAt : null;
    if (input.publish) {
      publishedAt = publishMoment(input.publishedOn, now, live);
      unpublishAt = null;
    } else if (live && input.publishedOn) {
      publishedAt = publishMoment(input.publishedOn, now, live);
    }
    const values = {
      ...fields,
      ...(content ? { contentType: 'html' as const, content } : {}),
      publishedAt,
      unpublishAt,
      updatedAt: now,
    };
    if (!current) {
      const [created] = await tx
        .insert(articles)
        .values({ ...values, content: content!, publishedAt: null, unpublishAt: null, createdAt: now })
        .returning();
      await recordAudit(tx, {
        actor,
        action: 'content.article.create',
        ip,
        target: { type: 'article', id: created!.id },
        after: auditedFields(created!),
      });
      if (!input.publish) return created!;
      current = created!;
    }
    const [updated] = await tx.update(articles).set(values).where(eq(articles.id, current.id)).returning();
    const { publishedAt: _p, unpublishAt: _u, ...beforeRest } = auditedFields(current);
    const { publishedAt: _pa, unpublishAt: _ua, ...afterRest } = auditedFields(updated!);
    const edit = changes(beforeRest, afterRest);
    if (edit.changed && input.articleId !== undefined)
      await recordAudit(tx, {
        actor,
        action: 'content.article.update',
        ip,
        target: { type: 'article', id: current.id },
        before: edit.before,
        after: edit.after,
      });
    const window = changes(
      {
        publishedAt: current.publishedAt?.toISOString() ?? null,
        unpublishAt: current.unpublishAt?.toISOString() ?? null,
      },
      {
        publishedAt: updated!.publishedAt?.toISOString() ?? null,
        unpublishAt: updated!.unpublishAt?.toISOString() ?? null,
      },
    );
    if (window.changed)
      await recordAudit(tx, {
        actor,
        action: input.publish ? 'content.article.publish' : 'content.article.update',
        ip,
        target: { type: 'article', id: current.id },
        before: window.before,
        after: window.after,
      });
    return updated!;
  }, indexAs('article'));
  return deskView(row, await articlePreviewPath(row.id));
}

/** Takes a public or scheduled article off the site now (it stays, withdrawn, for the editors). */
export async function unpublishArticle(staff: Actor, articleId: number, ip: string): Promise<DeskArticle> {
  const now = new Date();
  const row = await changeContent(async (tx) => {
    const [current] = await tx.select().from(articles).where(eq(articles.id, articleId)).for('update').limit(1);
    if (!current) throw new AppError(ErrorCode.NO_ARTICLE);
    const state = articleState(current, now);
    if (state === 'draft' || state === 'withdrawn')
      throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'articleNotPublic' });
    const [updated] = await tx
      .update(articles)
      .set({ unpublishAt: now, updatedAt: now })
      .where(eq(articles.id, articleId))
      .returning();
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: staff.accountId },
      action: 'content.article.unpublish',
      ip,
      target: { type: 'article', id: articleId },
      before: { unpublishAt: current.unpublishAt?.toISOString() ?? null },
      after: { unpublishAt: now.toISOString() },
    });
    return updated!;
  }, indexAs('article'));
  return deskView(row, await articlePreviewPath(row.id));
}
