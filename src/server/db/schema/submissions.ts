import { boolean, integer, jsonb, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import type { I18nText } from '../../../lib/i18n-text';

/**
 * A call for papers ("post"): members submit papers to it. The submissions issue adds the papers;
 * the account statistics already list the calls (spec: postList of name, postId).
 */
export const posts = pgTable('posts', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<I18nText>().notNull(),
  description: jsonb('description').$type<I18nText>(),
  opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});
