import { api, page, previewToken } from './helpers';

/** Helpers for the article tests: ids are looked up through the API, never assumed. */

export interface ArticleItem {
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

export interface Paged<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export interface Category {
  articleCategoryId: number;
  name: string;
  description: string;
}

/** Every published article (the seed has fewer than 50). */
export async function publishedArticles(lang: 'zh-tw' | 'en-us' = 'en-us'): Promise<ArticleItem[]> {
  const res = await api<Paged<ArticleItem>>('/api/amsw0301?pageSize=50', { lang });
  if (res.body.code !== 0) throw new Error(JSON.stringify(res.body));
  return res.body.data.list;
}

export async function articleTitled(title: string): Promise<ArticleItem> {
  const found = (await publishedArticles('en-us')).find((a) => a.title === title);
  if (!found) throw new Error(`No published article titled ${title}`);
  return found;
}

export async function categories(lang: 'zh-tw' | 'en-us' = 'en-us'): Promise<Category[]> {
  const res = await api<{ articleCategoryList: Category[] }>('/api/amsw0301/category', { lang });
  return res.body.data.articleCategoryList;
}

/**
 * The id of an unpublished article with this English title: the ids the public list does not
 * show are opened one by one through the preview page with a token, as an editor would.
 */
export async function unpublishedArticleId(titlePart: string): Promise<number> {
  const ids = new Set((await publishedArticles()).map((a) => a.articleId));
  const max = Math.max(...ids);
  for (let id = 1; id <= max + 10; id++) {
    if (ids.has(id)) continue;
    const res = await page(`/en-us/preview/article/${id}?token=${previewToken('article', id)}`);
    if (res.status === 200 && res.html.includes(titlePart)) return id;
  }
  throw new Error(`No unpublished article titled ${titlePart}`);
}

export const DRAFT_TITLE = '[Draft] Revised rules for the 9th board election';
export const WITHDRAWN_TITLE = 'The 2025 General Assembly is postponed';
