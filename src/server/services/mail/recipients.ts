import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts } from '../../db/schema';

/** What a mail needs of the person it goes to: the address, the name in both scripts, the language. */
export interface Recipient {
  id: number;
  email: string;
  nameZh: string;
  nameEn: string;
  preferredLocale: string;
}

/** Accounts looked up per statement (one parameter each, far below PostgreSQL's 65,535). */
const BATCH = 500;

/** The people of `accountIds` as their mails address them, in the caller's transaction (a few hundred a statement). */
export async function recipientsOf(executor: Executor, accountIds: readonly number[]): Promise<Recipient[]> {
  const found: Recipient[] = [];
  for (let i = 0; i < accountIds.length; i += BATCH)
    found.push(
      ...(await executor
        .select({
          id: accounts.id,
          email: accounts.email,
          nameZh: accounts.nameZh,
          nameEn: accounts.nameEn,
          preferredLocale: accounts.preferredLocale,
        })
        .from(accounts)
        .where(inArray(accounts.id, accountIds.slice(i, i + BATCH)))),
    );
  return found;
}
