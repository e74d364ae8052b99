import type { APIRequestContext } from '@playwright/test';
import { loadSecrets } from '../../../src/server/auth/secrets';
import { signPreviewToken } from '../../../src/server/auth/preview-tokens';

/** Ids are looked up through the API (never assumed); preview links are signed with the server's key. */

interface Item {
  articleId: number;
  articleCategoryId: number;
  title: string;
}

export async function publishedArticles(request: APIRequestContext): Promise<Item[]> {
  const res = await request.get('/api/amsw0301?pageSize=50', { headers: { Lang: 'en-us' } });
  const body = (await res.json()) as { data: { list: Item[] } };
  return body.data.list;
}

export async function articleId(request: APIRequestContext, title: string): Promise<number> {
  const found = (await publishedArticles(request)).find((a) => a.title === title);
  if (!found) throw new Error(`No published article titled ${title}`);
  return found.articleId;
}

export async function categoryId(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.get('/api/amsw0301/category', { headers: { Lang: 'en-us' } });
  const body = (await res.json()) as { data: { articleCategoryList: { articleCategoryId: number; name: string }[] } };
  return body.data.articleCategoryList.find((c) => c.name === name)!.articleCategoryId;
}

/** A preview token signed with the key the e2e server generated into its data folder. */
export function previewToken(id: number, validMs = 3_600_000): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return signPreviewToken(loadSecrets({ dataDir }).signingKey, 'article', id, new Date(Date.now() + validMs));
}

/** The id of an unpublished article, found by opening the ids the public list leaves out with a preview link. */
export async function unpublishedArticleId(request: APIRequestContext, title: string): Promise<number> {
  const ids = new Set((await publishedArticles(request)).map((a) => a.articleId));
  const max = Math.max(...ids);
  for (let id = 1; id <= max + 10; id++) {
    if (ids.has(id)) continue;
    const res = await request.get(`/en-us/preview/article/${id}?token=${previewToken(id)}`);
    if (res.status() === 200 && (await res.text()).includes(title)) return id;
  }
  throw new Error(`No unpublished article titled ${title}`);
}

export const DRAFT_TITLE = '[Draft] Revised rules for the 9th board election';
