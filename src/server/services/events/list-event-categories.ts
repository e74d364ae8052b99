import { asc, eq } from 'drizzle-orm';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { eventCategories } from '../../db/schema';
import { runtime } from '../../runtime';
import { EVENT_TTL_MS } from './event-views';

export interface EventCategoryView {
  eventCategoryId: number;
  name: string;
}

/**
 * Every visible event category in the society's order; with `hidden`, the hidden ones too (the
 * editors file events under them).
 */
export async function listEventCategories(
  locale: Locale,
  { hidden = false }: { hidden?: boolean } = {},
): Promise<EventCategoryView[]> {
  const rt = await runtime();
  return rt.cache.get(
    `event-categories:${locale}${hidden ? ':all' : ''}`,
    async () => {
      const rows = await rt.database.db
        .select()
        .from(eventCategories)
        .where(hidden ? undefined : eq(eventCategories.visible, true))
        .orderBy(asc(eventCategories.sort), asc(eventCategories.id));
      return rows.map((row) => ({ eventCategoryId: row.id, name: pickText(row.name, locale) }));
    },
    EVENT_TTL_MS,
  );
}
