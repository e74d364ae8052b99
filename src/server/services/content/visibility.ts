import { and, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { articleCategories, articles, customPages, eventCategories, events, journalNumbers } from '../../db/schema';

/** Published: a publish time that has passed (null is a draft). */
export function publishedBy(column: PgColumn, now: Date): SQL {
  return and(isNotNull(column), lte(column, now))!;
}

/** An article's publish window is open at `now`: published and not yet withdrawn. */
export function articleWindowOpen(now: Date): SQL {
  return and(publishedBy(articles.publishedAt, now), or(isNull(articles.unpublishAt), gt(articles.unpublishAt, now)))!;
}

/** An article the public may read at `now`: its window is open and its category is not hidden. */
export function articleIsPublic(now: Date): SQL {
  return and(
    articleWindowOpen(now),
    sql`exists (select 1 from ${articleCategories} where ${articleCategories.id} = ${articles.categoryId} and ${articleCategories.visible})`,
  )!;
}

/** An event's publish time has passed at `now`. */
export function eventWindowOpen(now: Date): SQL {
  return publishedBy(events.publishedAt, now);
}

/** An event the public may see at `now`: published and its category not hidden. */
export function eventIsPublic(now: Date): SQL {
  return and(
    eventWindowOpen(now),
    sql`exists (select 1 from ${eventCategories} where ${eventCategories.id} = ${events.categoryId} and ${eventCategories.visible})`,
  )!;
}

export function journalNumberIsPublic(now: Date): SQL {
  return publishedBy(journalNumbers.publishedAt, now);
}

export function customPageIsPublic(now: Date): SQL {
  return publishedBy(customPages.publishedAt, now);
}

/**
 * A keyword matched case-insensitively in either language of bilingual `jsonb` columns. The
 * keyword is a bound parameter; `%`, `_` and `\` in it match themselves.
 */
export function matchesKeyword(keyword: string, ...columns: PgColumn[]): SQL {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ...columns.flatMap((column) => [
      sql`(${column} ->> 'zh-tw') ilike ${pattern}`,
      sql`(${column} ->> 'en-us') ilike ${pattern}`,
    ]),
  )!;
}
