import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Counters behind the numbers people quote: member numbers per year, application, order and
 * receipt numbers. Taken with one upsert that increments and returns, so two processes never
 * hand out the same number, and a number is used once even when its transaction is rolled back
 * (a gap, never a duplicate).
 */
export const numberSequences = pgTable('number_sequences', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});
