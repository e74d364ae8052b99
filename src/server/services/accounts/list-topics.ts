import { asc, eq } from 'drizzle-orm';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { organisations, topics } from '../../db/schema';
import type { Actor } from '../../auth/sessions';
import { runtime } from '../../runtime';

/** The continuing-education topics, each marked when the organisation has chosen it. */
export async function listTopics(actor: Actor, locale: Locale) {
  const { db } = (await runtime()).database;
  const [org] = await db
    .select({ topicIds: organisations.topicIds })
    .from(organisations)
    .where(eq(organisations.id, actor.accountId))
    .limit(1);
  const chosen = new Set(org?.topicIds ?? []);
  const rows = await db.select().from(topics).where(eq(topics.active, true)).orderBy(asc(topics.sort), asc(topics.id));
  return {
    topicList: rows.map((t) => ({
      topicId: t.id,
      name: pickText(t.name, locale),
      description: pickText(t.description, locale),
      selected: chosen.has(t.id),
    })),
  };
}
