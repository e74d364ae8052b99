import { bigint, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Uploaded and seeded files: metadata here, bytes behind the storage interface. */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  storageKey: text('storage_key').notNull().unique(),
  width: integer('width'),
  height: integer('height'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
