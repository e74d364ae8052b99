import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, articles, memberships, membershipEvents, orders } from '../../src/server/db/schema';
import { storedArticleForm } from './content-helpers';
import { jobsSite } from './jobs-helpers';
import { signedInOn } from './own-server';

/**
 * The console shows and takes the society's day (Asia/Taipei), never the UTC one: an article
 * that went out at 06:17 on 2 December in Taipei (22:17 UTC on the 1st) and an order placed at
 * 07:00 on 2 December in Taipei are of 2 December, and saving the article's form unchanged keeps
 * its publish time.
 */
describe('Taipei days on the console', { timeout: 180_000 }, () => {
  const publishedAt = new Date('2026-12-01T22:17:00Z');
  const orderedAt = new Date('2026-12-01T23:00:00Z');
  let site: Awaited<ReturnType<typeof jobsSite>>;
  let articleId = 0;
  let memberId = 0;
  let admin: Awaited<ReturnType<typeof signedInOn>>;

  beforeAll(async () => {
    site = await jobsSite();
    await site.start(); // migrates and seeds the demo society
    await site.stop();
    ({ articleId, memberId } = await site.withDb(async (db) => {
      const [article] = await db
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.contentType, 'html'))
        .orderBy(articles.id)
        .limit(1);
      await db.update(articles).set({ publishedAt, unpublishAt: null }).where(eq(articles.id, article!.id));
      const [member] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.email, 'member@example.org'));
      await db.insert(orders).values({
        number: 'O2026-977001',
        accountId: member!.id,
        description: { 'zh-tw': '常年會費', 'en-us': 'Dues' },
        amount: 1500,
        status: 'paid',
        createdAt: orderedAt,
        paidAt: orderedAt,
      });
      // A renewal in the member's history.
      const [membership] = await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(eq(memberships.accountId, member!.id));
      await db.insert(membershipEvents).values({ membershipId: membership!.id, kind: 'renewed', at: orderedAt });
      return { articleId: article!.id, memberId: member!.id };
    }));
    await site.start();
    admin = await signedInOn(site.url(), 'admin@example.org', 'Admin2026demo');
  });
  afterAll(async () => {
    await site?.drop();
  });

  it('shows an article’s Taipei publish day, and saving the form unchanged keeps its publish time', async () => {
    const page = await admin.page(`/staff/content/articles/${articleId}`);
    expect(page.status).toBe(200);
    const shown = /name="publishedOn"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="publishedOn"/.exec(page.html);
    const publishedOn = shown?.[1] ?? shown?.[2];
    expect(publishedOn).toBe('2026-12-02');

    const saved = await admin.post<{ publishedAt: string }>('/api/amsw1101/content/articles/save', {
      ...(await storedArticleForm(admin, articleId)),
      publishedOn,
    });
    expect(saved.code).toBe(0);
    expect(saved.data.publishedAt).toBe(publishedAt.toISOString());
  });

  it('dates a person’s order by its Taipei day, and names their history in the reader’s language', async () => {
    for (const [prefix, day, utcDay, renewed] of [
      ['', '2026/12/02', '2026/12/01', '續會'],
      ['/en-us', 'Dec 02, 2026', 'Dec 01, 2026', 'Renewed'],
    ] as const) {
      const page = await admin.page(`${prefix}/staff/people/${memberId}`);
      expect(page.status).toBe(200);
      const row = page.html.slice(page.html.indexOf('O2026-977001'));
      const cell = row.slice(0, row.indexOf('</tr>'));
      expect(cell).toContain(day);
      expect(cell).not.toContain(utcDay);
      expect(page.html).toMatch(new RegExp(`</span> · ${renewed}`));
      expect(page.html).not.toContain('· renewed');
    }
  });
});
