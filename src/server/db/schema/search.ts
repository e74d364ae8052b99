import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { I18nText } from '../../../lib/i18n-text';

/**
 * PostgreSQL's own `tsvector`, written from the application's tokenizer (`lib/search/tokenize.ts`)
 * as its text form (`'term':1A,5 …`), never through a text search configuration: both engines
 * store and match it alike.
 */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** What site search finds (docs/decisions/042): items, and the downloads (`file`) named on them. */
export const SEARCH_KINDS = ['article', 'event', 'paper', 'page', 'file'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** The kinds that are items of their own (a download is indexed with the item naming it). */
export type SearchItemKind = Exclude<SearchKind, 'file'>;
/** The items whose downloads (`attachments`) are indexed. */
export type DownloadParentKind = 'article' | 'event' | 'page';

/**
 * One searchable item of the public site, or one download named on an article, event or page,
 * written in the same transaction as the item itself (`services/search/index-content.ts`). Whether
 * the public may see it is kept here, so a query filters "visible now" without reading the item's
 * own tables: published from `publishedAt` (null: a draft) until `unpublishAt`, and `listed` (its
 * category or journal is shown); a download has its item's.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<SearchKind>().notNull(),
    /** The item's id; a download's file id. */
    sourceId: integer('source_id').notNull(),
    /** A download (`file`): the article, event or page naming it (one document per item and file); else null. */
    parentKind: text('parent_kind').$type<DownloadParentKind>(),
    parentId: integer('parent_id'),
    /** The languages the item has its own text in ('zh-tw', 'en-us'). */
    locales: text('locales').array().notNull(),
    /** Title and body per language as plain text (markup gone, spaces collapsed): passages are cut from it. */
    title: jsonb('title').$type<I18nText>().notNull(),
    body: jsonb('body').$type<I18nText>().notNull(),
    /**
     * Every language's terms with their places, the title's weighted A and the body's D: the GIN
     * index finds the documents holding every term, the places a Han run's pairs in a row.
     */
    terms: tsvector('terms').notNull(),
    /**
     * The titles' terms alone (a few dozen): read for every match to choose the candidates ranked
     * in full (docs/decisions/042), small enough to stay in the row where `terms` is stored apart.
     */
    titleTerms: tsvector('title_terms').notNull().default(''),
    /** The date a reader sees: published (articles, pages), the start (events), the (papers). */
    date: timestamp('date', { withTimezone: true }),
    /** The year to filter by (Taipei): of `date`, or a paper's volume. */
    year: integer('year'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
    listed: boolean('listed').notNull(),
    /** The page's address without its language prefix; a download's file address. */
    path: text('path').notNull(),
  },
  (t) => [
    uniqueIndex('search_documents_source_idx')
      .on(t.kind, t.sourceId)
      .where(sql`${t.parentId} IS NULL`),
    uniqueIndex('search_documents_download_idx')
      .on(t.parentKind, t.parentId, t.sourceId)
      .where(sql`${t.parentId} IS NOT NULL`),
    index('search_documents_terms_idx').using('gin', t.terms),
  ],
);
