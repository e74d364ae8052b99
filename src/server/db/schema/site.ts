import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { IndexPartType } from '../../../lib/content-types';
import type { I18nText } from '../../../lib/i18n-text';
import { refId, updatedAt } from './columns';
import { files } from './files';

export interface FooterInfo {
  address: I18nText;
  phone: string;
  fax: string;
  email: string;
  officeHours: I18nText;
  copyright: I18nText;
  links: { label: I18nText; url: string }[];
}

/** The society's identity: one row (id = 1). */
export const webInfo = pgTable('web_info', {
  id: integer('id').primaryKey(),
  name: jsonb('name').$type<I18nText>().notNull(),
  /** A short form of the name for narrow screens and mail subjects (e.g. an acronym). */
  shortName: jsonb('short_name').$type<I18nText>().notNull().default({ 'zh-tw': '', 'en-us': '' }),
  seoContent: jsonb('seo_content').$type<I18nText>().notNull(),
  faviconFileId: integer('favicon_file_id').references(() => files.id),
  darkLogoFileId: integer('dark_logo_file_id').references(() => files.id),
  color: text('color').notNull().default('#2B72CC'),
  footerInfo: jsonb('footer_info').$type<FooterInfo>().notNull(),
  /** When a society file was first applied (`npm run society -- apply`); null: the portal is not set up yet. */
  setUpAt: timestamp('set_up_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** Languages the site offers, in display order. */
export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  langCode: text('lang_code').notNull(),
  countryCode: text('country_code').notNull(),
  label: text('label').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** Limits and texts the whole product reads: one row (id = 1). */
export const systemSettings = pgTable('system_settings', {
  id: integer('id').primaryKey(),
  postServiceUrl: text('post_service_url').notNull().default(''),
  amsRemittanceInfo: jsonb('ams_remittance_info').$type<I18nText>().notNull(),
  newebpayTradeLimit: integer('newebpay_trade_limit').notNull(),
  webEmailValidMinute: integer('web_email_valid_minute').notNull(),
  loginNotice: jsonb('login_notice').$type<I18nText>().notNull(),
  loginBlockMinute: integer('login_block_minute').notNull(),
  /**
   * Names the master key the encrypted fields were written with (`keyId`), recorded at the first
   * start: a process with another key refuses to start rather than write what no other can read.
   */
  masterKeyId: text('master_key_id'),
  /**
   * Set while the outbox is held: no mail leaves until it is released (`npm run mail -- release`
   * or the console). A restore sets it, so a restored copy does not mail members again.
   */
  mailHeldAt: timestamp('mail_held_at', { withTimezone: true }),
  /** Who or what held it (`restore of FILE`, `mail command (user)`, a staff member's address). */
  mailHeldBy: text('mail_held_by'),
  updatedAt: updatedAt(),
});

export { INDEX_PART_TYPES, type IndexPartType } from '../../../lib/content-types';

/** A block of the home page, in display order. */
export const indexParts = pgTable('index_parts', {
  id: serial('id').primaryKey(),
  type: text('type').$type<IndexPartType>().notNull(),
  title: jsonb('title').$type<I18nText>().notNull(),
  sort: integer('sort').notNull().default(0),
  visible: boolean('visible').notNull().default(true),
  /** How many news or events a ltsnews/event block lists. */
  itemLimit: integer('item_limit').notNull().default(6),
  /** The last change from the staff console (a form read before it is refused). */
  updatedAt: updatedAt(),
});

/** An entry of a carousel, card or link block. */
export const indexPartItems = pgTable('index_part_items', {
  id: serial('id').primaryKey(),
  indexPartId: refId('index_part_id', () => indexParts.id, { onDelete: 'cascade' }),
  title: jsonb('title').$type<I18nText>().notNull(),
  description: jsonb('description').$type<I18nText>(),
  imageFileId: integer('image_file_id').references(() => files.id),
  imageAlt: jsonb('image_alt').$type<I18nText>(),
  linkUrl: text('link_url'),
  openInNewTab: boolean('open_in_new_tab').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  updatedAt: updatedAt(),
});
