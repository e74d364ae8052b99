import { integer, timestamp, type AnyPgColumn, type ReferenceConfig } from 'drizzle-orm/pg-core';

/** When a row was written: the database's now, with its time zone. */
export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

/** When a row last changed: new rows get the database's now, writers set it on every change. */
export function updatedAt() {
  return timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
}

/** A required reference to another table's row by its integer id (`onDelete` and the like in `actions`). */
export function refId<TName extends string>(
  name: TName,
  target: () => AnyPgColumn,
  actions?: ReferenceConfig['actions'],
) {
  return integer(name).notNull().references(target, actions);
}
