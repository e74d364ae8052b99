import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { I18nText } from '../../../lib/i18n-text';
import { createdAt, refId, updatedAt } from './columns';
import { accounts } from './accounts';

export const IMPORT_RUN_STATES = ['checking', 'checked', 'applying', 'applied', 'discarded', 'failed'] as const;
export type ImportRunState = (typeof IMPORT_RUN_STATES)[number];

/**
 * An import from the staff console (DESIGN.md §18, §19): the uploaded file (kept in the file
 * storage until it is applied or discarded: it holds national IDs), its dry run and then its
 * application, with how far each has read and what it reported. One runs at a time.
 */
export const importRuns = pgTable('import_runs', {
  id: serial('id').primaryKey(),
  /** `members` or `credits`. */
  kind: text('kind').$type<'members' | 'credits'>().notNull(),
  /** A credits import's certification kind (its code). */
  certificationCode: text('certification_code'),
  encoding: text('encoding').$type<'utf-8' | 'big5'>().notNull(),
  fileName: text('file_name').notNull(),
  /** The file storage's key of the upload; null once it is applied or discarded. */
  storageKey: text('storage_key'),
  state: text('state').$type<ImportRunState>().notNull(),
  /** Lines of the file (blank lines and the header aside), and how many the current pass has read. */
  totalLines: integer('total_lines').notNull().default(0),
  linesRead: integer('lines_read').notNull().default(0),
  /** The counts and notes of the last pass (`ImportReport` and the kind's own). */
  report: jsonb('report').$type<Record<string, unknown>>(),
  /** The refused lines of the last pass (the first 500), with their problems in both languages. */
  refusals: jsonb('refusals').$type<{ line: number; problems: { column: I18nText | null; text: I18nText }[] }[]>(),
  /** The rejects file of the last pass (CSV, the file's columns and the reason), under this storage key. */
  rejectsKey: text('rejects_key'),
  /** Why it stopped (both languages), when it failed. */
  error: jsonb('error').$type<I18nText>(),
  createdBy: refId('created_by', () => accounts.id),
  createdAt: createdAt(),
  /** Moved on at each batch: a pass that stopped moving long ago was cut short (the process ended). */
  updatedAt: updatedAt(),
});
