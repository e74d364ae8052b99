import { and, asc, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import type { postListResponse } from '../../../lib/schemas/journals';
import { posts } from '../../db/schema';
import { runtime } from '../../runtime';

export type CallForPapers = z.output<typeof postListResponse>['postList'][number];

/** Calls open and close by time, so the list is kept 30 seconds at most. */
const POSTS_TTL_MS = 30_000;

/**
 * The society's calls for papers the public may see: the open ones, closing soonest first, then
 * the upcoming ones, opening soonest first. Closed and withdrawn calls are left out.
 */
export async function listCallsForPapers(locale: Locale): Promise<CallForPapers[]> {
  const rt = await runtime();
  return rt.cache.get(
    `posts:public:${locale}`,
    async () => {
      const now = new Date();
      const rows = await rt.database.db
        .select()
        .from(posts)
        .where(and(eq(posts.active, true), gt(posts.closesAt, now)))
        .orderBy(asc(posts.sort), asc(posts.id));
      const list = rows.map((post) => ({
        postId: post.id,
        name: pickText(post.name, locale),
        description: pickText(post.description, locale),
        opensAt: post.opensAt.toISOString(),
        closesAt: post.closesAt.toISOString(),
        status: post.opensAt <= now ? ('open' as const) : ('upcoming' as const),
      }));
      const by = (key: 'opensAt' | 'closesAt') => (a: CallForPapers, b: CallForPapers) => a[key].localeCompare(b[key]);
      return [
        ...list.filter((p) => p.status === 'open').sort(by('closesAt')),
        ...list.filter((p) => p.status === 'upcoming').sort(by('opensAt')),
      ];
    },
    POSTS_TTL_MS,
  );
}
