import { asc, eq } from 'drizzle-orm';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { articleCategories } from '../../db/schema';
import { runtime } from '../../runtime';

export interface ArticleCategoryView {
  articleCategoryId: number;
  name: string;
  description: string;
}

/** Categories change rarely; a short time keeps a new one from waiting long. */
const TTL_MS = 60_000;

/**
 * Every visible article category in the society's order; with `hidden`, the hidden ones too (the
 * editors file articles under them).
 */
export async function listArticleCategories(
  locale: Locale,
  { hidden = false }: { hidden?: boolean } = {},
): Promise<ArticleCategoryView[]> {
  const rt = await runtime();
  return rt.cache.get(
    `article-categories:${locale}${hidden ? ':all' : ''}`,
    async () => {
      const rows = await rt.database.db
        .select()
        .from(articleCategories)
        .where(hidden ? undefined : eq(articleCategories.visible, true))
        .orderBy(asc(articleCategories.sort), asc(articleCategories.id));
      return rows.map((row) => ({
        articleCategoryId: row.id,
        name: pickText(row.name, locale),
        description: pickText(row.description, locale),
      }));
    },
    TTL_MS,
  );
}
