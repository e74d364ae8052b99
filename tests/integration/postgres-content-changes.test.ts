import { describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../setup/fresh-database';
import { startServer } from '../setup/start-server';
import { signedInOn } from './own-server';

/** Many fresh connections at once, so the cluster hands them to every worker. */
async function readEverywhere(url: string, times = 16) {
  return Promise.all(
    Array.from({ length: times }, async () => {
      const res = await fetch(url, { headers: { Connection: 'close' } });
      return { cache: res.headers.get('x-cache'), html: await res.text() };
    }),
  );
}

// A content change made through one serving process reaches the others' caches at once
// (docs/decisions/019-content-changes-reach-every-process.md).
describe('content changes on several serving processes', () => {
  it('a published, then withdrawn article shows on every process at once, though their pages were cached', async () => {
    // A database of its own: the suite's other servers change content on the shared one, and
    // every change they announce would empty these caches too.
    const database = await freshDatabase();
    const server = await startServer({
      DATA_DIR: 'memory',
      DATABASE_URL: database.url,
      // Every process decrypts the demo staff's authenticator secret with the one key.
      SECRET_KEY: inject('secretKey'),
      WORKERS: '2',
      // Without the announcement a cached page would stay for ten minutes.
      PAGE_CACHE_TTL_MS: '600000',
    });
    try {
      const desk = await signedInOn(server.url, 'admin@example.org', 'Admin2026demo');
      const categories = (await (await fetch(`${server.url}/api/amsw0301/category`)).json()) as {
        data: { articleCategoryList: { articleCategoryId: number }[] };
      };
      const categoryId = categories.data.articleCategoryList[0]!.articleCategoryId;
      const title = `多程序測試 ${Date.now()}`;
      for (const path of ['/', '/news/list']) {
        await readEverywhere(server.url + path);
        const cached = await readEverywhere(server.url + path);
        expect(
          cached.every((r) => r.cache === 'hit'),
          path,
        ).toBe(true);
        expect(cached.some((r) => r.html.includes(title))).toBe(false);
      }

      const saved = await desk.post<{ articleId: number }>('/api/amsw1101/content/articles/save', {
        categoryId,
        titleZh: title,
        bodyZh: '<p>內文</p>',
        publish: true,
      });
      expect(saved.code).toBe(0);
      for (const path of ['/', '/news/list'])
        expect(
          (await readEverywhere(server.url + path)).every((r) => r.html.includes(title)),
          path,
        ).toBe(true);

      const withdrawn = await desk.post('/api/amsw1101/content/articles/unpublish', {
        articleId: saved.data.articleId,
      });
      expect(withdrawn.code).toBe(0);
      for (const path of ['/', '/news/list'])
        expect(
          (await readEverywhere(server.url + path)).some((r) => r.html.includes(title)),
          path,
        ).toBe(false);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
      await database.drop();
    }
  });
});
