import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { organisations, posts } from '../../db/schema';
import type { Actor } from '../../auth/sessions';
import { runtime } from '../../runtime';

/**
 * The member centre's statistics: the calls for papers open now (spec: postList of name and
 * postId). Per-member paper counts join this list when submissions exist.
 */
export async function getIndividualStatistics(_actor: Actor, locale: Locale) {
  const { db } = (await runtime()).database;
  const now = new Date();
  const rows = await db
    .select()
    .from(posts)
    .where(and(eq(posts.active, true), lte(posts.opensAt, now), gt(posts.closesAt, now)))
    .orderBy(asc(posts.sort), asc(posts.id));
  return {
    postList: rows.map((p) => ({
      postId: p.id,
      name: pickText(p.name, locale),
      closesAt: p.closesAt.toISOString(),
    })),
  };
}

/**
 * The organisation centre's statistics: how many topics it has chosen. Application counts join
 * when continuing-education applications exist.
 */
export async function getOrganisationStatistics(actor: Actor) {
  const { db } = (await runtime()).database;
  const [org] = await db
    .select({ topicIds: organisations.topicIds })
    .from(organisations)
    .where(eq(organisations.id, actor.accountId))
    .limit(1);
  return { topicCount: org?.topicIds.length ?? 0 };
}
