import { asc, eq } from 'drizzle-orm';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { topics } from '../../db/schema';
import { runtime } from '../../runtime';

export interface TopicOption {
  topicId: number;
  name: string;
}

/** The active continuing-education topics in the reader's language, for the organisation sign-up form. */
export async function listAllTopics(locale: Locale): Promise<TopicOption[]> {
  const { db } = (await runtime()).database;
  const rows = await db
    .select({ id: topics.id, name: topics.name })
    .from(topics)
    .where(eq(topics.active, true))
    .orderBy(asc(topics.sort), asc(topics.id));
  return rows.map((row) => ({ topicId: row.id, name: pickText(row.name, locale) }));
}
