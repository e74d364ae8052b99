import { asc, eq } from 'drizzle-orm';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { topics } from '../../db/schema';
import { runtime } from '../../runtime';

export interface TopicOption {
  topicId: number;
  name: string;
  description: string;
}

/**
 * The active continuing-education topics in the reader's language (the organisation sign-up form,
 * the organisation's own topics). Shared and read-mostly: kept in the memo cache, emptied by any
 * content change.
 */
export async function listAllTopics(locale: Locale): Promise<TopicOption[]> {
  const rt = await runtime();
  return rt.cache.get(`topics:${locale}`, async () => {
    const rows = await rt.database.db
      .select({ id: topics.id, name: topics.name, description: topics.description })
      .from(topics)
      .where(eq(topics.active, true))
      .orderBy(asc(topics.sort), asc(topics.id));
    return rows.map((row) => ({
      topicId: row.id,
      name: pickText(row.name, locale),
      description: pickText(row.description, locale),
    }));
  });
}
