import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { customPages } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { buildBody, type BodyView } from '../articles/build-body';
import { customPageIsPublic } from '../content/visibility';

export interface CustomPageView extends BodyView {
  slug: string;
  title: string;
  summary: string;
  updatedAt: string;
}

const TTL_MS = 30_000;

/** A published custom page by its slug (e.g. `about/board`); unknown or unpublished answers -6. */
export async function getCustomPage(slug: string, locale: Locale): Promise<CustomPageView> {
  const page = await findCustomPage(slug, locale);
  if (!page) throw new AppError(ErrorCode.NO_DATA);
  return page;
}

/**
 * A published custom page by its slug, or null. The set of published slugs is kept briefly, so
 * an address that is no page (every unknown path of the site ends here) costs no query and no
 * error.
 */
export async function findCustomPage(slug: string, locale: Locale): Promise<CustomPageView | null> {
  const rt = await runtime();
  const slugs = await rt.cache.get(
    'custom-page-slugs',
    async () => {
      const rows = await rt.database.db
        .select({ slug: customPages.slug })
        .from(customPages)
        .where(customPageIsPublic(new Date()));
      return new Set(rows.map((row) => row.slug));
    },
    TTL_MS,
  );
  if (!slugs.has(slug)) return null;
  return rt.cache.get(
    `custom-page:${slug}:${locale}`,
    async () => {
      const [page] = await rt.database.db
        .select()
        .from(customPages)
        .where(and(eq(customPages.slug, slug), customPageIsPublic(new Date())))
        .limit(1);
      if (!page) throw new AppError(ErrorCode.NO_DATA);
      return {
        slug: page.slug,
        title: pickText(page.title, locale),
        summary: pickText(page.summary, locale),
        updatedAt: page.updatedAt.toISOString(),
        ...(await buildBody(page, locale)),
      };
    },
    TTL_MS,
  );
}
