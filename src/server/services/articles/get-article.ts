import { and, asc, desc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { verifyPreviewToken } from '../../auth/preview-tokens';
import { articles } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { articleIsPublic } from '../content/visibility';
import { type ArticleListItem, articlesWithCategory } from './list-articles';
import { buildBody, type BodyView } from './build-body';

export interface ArticleNeighbour {
  articleId: number;
  title: string;
}

export interface ArticleDetail extends BodyView, Omit<ArticleListItem, 'publishedAt'> {
  /** What the cover shows, in the reader's language ('' when none was given: a decorative cover). */
  coverAlt: string;
  /** Null only in the preview of a draft. */
  publishedAt: string | null;
  updatedAt: string;
  /** The next older published article of the same category. */
  previous: ArticleNeighbour | null;
  /** The next newer published article of the same category. */
  next: ArticleNeighbour | null;
}

const TTL_MS = 30_000;

/** A published article; an unknown, draft or withdrawn one answers -15. */
export async function getArticle(articleId: number, locale: Locale): Promise<ArticleDetail> {
  const rt = await runtime();
  return rt.cache.get(`article:${articleId}:${locale}`, () => loadArticle(articleId, locale, true), TTL_MS);
}

/**
 * An article whatever its publish state (a draft, a scheduled or a withdrawn one), for the holder
 * of a preview link signed for it. Without a valid token it answers -15 as if the article did
 * not exist. Never cached.
 */
export async function getArticlePreview(
  articleId: number,
  token: string | null | undefined,
  locale: Locale,
): Promise<ArticlePreview> {
  const { secrets } = await runtime();
  if (!verifyPreviewToken(secrets.signingKey, token, 'article', articleId)) throw new AppError(ErrorCode.NO_ARTICLE);
  const [detail, stored] = await loadArticleWithState(articleId, locale, false);
  const now = Date.now();
  const state: ArticlePreview['state'] = !stored.publishedAt
    ? 'draft'
    : stored.publishedAt.getTime() > now
      ? 'scheduled'
      : stored.unpublishAt && stored.unpublishAt.getTime() <= now
        ? 'withdrawn'
        : 'published';
  return {
    ...detail,
    state,
    stateDate:
      state === 'scheduled'
        ? stored.publishedAt!.toISOString()
        : state === 'withdrawn'
          ? stored.unpublishAt!.toISOString()
          : null,
  };
}

/** A preview also says where the article stands: a draft, scheduled, withdrawn or published. */
export interface ArticlePreview extends ArticleDetail {
  state: 'draft' | 'scheduled' | 'withdrawn' | 'published';
  /** When it will be published (scheduled) or was withdrawn. */
  stateDate: string | null;
}

async function loadArticle(articleId: number, locale: Locale, publicOnly: boolean): Promise<ArticleDetail> {
  return (await loadArticleWithState(articleId, locale, publicOnly))[0];
}

async function loadArticleWithState(
  articleId: number,
  locale: Locale,
  publicOnly: boolean,
): Promise<[ArticleDetail, { publishedAt: Date | null; unpublishAt: Date | null }]> {
  const { db } = (await runtime()).database;
  const now = new Date();
  const conditions: SQL[] = [eq(articles.id, articleId)];
  if (publicOnly) conditions.push(articleIsPublic(now));
  const [row] = await articlesWithCategory(db, articles)
    .where(and(...conditions))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.NO_ARTICLE);
  const { article } = row;
  const [previous, next] = article.publishedAt
    ? await Promise.all([
        neighbour(article.categoryId, article.publishedAt, article.id, 'older', now, locale),
        neighbour(article.categoryId, article.publishedAt, article.id, 'newer', now, locale),
      ])
    : [null, null];
  const detail: ArticleDetail = {
    articleId: article.id,
    articleCategoryId: article.categoryId,
    categoryName: pickText(row.categoryName, locale),
    title: pickText(article.title, locale),
    summary: pickText(article.summary, locale),
    coverFileId: article.coverFileId,
    coverAlt: pickText(article.coverAlt, locale),
    coverWidth: row.coverWidth,
    coverHeight: row.coverHeight,
    pinned: article.pinned,
    publishedAt: article.publishedAt?.toISOString() ?? null,
    updatedAt: article.updatedAt.toISOString(),
    ...(await buildBody(article, locale)),
    previous,
    next,
  };
  return [detail, { publishedAt: article.publishedAt, unpublishAt: article.unpublishAt }];
}

/** The published article of the same category just before or after this one in time. */
async function neighbour(
  categoryId: number,
  publishedAt: Date,
  id: number,
  direction: 'older' | 'newer',
  now: Date,
  locale: Locale,
): Promise<ArticleNeighbour | null> {
  const { db } = (await runtime()).database;
  const older = direction === 'older';
  const [row] = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(
      and(
        eq(articles.categoryId, categoryId),
        articleIsPublic(now),
        older
          ? or(lt(articles.publishedAt, publishedAt), and(eq(articles.publishedAt, publishedAt), lt(articles.id, id)))
          : or(gt(articles.publishedAt, publishedAt), and(eq(articles.publishedAt, publishedAt), gt(articles.id, id))),
      ),
    )
    .orderBy(
      ...(older ? [desc(articles.publishedAt), desc(articles.id)] : [asc(articles.publishedAt), asc(articles.id)]),
    )
    .limit(1);
  return row ? { articleId: row.id, title: pickText(row.title, locale) } : null;
}
