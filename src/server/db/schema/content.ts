import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { I18nText } from '../../../lib/i18n-text';
import { files } from './files';

/** Article categories; the news category is the one the home page's ltsnews block lists. */
export const articleCategories = pgTable('article_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<I18nText>().notNull(),
  sort: integer('sort').notNull().default(0),
});

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => articleCategories.id),
    title: jsonb('title').$type<I18nText>().notNull(),
    summary: jsonb('summary').$type<I18nText>(),
    coverFileId: integer('cover_file_id').references(() => files.id),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('articles_category_published_idx').on(t.categoryId, t.publishedAt)],
);

export const eventCategories = pgTable('event_categories', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<I18nText>().notNull(),
  sort: integer('sort').notNull().default(0),
});

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => eventCategories.id),
    title: jsonb('title').$type<I18nText>().notNull(),
    summary: jsonb('summary').$type<I18nText>(),
    place: jsonb('place').$type<I18nText>(),
    coverFileId: integer('cover_file_id').references(() => files.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_starts_idx').on(t.startsAt)],
);
