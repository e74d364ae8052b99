import { bigint, boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Uploaded and seeded files: metadata here, bytes behind the storage interface. A file a member
 * uploads (DESIGN.md §17) has an owner and a purpose and is private: it is served only to those
 * allowed to see what it belongs to, never through the public file address.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    width: integer('width'),
    height: integer('height'),
    /** Who uploaded it (an individual's account or an organisation, by `ownerType`); null for the society's own (public) files. */
    ownerId: integer('owner_id'),
    ownerType: text('owner_type').$type<'individual' | 'organ'>().notNull().default('individual'),
    /** What it was uploaded for (`applicationDocument`, …); null for public files. */
    purpose: text('purpose'),
    /** For an uploaded PDF whose metadata is removed (a paper's manuscript): whether it could be. */
    metadataStripped: boolean('metadata_stripped'),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId, t.purpose)],
);
