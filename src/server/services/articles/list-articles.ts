import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText, truncate } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { CACHED_PAGES, pageCount, pageOffset } from '../../../lib/paging';
import type { Paged } from '../../../lib/schemas/paging';
import type { Db } from '../../db/client';
import { articleCategories, articles, files } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { articleIsPublic, matchesKeyword } from '../content/visibility';
import { listArticleCategories } from './list-article-categories';

export interface ArticleListItem {
  articleId: number;
  articleCategoryId: number;
  categoryName: string;
  title: string;
  summary: string;
  coverFileId: number | null;
  coverWidth: number | null;
  coverHeight: number | null;
  pinned: boolean;
  publishedAt: string;
}

export interface ArticleListOptions {
  articleCategoryId?: number;
  page: number;
  pageSize: number;
  keyword?: string;
}

/** Publish windows open by the clock, so a list is kept half a minute at most. */
const TTL_MS = 30_000;

/**
 * One page of the published articles, pinned first, then newest first. An unknown category
 * answers -16; a page past the last answers an empty list with the true totals.
 */
export async function listArticles(options: ArticleListOptions, locale: Locale): Promise<Paged<ArticleListItem>> {
  const { articleCategoryId, page, pageSize, keyword } = options;
  if (articleCategoryId !== undefined) {
    const categories = await listArticleCategories(locale);
    if (!categories.some((c) => c.articleCategoryId === articleCategoryId)) {
      throw new AppError(ErrorCode.NO_ARTICLE_CLASS);
    }
  }
  const rt = await runtime();
  if (keyword || page > CACHED_PAGES) return loadArticles(options, locale);
  return rt.cache.get(
    `articles:${locale}:${articleCategoryId ?? 'all'}:${page}:${pageSize}`,
    () => loadArticles(options, locale),
    TTL_MS,
  );
}

/** Articles (all their columns, or the ones named) with their category's name and their cover's size. */
export function articlesWithCategory<A extends typeof articles | Record<string, PgColumn>>(db: Db, article: A) {
  return db
    .select({ article, categoryName: articleCategories.name, coverWidth: files.width, coverHeight: files.height })
    .from(articles)
    .innerJoin(articleCategories, eq(articles.categoryId, articleCategories.id))
    .leftJoin(files, eq(articles.coverFileId, files.id));
}

async function loadArticles(
  { articleCategoryId, page, pageSize, keyword }: ArticleListOptions,
  locale: Locale,
): Promise<Paged<ArticleListItem>> {
  const { db } = (await runtime()).database;
  const conditions: SQL[] = [articleIsPublic(new Date())];
  if (articleCategoryId !== undefined) conditions.push(eq(articles.categoryId, articleCategoryId));
  if (keyword) conditions.push(matchesKeyword(keyword, articles.title, articles.summary));
  const where = and(...conditions);
  const [totals] = await db.select({ total: count() }).from(articles).where(where);
  const total = totals?.total ?? 0;
  const rows = await articlesWithCategory(db, {
    id: articles.id,
    categoryId: articles.categoryId,
    title: articles.title,
    summary: articles.summary,
    coverFileId: articles.coverFileId,
    pinned: articles.pinned,
    publishedAt: articles.publishedAt,
  })
    .where(where)
    .orderBy(desc(articles.pinned), desc(articles.publishedAt), desc(articles.id))
    .limit(pageSize)
    .offset(pageOffset(page, pageSize));
  return {
    list: rows.map(({ article, categoryName, coverWidth, coverHeight }) => ({
      articleId: article.id,
      articleCategoryId: article.categoryId,
      categoryName: pickText(categoryName, locale),
      title: pickText(article.title, locale),
      summary: truncate(pickText(article.summary, locale), 100),
      coverFileId: article.coverFileId,
      coverWidth,
      coverHeight,
      pinned: article.pinned,
      publishedAt: article.publishedAt!.toISOString(),
    })),
    page,
    pageSize,
    total,
    totalPages: pageCount(total, pageSize),
  };
}
