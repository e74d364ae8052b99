import { count, type SQL } from 'drizzle-orm';
import { pageCount, pageOffset } from '../../../lib/paging';
import type { Executor } from '../../db/client';
import { eventRegistrations } from '../../db/schema';

/**
 * The page of an event's registrations a desk list shows: how many match `where`, the pages they
 * fill at `pageSize`, the page asked for (kept to the last), and the rows to skip to reach it.
 */
export async function registrationPage(
  db: Executor,
  where: SQL | undefined,
  pageSize: number,
  requested: number | undefined,
) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(eventRegistrations).where(where);
  const totalPages = pageCount(total, pageSize);
  const page = Math.min(requested ?? 1, totalPages);
  return { total, totalPages, page, offset: pageOffset(page, pageSize) };
}
