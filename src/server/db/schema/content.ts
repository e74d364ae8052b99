import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Attachment, ButtonSize, ContentType, I18nContent, LinkButton, Spacing } from '../../../lib/content-types';
import type { I18nText } from '../../../lib/i18n-text';
import { createdAt, refId, updatedAt } from './columns';
import { files } from './files';

/**
 * The body columns an article and a custom page share: the content type, its JSON per language,
 * spacing, button size, link buttons and downloads. One function, so both tables stay alike.
 */
function bodyColumns() {
  return {
    contentType: text('content_type').$type<ContentType>().notNull().default('html'),
    content: jsonb('content').$type<I18nContent>().notNull().default({ 'zh-tw': {} }),
    spacing: text('spacing').$type<Spacing>().notNull().default('comfortable'),
    buttonSize: text('button_size').$type<ButtonSize>().notNull().default('medium'),
    links: jsonb('links').$type<LinkButton[]>().notNull().default([]),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
  };
}

/**
 * Article categories; the news list shows every visible category, `/article/…/{id}` one of them.
 * A hidden category, and its articles, are off the public site; the editors still see them.
 */
export const articleCategories = pgTable('article_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<I18nText>().notNull(),
  description: jsonb('description').$type<I18nText>(),
  sort: integer('sort').notNull().default(0),
  visible: boolean('visible').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * An article is public from `publishedAt` (null: a draft) until `unpublishAt` (null: for good).
 * Drafts are shown only through a signed preview link.
 */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    categoryId: refId('category_id', () => articleCategories.id),
    title: jsonb('title').$type<I18nText>().notNull(),
    summary: jsonb('summary').$type<I18nText>(),
    coverFileId: integer('cover_file_id').references(() => files.id),
    /** What the cover shows, per language, for readers who cannot see it (null: none given). */
    coverAlt: jsonb('cover_alt').$type<I18nText>(),
    pinned: boolean('pinned').notNull().default(false),
    ...bodyColumns(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('articles_category_published_idx').on(t.categoryId, t.publishedAt)],
);

/** Event categories; a hidden one, and its events, are off the public site (the editors still see them). */
export const eventCategories = pgTable('event_categories', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<I18nText>().notNull(),
  sort: integer('sort').notNull().default(0),
  visible: boolean('visible').notNull().default(true),
  updatedAt: updatedAt(),
});

/** A fee of an event, e.g. members NT$0, non-members NT$1,500. */
export interface EventFee {
  label: I18nText;
  /** New Taiwan dollars; 0 is free. */
  amount: number;
}

/** Education credits an event offers, e.g. 6 points of the society's credits. */
export interface EventCredit {
  label: I18nText;
  points: number;
}

/** An event is public once `publishedAt` has passed (null: a draft). */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    categoryId: refId('category_id', () => eventCategories.id),
    title: jsonb('title').$type<I18nText>().notNull(),
    summary: jsonb('summary').$type<I18nText>(),
    /** Rich text about the programme; sanitised before it is shown. */
    description: jsonb('description').$type<I18nText>(),
    place: jsonb('place').$type<I18nText>(),
    organiser: jsonb('organiser').$type<I18nText>(),
    coverFileId: integer('cover_file_id').references(() => files.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    fees: jsonb('fees').$type<EventFee[]>().notNull().default([]),
    credits: jsonb('credits').$type<EventCredit[]>().notNull().default([]),
    registrationUrl: text('registration_url'),
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('events_starts_idx').on(t.startsAt), index('events_category_idx').on(t.categoryId)],
);

/** A journal the society publishes (e.g. its journal and its newsletter). */
export const journalLists = pgTable('journal_lists', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<I18nText>().notNull(),
  description: jsonb('description').$type<I18nText>(),
  issn: text('issn'),
  coverFileId: integer('cover_file_id').references(() => files.id),
  sort: integer('sort').notNull().default(0),
  visible: boolean('visible').notNull().default(true),
  /** The last change from the staff console (a form read before it is refused). */
  updatedAt: updatedAt(),
});

/** A volume of a journal, usually one per year. */
export const journalVolumes = pgTable(
  'journal_volumes',
  {
    id: serial('id').primaryKey(),
    journalListId: refId('journal_list_id', () => journalLists.id, { onDelete: 'cascade' }),
    volume: integer('volume').notNull(),
    year: integer('year').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('journal_volumes_list_volume_idx').on(t.journalListId, t.volume)],
);

/** An issue ("number") of a volume; public once `publishedAt` has passed. */
export const journalNumbers = pgTable(
  'journal_numbers',
  {
    id: serial('id').primaryKey(),
    journalVolumeId: refId('journal_volume_id', () => journalVolumes.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: jsonb('title').$type<I18nText>(),
    coverFileId: integer('cover_file_id').references(() => files.id),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('journal_numbers_volume_number_idx').on(t.journalVolumeId, t.number)],
);

/** A paper of an issue, with its PDF; the editors add, change, order and remove them. */
export const journalPapers = pgTable(
  'journal_papers',
  {
    id: serial('id').primaryKey(),
    journalNumberId: refId('journal_number_id', () => journalNumbers.id, { onDelete: 'cascade' }),
    /** e.g. Original article, Case report, Review. */
    section: jsonb('section').$type<I18nText>(),
    title: jsonb('title').$type<I18nText>().notNull(),
    authors: jsonb('authors').$type<I18nText>().notNull(),
    abstract: jsonb('abstract').$type<I18nText>(),
    pages: text('pages'),
    doi: text('doi'),
    pdfFileId: integer('pdf_file_id').references(() => files.id),
    sort: integer('sort').notNull().default(0),
    /** The last change from the staff console (a form read before it is refused). */
    updatedAt: updatedAt(),
  },
  (t) => [index('journal_papers_number_idx').on(t.journalNumberId)],
);

/**
 * A page the society writes itself, served at `/{slug}` (slug segments joined by `/`, e.g.
 * `about/charter`). It shares the body columns of an article.
 */
export const customPages = pgTable('custom_pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: jsonb('title').$type<I18nText>().notNull(),
  summary: jsonb('summary').$type<I18nText>(),
  ...bodyColumns(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
