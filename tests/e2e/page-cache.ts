import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Puts a public page in the page cache and checks it is there. Another test's content change
 * empties the cache whenever it happens, so the page is asked for again until it holds.
 */
export async function expectCached(request: APIRequestContext, path: string): Promise<void> {
  await expect
    .poll(async () => {
      await request.get(path);
      return (await request.get(path)).headers()['x-cache'];
    })
    .toBe('hit');
}
