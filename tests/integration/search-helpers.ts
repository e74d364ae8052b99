import { afterAll, beforeAll } from 'vitest';
import { api as apiOn } from './helpers';
import { startOwnServer } from './own-server';

/**
 * The search tests' own server (a demo of its own): they publish articles, categories and journals,
 * which the shared server's tests of the demo's lists and sitemap must not see.
 */
let own: Awaited<ReturnType<typeof startOwnServer>> | undefined;
export function searchServer(): void {
  beforeAll(async () => {
    own = await startOwnServer();
  }, 180_000);
  afterAll(async () => {
    await own?.stop();
  });
}

/** The search tests' server's address. */
export function baseUrl(): string {
  if (!own) throw new Error('searchServer() first');
  return own.url;
}

/** An API call to the search tests' server (as `helpers.api`). */
export function api<T = unknown>(path: string, init: Parameters<typeof apiOn>[1] = {}) {
  return apiOn<T>(path, { base: baseUrl(), ...init });
}

/** A page of the search tests' server (as `helpers.page`). */
export async function page(path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl()}${path}`, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** A word of Latin letters no other item holds, so a query finds only this run's items. */
export function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let n = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  let word = 'zq';
  while (n > 0) {
    word += letters[n % letters.length];
    n = Math.floor(n / letters.length);
  }
  return word;
}

/** The first article category the public sees. */
export async function firstCategory(): Promise<number> {
  const res = await api<{ articleCategoryList: { articleCategoryId: number }[] }>('/api/amsw0301/category');
  return res.body.data.articleCategoryList[0]!.articleCategoryId;
}
